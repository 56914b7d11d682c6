import { z } from 'zod';
import { catalogLimits as limits, questionKinds } from './catalog';
import { issueMessage, labelMessage } from './i18n/sentence';
import { zInstant } from './wire-formats';

/**
 * Catalogue and cart schemas: the server validates with them and the admin dialogs show the same
 * messages (docs/catalogue.md). Inputs accept numbers or numeric strings, as docs/api-conventions.md says for money.
 */

const numberOrString = (required: string, notNumber: string) =>
  z.union([z.number(), z.string()], {
    error: (issue) => (issue.input === undefined || issue.input === null ? required : notNumber),
  });

/**
 * A non-negative amount of money with at most two decimals, normalised to "12.50"; messages name the field.
 * `positive`: 0 is refused too, and a negative amount is told the same ("more than 0", not "0 or more").
 * `outOfRange`: the sentence for an amount below 0 or above the most money can be, when the field has a narrower
 * range of its own (checked after this), so that every amount outside it is told that range.
 */
export const moneyInput = (
  label: string,
  { positive = false, outOfRange }: { positive?: boolean; outOfRange?: string } = {},
) =>
  numberOrString(labelMessage('{label} is required', label), labelMessage('{label} must be a number', label)).transform(
    (value, ctx) => {
      const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : 'NaN') : value.trim();
      const fail = (message: string) => {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      };
      if (text === '') return fail(labelMessage('{label} is required', label));
      const tooLarge = outOfRange ?? labelMessage('{label} must be at most 99999999.99', label);
      if (typeof value === 'number' && Math.abs(value) > limits.priceMax) return fail(tooLarge);
      if (!/^-?\d+(\.\d+)?$/.test(text) && !/^-?\.\d+$/.test(text))
        return fail(labelMessage('{label} must be a number', label));
      const tooSmall =
        outOfRange ?? labelMessage(positive ? '{label} must be more than 0' : '{label} must be 0 or more', label);
      if (text.startsWith('-') && Number(text) !== 0) return fail(tooSmall);
      const decimals = text.split('.')[1] ?? '';
      if (decimals.replace(/0+$/, '').length > 2)
        return fail(labelMessage('{label} can have at most 2 decimal places', label));
      const amount = Number(text);
      if (amount > limits.priceMax) return fail(tooLarge);
      if (positive && amount === 0) return fail(tooSmall);
      return Math.abs(amount).toFixed(2);
    },
  );

const ZPriceInput = moneyInput('Price');

export const wholeNumber = (opts: {
  required: string;
  notNumber: string;
  notWhole: string;
  min: number;
  minMessage: string;
  max: number;
  maxMessage: string;
}) =>
  numberOrString(opts.required, opts.notNumber).transform((value, ctx) => {
    const text = typeof value === 'number' ? String(value) : value.trim();
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    if (text === '') return fail(opts.required);
    if (!/^-?\d+(\.0+)?$/.test(text)) return fail(/^-?\d*\.?\d+$/.test(text) ? opts.notWhole : opts.notNumber);
    const n = Number(text);
    if (n < opts.min) return fail(opts.minMessage);
    if (n > opts.max) return fail(opts.maxMessage);
    return n;
  });

export const ZInventoryInput = wholeNumber({
  required: 'Inventory is required',
  notNumber: 'Inventory must be a number',
  notWhole: 'Inventory must be a whole number',
  min: 0,
  minMessage: 'Inventory must be 0 or more',
  max: limits.inventoryMax,
  maxMessage: issueMessage('Inventory must be at most {max}', { max: String(limits.inventoryMax) }),
});

export const ZDurationInput = wholeNumber({
  required: 'Duration is required',
  notNumber: 'Duration must be a number',
  notWhole: 'Duration must be a whole number',
  min: limits.durationMin,
  minMessage: issueMessage('Duration must be at least {min} minutes', { min: String(limits.durationMin) }),
  max: limits.durationMax,
  maxMessage: issueMessage('Duration must be at most {max} minutes', { max: String(limits.durationMax) }),
}).refine(
  (n) => n % limits.durationStep === 0,
  issueMessage('Duration must be a multiple of {step} minutes', { step: String(limits.durationStep) }),
);

