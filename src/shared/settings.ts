/** Business settings: plain constants and types, free of zod so the storefront bundle stays small. */
export const businessTypes = ['products', 'services', 'both'] as const;
export type BusinessType = (typeof businessTypes)[number];

export const DEFAULT_BUSINESS_NAME = 'Your Business';

export interface BusinessSettings {
  businessName: string;
  businessDescription: string;
  businessType: BusinessType;
  timezone: string;
}

/** Which parts of the storefront a business type shows. */
export const showsProducts = (type: BusinessType) => type !== 'services';
export const showsServices = (type: BusinessType) => type !== 'products';
