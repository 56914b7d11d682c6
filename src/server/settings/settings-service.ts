import { sql } from 'drizzle-orm';
import { selectStatement, type Database, type Tx } from '../../../db/client';
import { businessSettings, orders } from '../../../db/schema/index';
import { defaultSettings, type BusinessSettings } from '../../shared/settings';
import { settingsMessages, type UpdateBusinessSettingsInput } from '../../shared/settings-schema';
import { AppError } from '../app-error';
import { z } from 'zod';
import { enqueue } from '../jobs/enqueue';
import { SETTINGS_CHANNEL, SettingsCache } from './settings-cache';
import { recordAudit, type AuditActor } from '../audit/audit';
import { sentence } from '../../shared/i18n/sentence';

const columns = {
  businessName: businessSettings.businessName,
  businessDescription: businessSettings.businessDescription,
  businessType: businessSettings.businessType,
  timezone: businessSettings.timezone,
  bookingNoticeMinutes: businessSettings.bookingNoticeMinutes,
  bookingWindowDays: businessSettings.bookingWindowDays,
  cancellationNoticeHours: businessSettings.cancellationNoticeHours,
  reminderOffsetsMinutes: businessSettings.reminderOffsetsMinutes,
  currency: businessSettings.currency,
  defaultLocale: businessSettings.defaultLocale,
};

/**
 * The job that moves every future appointment's reminders after the offsets change; its handler is the appointments'
 * (`remindersResyncKind`, appointments/reminders.ts), which reads the settings from here.
 */
export const remindersResyncJobType = { kind: 'remindersResync', schema: z.object({}) } as const;

/** The business settings; defaults until an admin saves them for the first time. */
export async function getSettings(db: Tx): Promise<BusinessSettings> {
  const [row] = await settingsRow(db, {});
  return row ?? defaultSettings;
}

// Built once: every batch of follow-ups reads the settings in its transaction.
const settingsRow = selectStatement<Record<string, never>, BusinessSettings>((db) =>
  db.select(columns).from(businessSettings).limit(1),
);

/** This instance's copy of the settings (built once by buildApp and passed to the services that read it). */
export function createSettingsCache(database: Database): SettingsCache {
  return new SettingsCache(database, getSettings);
}

/**
 * Saves the settings; fields left out keep their current value. This instance's copy is dropped at once; every
 * other instance hears of it at commit (NOTIFY) and drops its own.
 */
export async function updateSettings(
  db: Tx,
  cache: SettingsCache,
  actor: AuditActor,
  input: UpdateBusinessSettingsInput,
): Promise<BusinessSettings> {
  const saved = await db.transaction(async (tx) => {
    const row = await writeSettings(tx, input);
    await recordAudit(tx, actor, {
      action: 'settings.updated',
      entity: 'settings',
      summary: sentence('Changed the business settings.', {}),
    });
    return row;
  });
  cache.invalidate();
  return saved;
}

async function writeSettings(db: Tx, input: UpdateBusinessSettingsInput): Promise<BusinessSettings> {
  if (input.currency !== undefined && input.currency !== (await getSettings(db)).currency) {
    // Orders keep their amounts, not their currency: changing it would relabel every order already placed.
    const [placed] = await db.select({ id: orders.id }).from(orders).limit(1);
    if (placed) throw new AppError('CONFLICT', settingsMessages.currencyFixed);
  }
  const values = {
    businessName: input.businessName,
    ...(input.businessDescription != null && { businessDescription: input.businessDescription }),
    ...(input.businessType !== undefined && { businessType: input.businessType }),
    ...(input.timezone !== undefined && { timezone: input.timezone }),
    ...(input.bookingNoticeMinutes !== undefined && { bookingNoticeMinutes: input.bookingNoticeMinutes }),
    ...(input.bookingWindowDays !== undefined && { bookingWindowDays: input.bookingWindowDays }),
    ...(input.cancellationNoticeHours !== undefined && { cancellationNoticeHours: input.cancellationNoticeHours }),
    ...(input.reminderOffsetsMinutes !== undefined && { reminderOffsetsMinutes: input.reminderOffsetsMinutes }),
    ...(input.currency !== undefined && { currency: input.currency }),
    ...(input.defaultLocale !== undefined && { defaultLocale: input.defaultLocale }),
  };
  const [row] = await db
    .insert(businessSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: businessSettings.id, set: { ...values, updatedAt: sql`now()` } })
    .returning(columns);
  // Delivered when the surrounding transaction commits (never for a rolled-back save).
  await db.execute(sql`select pg_notify(${SETTINGS_CHANNEL}, '')`);
  // Appointments not yet reminded follow new reminder times (one job, keyed so that quick saves make one run).
  if (input.reminderOffsetsMinutes !== undefined)
    await enqueue(db, remindersResyncJobType, {}, { uniqueKey: 'reminders-resync', onConflict: 'replace' });
  return row!;
}