const bufferInput = (label: string) =>
  wholeNumber({
    required: labelMessage('{label} is required', label),
    notNumber: labelMessage('{label} must be a number', label),
    notWhole: labelMessage('{label} must be a whole number', label),
    min: 0,
    minMessage: labelMessage('{label} must be 0 or more', label),
    max: limits.bufferMax,
    maxMessage: labelMessage('{label} must be at most {max} minutes', label, { max: String(limits.bufferMax) }),
  }).refine(
    (n) => n % limits.bufferStep === 0,
    labelMessage('{label} must be a multiple of {step} minutes', label, { step: String(limits.bufferStep) }),
  );
/** A deposit: none, a fixed amount (more than 0; at most the price, checked where the price is known) or the price. */
const ZDepositInput = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('none') }),
    z.object({
      type: z.literal('fixed'),
      amount: moneyInput('Deposit amount', { positive: true }),
    }),
    z.object({ type: z.literal('full') }),
  ],
  { error: 'Deposit type must be none, fixed or full' },
);

const ZBufferBeforeInput = bufferInput('Buffer before');
const ZBufferAfterInput = bufferInput('Buffer after');

const ZCapacityInput = wholeNumber({
  required: labelMessage('{label} is required', 'Capacity'),
  notNumber: labelMessage('{label} must be a number', 'Capacity'),
  notWhole: labelMessage('{label} must be a whole number', 'Capacity'),
  min: 1,
  minMessage: labelMessage('{label} must be at least 1', 'Capacity'),
  max: limits.capacityMax,
  maxMessage: issueMessage('Capacity must be at most {max}', { max: String(limits.capacityMax) }),
});

export const ZQuantityInput = wholeNumber({
  required: 'Quantity is required',
  notNumber: 'Quantity must be a number',
  notWhole: 'Quantity must be a whole number',
  min: 1,
  minMessage: 'Quantity must be at least 1',
  max: limits.cartQuantityMax,
  maxMessage: issueMessage('Quantity must be at most {max}', { max: String(limits.cartQuantityMax) }),
});

export const ZNameInput = z
  .string({
    error: (issue) => (issue.input === undefined || issue.input === null ? 'Name is required' : 'Name must be text'),
  })
  .trim()
  .min(1, 'Name is required')
  .max(limits.nameMax, issueMessage('Name must be at most {max} characters', { max: String(limits.nameMax) }));

/** Optional text, trimmed; null or left out is stored as "". */
const optionalText = (label: string, max: number) =>
  z
    .string({ error: labelMessage('{label} must be text', label) })
    .trim()
    .max(max, labelMessage('{label} must be at most {max} characters', label, { max: String(max) }))
    .nullish()
    .transform((v) => v ?? '');

const ZDescriptionInput = optionalText('Description', limits.descriptionMax);

const ZCategoryInput = optionalText('Category', limits.categoryMax);

/** Absolute http(s) URL, or empty/null for "no picture". */
const ZImageUrlInput = z
  .string({ error: 'Image URL must be a valid URL' })
  .trim()
  .max(
    limits.imageUrlMax,
    issueMessage('Image URL must be at most {max} characters', { max: String(limits.imageUrlMax) }),
  )
  .refine((v) => v === '' || isHttpUrl(v), 'Image URL must be a valid URL')
  .nullish()
  .transform((v) => (v ? v : null));

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

// A pipe, not a bare boolean: the REST layer coerces top-level booleans for query strings, where
// Boolean("false") is true; a JSON body must say true or false.
export const ZFlag = (name: string) =>
  z.boolean({ error: issueMessage('{name} must be true or false', { name }) }).transform((v) => v);

