import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { giftCardLedger, giftCards } from '../../../db/schema/index';
import { useTestServer } from '../../testing/test-server';
import { newGiftCardCode } from './gift-card-service';

// PostgreSQL only: two transactions at once, one begun before the other but writing after it (as a void that waits
// for the card's lock while a refund holds it). A card's lines must read in the order they were written.
const server = useTestServer();

describe("a gift card's ledger", () => {
  it('orders its lines as they were written, not as their transactions began', async () => {
    const [card] = await server.db
      .insert(giftCards)
      .values({ code: newGiftCardCode(), initialAmount: '50.00', balance: '50.00', currency: 'USD' })
      .returning({ id: giftCards.id });
    let release!: () => void;
    const later = new Promise<void>((resolve) => (release = resolve));
    let begun!: () => void;
    const started = new Promise<void>((resolve) => (begun = resolve));
    const first = server.db.transaction(async (tx) => {
      await tx.select({ id: giftCards.id }).from(giftCards).where(eq(giftCards.id, card!.id));
      begun();
      await later;
      await tx.insert(giftCardLedger).values({ giftCardId: card!.id, kind: 'voided', amount: '-60.00' });
    });
    await started;
    await server.db.insert(giftCardLedger).values({ giftCardId: card!.id, kind: 'refunded', amount: '10.00' });
    release();
    await first;
    const lines = await server.db
      .select({ kind: giftCardLedger.kind })
      .from(giftCardLedger)
      .where(eq(giftCardLedger.giftCardId, card!.id))
      .orderBy(asc(giftCardLedger.createdAt), asc(giftCardLedger.id));
    expect(lines.map((l) => l.kind)).toEqual(['refunded', 'voided']);
  });
});
