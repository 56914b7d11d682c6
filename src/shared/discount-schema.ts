import { z } from 'zod';
import { labelMessage } from './i18n/sentence';
import { moneyInput, wholeNumber, ZCartItem, ZFlag, ZId } from './catalog-schema';
import { discountKinds } from './orders';
import { isInstant, zDateInput } from './wire-formats';

/** Discount codes and the priced cart (docs/orders.md, "Discounts"). */

const CODE_RULE = 'A code is 3 to 32 letters, digits, - or _';

/** Codes are case-insensitive: what people type is trimmed and upper-cased. */
const ZDiscountCodeText = z
  .string({ error: 'Code is required' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{3,32}$/, CODE_RULE)
  .transform((code) => code.toUpperCase());

const optionalInstant = (label: string) =>
  z
    .string({ error: labelMessage('{label} must be a date and time', label) })
    .trim()
    .refine(isInstant, labelMessage('{label} must be a date and time', label))
    .meta({ format: 'date-time' })
    .transform((v) => new Date(v).toISOString())
    .nullable()
    .optional();

const limitInput = (label: string) =>
  wholeNumber({
    required: labelMessage('{label} is required', label),
    notNumber: labelMessage('{label} must be a number', label),
    notWhole: labelMessage('{label} must be a whole number', label),
    min: 1,
    minMessage: labelMessage('{label} must be at least 1', label),
    max: 1_000_000,
    maxMessage: labelMessage('{label} must be at most 1000000', label),
  });

const discountFields = z.object({
  code: ZDiscountCodeText,
  kind: z.enum(discountKinds, { error: 'Kind must be percent or fixed' }),
  value: moneyInput('Value'),
  minSubtotal: moneyInput('Minimum subtotal').nullable().optional(),
  startsAt: optionalInstant('Start'),
  endsAt: optionalInstant('End'),
  usageLimit: limitInput('Usage limit').nullable().optional(),
  perCustomerLimit: limitInput('Per-customer limit').optional(),
  isActive: ZFlag('isActive').optional(),
});

type DiscountFields = z.infer<typeof discountFields>;
type RuleFields = Partial<Pick<DiscountFields, 'kind' | 'value' | 'startsAt' | 'endsAt'>>;

/** The rules a code's settings break, each with its field: only between fields that are there. */
export function brokenRules(d: RuleFields): { path: 'value' | 'endsAt'; message: string }[] {
  const broken: { path: 'value' | 'endsAt'; message: string }[] = [];
  const value = Number(d.value);
  if (d.value !== undefined && d.kind === 'percent' && (value < 1 || value > 100))
    broken.push({ path: 'value', message: 'A percent discount is from 1 to 100' });
  if (d.value !== undefined && d.kind === 'fixed' && value <= 0)
    broken.push({ path: 'value', message: 'A fixed discount must be more than 0' });
  if (d.startsAt && d.endsAt && d.startsAt >= d.endsAt)
    broken.push({ path: 'endsAt', message: 'The end must be after the start' });
  return broken;
}

function checkRules(d: RuleFields, ctx: z.RefinementCtx) {
  for (const { path, message } of brokenRules(d)) ctx.addIssue({ code: 'custom', path: [path], message });
}

/** A new code; left-out optional fields mean no limit, and one use per customer. */
export const ZDiscountInput = discountFields.superRefine(checkRules);
export type DiscountInput = z.infer<typeof ZDiscountInput>;

/**
 * PUT changes the fields it names (null clears an optional one) and keeps the rest; its count of uses stays. The
 * rules between fields are checked here among those sent, and against the stored code once merged.
 */
export const ZDiscountUpdateInput = discountFields.partial().extend({ id: ZId }).superRefine(checkRules);
export type DiscountUpdateInput = z.infer<typeof ZDiscountUpdateInput>;

/** An empty box of the dialog means "none". */
const blankAsNull = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), schema.nullable());

/**
 * The admin dialog's fields, with the same rules and messages as the request: dates are whole days in the
 * business time zone (from the start of the first to the end of the last), turned into instants on sending.
 */
export const ZDiscountForm = z
  .object({
    code: ZDiscountCodeText,
    kind: z.enum(discountKinds, { error: 'Kind must be percent or fixed' }),
    value: moneyInput('Value'),
    minSubtotal: blankAsNull(moneyInput('Minimum subtotal')),
    startDate: blankAsNull(zDateInput('Start must be a date')),
    endDate: blankAsNull(zDateInput('End must be a date')),
    usageLimit: blankAsNull(limitInput('Usage limit')),
    perCustomerLimit: limitInput('Per-customer limit'),
    isActive: z.boolean(),
  })
  // The end day is included: a code may start and end on the same day.
  .superRefine((d, ctx) =>
    checkRules({ kind: d.kind, value: d.value, startsAt: d.startDate, endsAt: d.endDate && `${d.endDate}T24:00` }, ctx),
  );
export type DiscountForm = z.input<typeof ZDiscountForm>;

export const ZDiscountIdInput = z.object({ id: ZId });

export const ZDiscount = z.object({
  id: z.string(),
  code: z.string(),
  kind: z.enum(discountKinds),
  value: z.string(),
  minSubtotal: z.string().nullable(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  usageLimit: z.number().int().nullable(),
  perCustomerLimit: z.number().int(),
  isActive: z.boolean(),
  timesUsed: z.number().int(),
  createdAt: z.string(),
});
z.globalRegistry.add(ZDiscount, { id: 'Discount', description: 'A discount code' });
export type Discount = z.infer<typeof ZDiscount>;

export const ZApplyDiscountInput = z.object({ code: ZDiscountCodeText });
export type ApplyDiscountInput = z.infer<typeof ZApplyDiscountInput>;

/** The cart as it would be charged now: the lines, and the totals with the applied code's discount. */
export const ZPricedCart = z.object({
  items: z.array(ZCartItem),
  subtotal: z.string(),
  discount: z
    .object({
      code: z.string(),
      amount: z.string(),
      problem: z
        .string()
        .nullable()
        .describe(
          "Why the code does not apply to the cart as it is now (the checkout refuses it), in the request's language; null when it does",
        ),
    })
    .nullable(),
  shipping: z.string(),
  tax: z.string(),
  total: z.string(),
  giftCard: z
    .object({
      code: z.string(),
      amount: z.string().describe('What the card pays of the total at checkout'),
      problem: z
        .string()
        .nullable()
        .describe("Why the card pays nothing (void, expired, no balance left), in the request's language; else null"),
    })
    .nullable(),
  amountDue: z.string().describe('What is left to pay after the gift card: total - giftCard.amount'),
});
z.globalRegistry.add(ZPricedCart, { id: 'CartSummary', description: "The caller's cart, priced" });
export type PricedCart = z.infer<typeof ZPricedCart>;
