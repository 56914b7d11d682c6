/**
 * Gift cards' codes and the shop's amounts (docs/gift-cards.md), without zod: the shop's gift card section shows
 * them as it first renders, and loads the validation it submits with only when a form is used.
 */

/** A code's 32 characters: no 0/O, 1/I/L, so a code read aloud or copied by hand is typed right. */
export const GIFT_CARD_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const GIFT_CARD_CODE_LENGTH = 16;

/** What people type, with spaces and dashes taken out and upper-cased; any other text is simply no card's. */
export const normaliseGiftCardCode = (text: string) => text.replace(/[\s-]/g, '').toUpperCase();

/** A code as people read it: four groups of four. */
export const formatGiftCardCode = (code: string) => code.replace(/(.{4})(?=.)/g, '$1-');

/**
 * A code as announcements carry it (webhooks, GET /api/events): its last four characters, the rest starred. The
 * code spends the card, and those who read announcements are not those who may (docs/gift-cards.md).
 */
export const maskGiftCardCode = (code: string) => '*'.repeat(Math.max(0, code.length - 4)) + code.slice(-4);

/** What a card bought in the shop can hold (CONTRACT: 5.00 to 500.00). */
export const GIFT_CARD_MIN = '5.00';
export const GIFT_CARD_MAX = '500.00';