/** Path and body identifiers: any string; a malformed one simply names nothing (404), see the services. */
const idOf = (name: string) =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? issueMessage('{name} is required', { name })
          : issueMessage('{name} must be a string', { name }),
    })
    .max(100, issueMessage('{name} is not a valid id', { name }));
export const ZId = idOf('id');

const commonFields = {
  description: ZDescriptionInput.optional(),
  category: ZCategoryInput.optional(),
  imageUrl: ZImageUrlInput.optional(),
  isFeatured: ZFlag('isFeatured').optional(),
  isActive: ZFlag('isActive').optional(),
};

// Each input puts its kind's own field (inventory, duration) between these and commonFields, the order
// the OpenAPI document has always listed them in.
const createFields = { name: ZNameInput, price: ZPriceInput };
/** PUT: fields left out keep their value. */
const updateFields = { id: ZId, name: ZNameInput.optional(), price: ZPriceInput.optional() };

export const ZCreateProductInput = z.object({
  ...createFields,
  inventory: ZInventoryInput.optional(),
  ...commonFields,
});
export type CreateProductInput = z.infer<typeof ZCreateProductInput>;

export const ZUpdateProductInput = z.object({
  ...updateFields,
  inventory: ZInventoryInput.optional(),
  ...commonFields,
});
export type UpdateProductInput = z.infer<typeof ZUpdateProductInput>;

/** Who may perform a service; replaces the links in the same transaction. Empty means every employee. */
const ZEmployeeIds = z
  .array(idOf('employeeIds[]'), { error: 'employeeIds must be a list of user ids' })
  .max(200, 'At most 200 employees can be linked to a service')
  .optional();

const ZOptionText = z
  .string({ error: 'An option must be text' })
  .trim()
  .max(limits.questionLabelMax, 'An option must be at most 200 characters');
const ZOptionsInput = z
  .array(ZOptionText.min(1, 'An option cannot be empty'))
  .max(limits.questionOptionsMax, 'A question can have at most 20 options');

/** A question's words in another language; all optional: a word left out is said in English. */
const ZQuestionWordsInput = z.object({
  label: z
    .string({ error: 'A question needs a label' })
    .trim()
    .max(limits.questionLabelMax, "A question's label must be at most 200 characters")
    .optional(),
  options: z.array(ZOptionText).max(limits.questionOptionsMax, 'A question can have at most 20 options').optional(),
});

/**
 * Intake questions (docs/customers.md): a question without an id gets a new one; a choice needs its options. Its
 * `label` and `options` are the English words; `translations.es` the Spanish ones, a choice's options one for one.
 */
const ZQuestionInput = z
  .object({
    id: z.string().trim().max(100, 'A question id must be at most 100 characters').optional(),
    label: z
      .string({ error: 'A question needs a label' })
      .trim()
      .min(1, 'A question needs a label')
      .max(limits.questionLabelMax, "A question's label must be at most 200 characters"),
    kind: z.enum(questionKinds, { error: "A question's kind must be one of: text, choice, checkbox" }),
    options: ZOptionsInput.optional(),
    required: ZFlag('required').optional(),
    translations: z.object({ es: ZQuestionWordsInput.optional() }).optional(),
  })
  .refine((q) => q.kind !== 'choice' || (q.options?.length ?? 0) >= 2, {
    message: 'A choice question needs at least 2 options',
    path: ['options'],
  })
  .refine(
    (q) => {
      const translated = q.translations?.es?.options?.filter(Boolean).length ?? 0;
      return q.kind !== 'choice' || translated === 0 || q.translations!.es!.options!.length === q.options?.length;
    },
    { message: 'A translation gives as many options as the question has, in the same order', path: ['translations'] },
  );
const ZQuestionsInput = z
  .array(ZQuestionInput, { error: 'questions must be a list' })
  .max(limits.questionsMax, 'A service can have at most 10 questions');
export type QuestionsInput = z.infer<typeof ZQuestionsInput>;
/** The ids a service is offered at and needs; each a list of ids (empty locationIds: every location). */
const ZIdList = (field: string) =>
  z
    .array(z.string().max(100), { error: issueMessage('{field} must be a list of ids', { field }) })
    .max(100, issueMessage('{field} has too many ids', { field }));

