import { z } from 'zod';
import { issueMessage, labelMessage } from './i18n/sentence';
import { isTimeZone } from './settings-schema';
import { wholeNumber } from './catalog-schema';

/** Locations and resources (docs/locations.md): what the API answers and accepts. */

const RESOURCE_QUANTITY_MAX = 50;

export const ZLocation = z
  .object({
    id: z.string(),
    name: z.string(),
    address: z.string(),
    /** IANA name: the location's slots and times are in it. */
    timeZone: z.string(),
    isActive: z.boolean(),
  })
  .meta({ id: 'Location', description: 'A place where services are given, with its own time zone' });
export type Location = z.infer<typeof ZLocation>;

/** A location as an appointment names it. */
export const ZAppointmentLocation = z
  .object({ id: z.string(), name: z.string(), address: z.string() })
  .meta({ id: 'AppointmentLocation', description: 'Where an appointment takes place' });
export type AppointmentLocation = z.infer<typeof ZAppointmentLocation>;

const ZName = (label: string) =>
  z
    .string({ error: labelMessage('{label} is required', label) })
    .trim()
    .min(1, labelMessage('{label} is required', label))
    .max(120, labelMessage('{label} must be at most {max} characters', label, { max: '120' }));

const ZAddress = z
  .string({ error: labelMessage('{label} must be text', 'Address') })
  .trim()
  .max(500, labelMessage('{label} must be at most {max} characters', 'Address', { max: '500' }));
const ZTimeZone = z
  .string({ error: 'Time zone must be an IANA time zone name such as Europe/London' })
  .trim()
  .refine(isTimeZone, 'Time zone must be an IANA time zone name such as Europe/London');

export const ZCreateLocationInput = z.object({
  name: ZName('Location name'),
  address: ZAddress.optional(),
  timeZone: ZTimeZone.optional(),
  isActive: z.boolean({ error: 'isActive must be true or false' }).optional(),
});
export type CreateLocationInput = z.infer<typeof ZCreateLocationInput>;

export const ZUpdateLocationInput = ZCreateLocationInput.partial().extend({ id: z.string().max(100) });
export type UpdateLocationInput = z.infer<typeof ZUpdateLocationInput>;

export const ZResource = z
  .object({ id: z.string(), name: z.string(), locationId: z.string(), quantity: z.number().int() })
  .meta({ id: 'Resource', description: 'Units of something a booking needs (a room, a chair) at one location' });
export type Resource = z.infer<typeof ZResource>;

const QUANTITY_MESSAGE = issueMessage('Quantity must be a whole number from 1 to {max}', {
  max: String(RESOURCE_QUANTITY_MAX),
});
/** A number or numeric text (the form's field), 1-50. */
const ZQuantity = wholeNumber({
  required: QUANTITY_MESSAGE,
  notNumber: QUANTITY_MESSAGE,
  notWhole: QUANTITY_MESSAGE,
  min: 1,
  minMessage: QUANTITY_MESSAGE,
  max: RESOURCE_QUANTITY_MAX,
  maxMessage: QUANTITY_MESSAGE,
});

export const ZCreateResourceInput = z.object({
  name: ZName('Resource name'),
  locationId: z.string({ error: 'Please choose a location.' }).trim().min(1, 'Please choose a location.').max(100),
  quantity: ZQuantity.optional(),
});
export type CreateResourceInput = z.infer<typeof ZCreateResourceInput>;

export const ZUpdateResourceInput = ZCreateResourceInput.partial().extend({ id: z.string().max(100) });
export type UpdateResourceInput = z.infer<typeof ZUpdateResourceInput>;

export const ZLocationIdInput = z.object({ id: z.string().max(100) });

export const LOCATION_IN_USE_MESSAGE = 'This location has upcoming appointments, so it cannot be deleted.';
export const LAST_LOCATION_MESSAGE = 'The only location cannot be deleted.';
export const LOCATION_NOT_FOUND = 'Location not found';
export const RESOURCE_NOT_FOUND = 'Resource not found';
