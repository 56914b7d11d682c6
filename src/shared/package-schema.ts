import { z } from 'zod';
import { moneyInput, wholeNumber, ZFlag, ZId, ZNameInput } from './catalog-schema';
import { ZCheckoutResult } from './orders-schema';

/** Packages: packs of sessions sold ahead, and the credits customers hold (docs/packages.md). */

// The messages below name these limits in words, as the Spanish catalogue keys them.
const PACKAGE_SESSIONS_MIN = 2;
const PACKAGE_SESSIONS_MAX = 50;
const PACKAGE_VALID_DAYS_MAX = 3650;

const ZSessionsInput = wholeNumber({
  required: 'Sessions is required',
  notNumber: 'Sessions must be a number',
  notWhole: 'Sessions must be a whole number',
  min: PACKAGE_SESSIONS_MIN,
  minMessage: 'Sessions must be between 2 and 50',
  max: PACKAGE_SESSIONS_MAX,
  maxMessage: 'Sessions must be between 2 and 50',
});

const ZValidDaysInput = wholeNumber({
  required: 'Days valid is required',
  notNumber: 'Days valid must be a number',
  notWhole: 'Days valid must be a whole number',
  min: 1,
  minMessage: 'Days valid must be between 1 and 3650',
  max: PACKAGE_VALID_DAYS_MAX,
  maxMessage: 'Days valid must be between 1 and 3650',
});

const ZServiceIdsInput = z
  .array(z.string({ error: 'A service id must be a string' }).max(100, 'A service id is not valid'), {
    error: 'Services must be a list of service ids',
  })
  .min(1, 'Choose at least one service')
  .max(50, 'A package can cover at most 50 services')
  .transform((ids) => [...new Set(ids)]);

const packageFields = {
  name: ZNameInput,
  serviceIds: ZServiceIdsInput,
  sessions: ZSessionsInput,
  price: moneyInput('Price'),
  validDays: ZValidDaysInput,
  isActive: ZFlag('isActive').optional(),
};

export const ZPackageInput = z.object(packageFields);
export type PackageInput = z.infer<typeof ZPackageInput>;

/** PUT changes the fields it names and keeps the rest; credits already bought keep what they were sold with. */
export const ZPackageUpdateInput = z.object(packageFields).partial().extend({ id: ZId });
export type PackageUpdateInput = z.infer<typeof ZPackageUpdateInput>;

export const ZPackageIdInput = z.object({ id: ZId });

export const ZPackage = z
  .object({
    id: z.string(),
    name: z.string(),
    serviceIds: z.array(z.string()),
    sessions: z.number().int(),
    price: z.string().describe('In the business currency'),
    validDays: z.number().int().describe('Days a bought pack can be used, from its payment'),
    isActive: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'Package', description: 'A pack of sessions of some services, sold ahead' });
export type Package = z.infer<typeof ZPackage>;

export const ZPackagePurchase = z
  .object({
    order: ZCheckoutResult,
    paymentUrl: z.string().describe('With card payments configured: the payment page to send the buyer to').optional(),
  })
  .meta({ id: 'PackagePurchase', description: 'The order that buys a pack; the credit exists once it is paid' });
export type PackagePurchase = z.infer<typeof ZPackagePurchase>;

export const ZPackageCredit = z
  .object({
    id: z.string(),
    packageId: z.string().nullable().describe('Null when the pack was deleted since; the credit stays'),
    name: z.string(),
    serviceIds: z.array(z.string()),
    sessions: z.number().int(),
    remaining: z.number().int(),
    expiresAt: z.string(),
    orderId: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'PackageCredit', description: "A customer's paid pack: the sessions left and until when" });
export type PackageCredit = z.infer<typeof ZPackageCredit>;

/** Whether a credit can pay for a booking of a service now. */
export function creditCovers(
  credit: Pick<PackageCredit, 'serviceIds' | 'remaining' | 'expiresAt'>,
  serviceId: string,
  now: Date,
) {
  return credit.remaining > 0 && new Date(credit.expiresAt) > now && credit.serviceIds.includes(serviceId);
}