export const ZCreateServiceInput = z.object({
  ...createFields,
  duration: ZDurationInput,
  bufferBeforeMinutes: ZBufferBeforeInput.optional(),
  bufferAfterMinutes: ZBufferAfterInput.optional(),
  capacity: ZCapacityInput.optional(),
  deposit: ZDepositInput.optional(),
  questions: ZQuestionsInput.optional(),
  ...commonFields,
  employeeIds: ZEmployeeIds,
  /** Where it is offered (empty: every location) and the resources it needs (one unit of each); replace the links. */
  locationIds: ZIdList('locationIds').optional(),
  resourceIds: ZIdList('resourceIds').optional(),
});
export type CreateServiceInput = z.infer<typeof ZCreateServiceInput>;

export const ZUpdateServiceInput = z.object({
  ...updateFields,
  duration: ZDurationInput.optional(),
  bufferBeforeMinutes: ZBufferBeforeInput.optional(),
  bufferAfterMinutes: ZBufferAfterInput.optional(),
  capacity: ZCapacityInput.optional(),
  deposit: ZDepositInput.optional(),
  questions: ZQuestionsInput.optional(),
  ...commonFields,
  employeeIds: ZEmployeeIds,
  /** Where it is offered (empty: every location) and the resources it needs (one unit of each); replace the links. */
  locationIds: ZIdList('locationIds').optional(),
  resourceIds: ZIdList('resourceIds').optional(),
});
export type UpdateServiceInput = z.infer<typeof ZUpdateServiceInput>;

export const ZIdInput = z.object({ id: ZId });

// Split around the one field that differs, so both keep the key order the OpenAPI document and the
// responses have always had (inventory and duration come before the flags).
const itemFields = {
  id: z.string(),
  name: z.string(),
  description: z.string(),
  category: z.string(),
  price: z.string(),
  imageUrl: z.string().nullable(),
};
const itemFlags = { isFeatured: z.boolean(), isActive: z.boolean(), updatedAt: zInstant() };

export const ZProduct = z.object({ ...itemFields, inventory: z.number().int(), ...itemFlags });
z.globalRegistry.add(ZProduct, { id: 'Product', description: 'A product of the shop' });

export const ZService = z.object({
  ...itemFields,
  duration: z.number().int(),
  bufferBeforeMinutes: z.number().int(),
  bufferAfterMinutes: z.number().int(),
  capacity: z.number().int(),
  /** Where it is offered, in location order (every location unless it names some). */
  locationIds: z.array(z.string()),
  /** The resources a booking of it holds one unit of each of (those at the booking's location). */
  resourceIds: z.array(z.string()),
  deposit: z.discriminatedUnion('type', [
    z.object({ type: z.literal('none') }),
    z.object({ type: z.literal('fixed'), amount: z.string() }),
    z.object({ type: z.literal('full') }),
  ]),
  questions: z.array(
    z
      .object({
        id: z.string(),
        label: z.string(),
        kind: z.enum(questionKinds),
        options: z.array(z.string()).optional(),
        required: z.boolean(),
        translations: z
          .object({ es: z.object({ label: z.string(), options: z.array(z.string()).optional() }).optional() })
          .optional()
          .describe("The question in Spanish (label, and a choice's options in the same order); English when absent"),
      })
      .meta({ id: 'ServiceQuestion', description: 'An intake question asked when the service is booked' }),
  ),
  ...itemFlags,
});
z.globalRegistry.add(ZService, { id: 'Service', description: 'A bookable service' });

export const ZDeleted = z.object({ success: z.literal(true), id: z.string() });
z.globalRegistry.add(ZDeleted, { id: 'Deleted', description: 'The answer to a deletion: the id of what was deleted' });

const ZPersonSummary = z.object({ id: z.string(), firstName: z.string(), lastName: z.string() });
/** A staff member as the resources that name one (an appointment, a service's provider) show them. */
export const ZEmployee = ZPersonSummary.meta({
  id: 'Employee',
  description: 'A staff member, as a resource names them',
});

