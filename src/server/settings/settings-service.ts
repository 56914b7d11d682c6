import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { businessSettings } from '../../../db/schema/index';
import { DEFAULT_BUSINESS_NAME, type BusinessSettings } from '../../shared/settings';
import type { UpdateBusinessSettingsInput } from '../../shared/settings-schema';

const columns = {
  businessName: businessSettings.businessName,
  businessDescription: businessSettings.businessDescription,
  businessType: businessSettings.businessType,
  timezone: businessSettings.timezone,
};

export const defaultSettings: BusinessSettings = {
  businessName: DEFAULT_BUSINESS_NAME,
  businessDescription: '',
  businessType: 'both',
  timezone: 'UTC',
};

/** The business settings; defaults until an admin saves them for the first time. */
export async function getSettings(db: Tx): Promise<BusinessSettings> {
  const [row] = await db.select(columns).from(businessSettings).limit(1);
  return row ?? defaultSettings;
}

/** Saves the settings; fields left out keep their current value. */
export async function updateSettings(db: Tx, input: UpdateBusinessSettingsInput): Promise<BusinessSettings> {
  const values = {
    businessName: input.businessName,
    ...(input.businessDescription != null && { businessDescription: input.businessDescription }),
    ...(input.businessType !== undefined && { businessType: input.businessType }),
    ...(input.timezone !== undefined && { timezone: input.timezone }),
  };
  const [row] = await db
    .insert(businessSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: businessSettings.id, set: { ...values, updatedAt: sql`now()` } })
    .returning(columns);
  return row!;
}
