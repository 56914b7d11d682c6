import { z } from 'zod';
import { moneyInput } from './catalog-schema';
import { GIFT_CARD_MAX, GIFT_CARD_MIN, normaliseGiftCardCode } from './gift-card-code';
import { ZOrder } from './orders-schema';
import { integrationMessages } from './integrations-schema';
import { zInstant, zInstantInput } from './wire-formats';

/** Gift cards (docs/gift-cards.md). */

const ZCodeText = z
  .string({
    error: (issue) =>
      issue.input === undefined || issue.input === null ? 'Gift card code is required' : 'Gift card code is not valid',
  })
  .max(64, 'Gift card code is not valid')
  .transform(normaliseGiftCardCode)
  // One sentence for one field: blank (or only dashes and spaces) is missing, anything else not a code is not valid.
  .refine((code) => code.length > 0, { message: 'Gift card code is required', abort: true })
  .refine((code) => /^[A-Z0-9]+$/.test(code), 'Gift card code is not valid');

export const ZGiftCardCodeInput = z.object({ code: ZCodeText });

const ZRecipientEmail = z
  .string({ error: 'Please enter a valid email address' })
  .trim()
  .toLowerCase()
  .max(254, 'Please enter a valid email address')
  .pipe(z.email({ error: 'Please enter a valid email address' }));

const ZMessage = z
  .string({ error: 'The message must be text' })
  .trim()
  .max(500, 'The message must be at most 500 characters')
  .transform((message) => message || null);

const purchaseRange = 'A gift card is from 5.00 to 500.00';
const purchaseAmount = moneyInput('Amount', { outOfRange: purchaseRange }).refine(
  (amount) => Number(amount) >= Number(GIFT_CARD_MIN) && Number(amount) <= Number(GIFT_CARD_MAX),
  purchaseRange,
);

export const ZBuyGiftCardInput = z.object({
  amount: purchaseAmount,
  recipientEmail: ZRecipientEmail,
  message: ZMessage.nullable().optional(),
});
export type BuyGiftCardInput = z.infer<typeof ZBuyGiftCardInput>;

const issueRange = 'Amount must be more than 0 and at most 10000';
export const ZIssueGiftCardInput = z.object({
  amount: moneyInput('Amount', { outOfRange: issueRange }).refine(
    (amount) => Number(amount) > 0 && Number(amount) <= 10000,
    issueRange,
  ),
  recipientEmail: ZRecipientEmail.nullable().optional(),
  message: ZMessage.nullable().optional(),
  expiresAt: zInstantInput('Expiry must be a date and time')
    .refine((v) => Date.parse(v) > Date.now(), integrationMessages.expiryInPast)
    .transform((v) => new Date(v).toISOString())
    .nullable()
    .optional(),
});
export type IssueGiftCardInput = z.infer<typeof ZIssueGiftCardInput>;

export const ZGiftCardIdInput = z.object({ id: z.string().max(100) });

const giftCardEntryKinds = ['issued', 'spent', 'refunded', 'voided'] as const;
export type GiftCardEntryKind = (typeof giftCardEntryKinds)[number];

const ZGiftCardEntry = z.object({
  id: z.string(),
  kind: z.enum(giftCardEntryKinds),
  amount: z.string().describe('Signed: issued and refunded add to the balance, spent and voided take from it'),
  orderId: z.string().nullable(),
  createdAt: zInstant(),
});
z.globalRegistry.add(ZGiftCardEntry, { id: 'GiftCardEntry', description: "A line of a gift card's ledger" });

export const ZGiftCard = z.object({
  id: z.string(),
  code: z
    .string()
    .describe(
      '16 characters; shown in full only to the buyer, the recipient and staff, and masked to its last four in events',
    ),
  initialAmount: z.string(),
  balance: z.string(),
  currency: z.string(),
  recipientEmail: z.string().nullable(),
  message: z.string().nullable(),
  expiresAt: zInstant().nullable(),
  isActive: z.boolean(),
  purchaseOrderId: z.string().nullable(),
  createdAt: zInstant(),
});
z.globalRegistry.add(ZGiftCard, { id: 'GiftCard', description: 'A gift card, as staff see it' });
export type GiftCard = z.infer<typeof ZGiftCard>;

export const ZGiftCardDetail = ZGiftCard.extend({
  ledger: z.array(ZGiftCardEntry).describe('Oldest first; the amounts sum to the balance'),
});
z.globalRegistry.add(ZGiftCardDetail, { id: 'GiftCardDetail', description: 'A gift card with its ledger' });
export type GiftCardDetail = z.infer<typeof ZGiftCardDetail>;

export const ZGiftCardBalance = z.object({
  balance: z.string(),
  currency: z.string(),
  expiresAt: zInstant().nullable(),
});
z.globalRegistry.add(ZGiftCardBalance, { id: 'GiftCardBalance', description: "A gift card's balance" });
export type GiftCardBalance = z.infer<typeof ZGiftCardBalance>;

export const ZGiftCardPurchase = z.object({
  order: ZOrder,
  paymentUrl: z
    .string()
    .describe('When card payments are configured: the payment page to send the buyer to')
    .optional(),
});
z.globalRegistry.add(ZGiftCardPurchase, {
  id: 'GiftCardPurchase',
  description: 'The order buying a gift card; the card exists once it is paid',
});
export type GiftCardPurchase = z.infer<typeof ZGiftCardPurchase>;