export const ZServiceProvider = z.object({
  serviceId: z.string(),
  employeeId: z.string(),
  employee: ZEmployee,
});
z.globalRegistry.add(ZServiceProvider, {
  id: 'ServiceProvider',
  description: 'An employee linked to a service they perform',
});
export type ServiceProvider = z.infer<typeof ZServiceProvider>;

/** A user who may be linked as a provider: active, role employee or admin. */
export const ZProviderCandidate = ZPersonSummary.extend({ email: z.string(), role: z.string() });
z.globalRegistry.add(ZProviderCandidate, {
  id: 'ProviderCandidate',
  description: 'Someone who may be linked to a service: an active employee or admin',
});
export type ProviderCandidate = z.infer<typeof ZProviderCandidate>;

export const ZServiceProviderInput = z.object({ serviceId: idOf('serviceId'), employeeId: idOf('employeeId') });
export const ZServiceIdInput = z.object({ serviceId: idOf('serviceId') });
export const ZServiceProviderKey = z.object({ employeeId: idOf('employeeId'), serviceId: idOf('serviceId') });

export const ZCartItem = z.object({
  id: z.string(),
  productId: z.string(),
  quantity: z.number().int(),
  price: z.string(),
  product: z.object({
    id: z.string(),
    name: z.string(),
    imageUrl: z.string().nullable(),
    price: z.string(),
    inventory: z.number().int(),
  }),
});
z.globalRegistry.add(ZCartItem, { id: 'CartItem', description: "A line of the caller's cart" });
export type CartItem = z.infer<typeof ZCartItem>;

export const ZAddToCartInput = z.object({
  productId: idOf('productId'),
  quantity: ZQuantityInput.optional(),
});
export type AddToCartInput = z.infer<typeof ZAddToCartInput>;

// The admin dialogs' forms: the create inputs as the dialog's fields hold them (text), where the dialog is more
// forgiving than the API: an inventory that is not a number becomes 0, a duration that is not one the default.
const isNumeric = (value: unknown) =>
  typeof value === 'number' || (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim()));
export const ZProductForm = ZCreateProductInput.extend({
  inventory: z.preprocess((v) => (isNumeric(v) ? v : 0), ZInventoryInput),
});
/** A choice's options as the dialog holds them, one comma-separated text. */
const optionList = (options: unknown) =>
  typeof options === 'string'
    ? options
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean)
    : options;
export const ZServiceForm = ZCreateServiceInput.extend({
  duration: z.preprocess((v) => (isNumeric(v) ? v : limits.durationDefault), ZDurationInput),
  // An empty buffer field means no buffer.
  bufferBeforeMinutes: z.preprocess((v) => (v === '' || v == null ? 0 : v), ZBufferBeforeInput),
  bufferAfterMinutes: z.preprocess((v) => (v === '' || v == null ? 0 : v), ZBufferAfterInput),
  // An empty capacity field means an ordinary service (one customer at a time).
  capacity: z.preprocess((v) => (v === '' || v == null ? 1 : v), ZCapacityInput),
  // The dialog keeps the amount field's text whatever the type; only a fixed deposit reads it.
  deposit: z.preprocess((v) => v ?? { type: 'none' }, ZDepositInput),
  // The dialog holds a choice's options as one comma-separated text; other kinds keep none.
  questions: z.preprocess(
    (v) =>
      Array.isArray(v)
        ? v.map((q: { kind?: string; options?: unknown; translations?: { es?: { options?: unknown } } }) => ({
            ...q,
            options: q.kind === 'choice' ? optionList(q.options) : undefined,
            translations: q.translations && {
              es: q.translations.es && {
                ...q.translations.es,
                options: q.kind === 'choice' ? optionList(q.translations.es.options) : undefined,
              },
            },
          }))
        : v,
    ZQuestionsInput.optional(),
  ),
});
