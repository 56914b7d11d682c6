import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client';
import { invitationMails, type InvitationAppointment } from '../appointments/invitations';
import { enqueueMail, enqueueMails } from './outbox';
import { enqueueRefundMail, orderConfirmation } from '../orders/order-mail';
import { createTestDatabase, queuedMail } from '../../testing/test-server';

/** Each mail is written in its recipient's language: their own choice, else the business default (English). */
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const appointment = (customerLocale: 'es' | null): InvitationAppointment => ({
  id: '6f1c1f4e-0000-4000-8000-000000000001',
  sequence: 0,
  startsAt: new Date('2026-05-01T12:00:00Z'),
  duration: 45,
  notes: 'Ventana, por favor',
  serviceName: 'Corte',
  customer: {
    firstName: 'Lucía',
    lastName: 'García',
    email: `lucia-${customerLocale}@example.com`,
    locale: customerLocale,
  },
  employee: { firstName: 'Maya', lastName: 'Stone', email: `maya-${customerLocale}@example.com` },
});
const ctx = {
  settings: { businessName: 'Salón Sol', timezone: 'Europe/Madrid', defaultLocale: 'en' as const },
  publicUrl: 'https://sol.example.com',
};

const business = { publicUrl: 'https://sol.example.com', currency: 'EUR', defaultLocale: 'en' as const };

/** An .ics text with its folded lines joined (RFC 5545 folds lines at 75 octets). */
const unfolded = (ics: string | undefined) => (ics ?? '').replace(/\r\n[ \t]/g, '');

describe('mails in the recipient’s language', () => {
  it('writes an appointment invitation in Spanish to a customer who chose Spanish, with a Spanish event', async () => {
    await database.db.transaction((tx) => enqueueMails(tx, invitationMails('booked', appointment('es'), ctx)));
    const [mail] = await queuedMail(database.db, 'lucia-es@example.com');
    expect(mail!.subject).toBe('Cita reservada: Corte el 1 de mayo de 2026 a las 14:00 (Europe/Madrid)');
    expect(mail!.text).toBe(
      [
        'Hola, Lucía:',
        '',
        'Tu cita se ha reservado correctamente.',
        '',
        'Corte con Maya Stone',
        'Cuándo: 1 de mayo de 2026 a las 14:00 (Europe/Madrid)',
        'Duración: 45 minutos',
        'Notas: Ventana, por favor',
        '',
        'Consulta tus citas: https://sol.example.com/profile',
        '',
        'Salón Sol',
      ].join('\n'),
    );
    expect(unfolded(mail!.icalEvent)).toContain('SUMMARY:Corte en Salón Sol');
    expect(unfolded(mail!.icalEvent)).toContain('DESCRIPTION:Corte con Maya Stone\\nNotas: Ventana\\, por favor');
  });

  it('writes to the employee of the same appointment in English, the business default', async () => {
    const [mail] = await queuedMail(database.db, 'maya-es@example.com');
    expect(mail!.subject).toBe('Appointment booked: Corte on 2026-05-01 at 14:00 (Europe/Madrid)');
    expect(mail!.text).toContain("Hello Maya,\n\nLucía García's appointment has been successfully scheduled.");
    expect(mail!.text).toContain('Duration: 45 minutes');
    expect(unfolded(mail!.icalEvent)).toContain('SUMMARY:Corte at Salón Sol');
  });

  it('writes in English to a customer who chose no language', async () => {
    await database.db.transaction((tx) => enqueueMails(tx, invitationMails('cancelled', appointment(null), ctx)));
    const [mail] = await queuedMail(database.db, 'lucia-null@example.com');
    expect(mail!.subject).toBe('Appointment cancelled: Corte on 2026-05-01 at 14:00 (Europe/Madrid)');
    expect(mail!.text).toContain('Hello Lucía,\n\nThis appointment has been cancelled.');
  });

  it('writes amounts as the language does: 12,50 € in Spanish', async () => {
    const to = { email: 'pedido@example.com', firstName: 'Lucía', locale: 'es' as const };
    const order = {
      id: '6f1c1f4e-0000-4000-8000-0000000000aa',
      subtotal: '25.00',
      discount: '0.00',
      discountCode: null,
      tax: '0.00',
      total: '25.00',
      giftCardAmount: '0.00',
      paymentStatus: 'unpaid' as const,
      paymentProvider: 'manual',
      items: [{ name: 'Champú', price: '12.50', quantity: 2 }],
    };
    await database.db.transaction((tx) => enqueueMail(tx, orderConfirmation(to, order, business)));
    const [mail] = await queuedMail(database.db, 'pedido@example.com');
    // Intl puts a no-break space between the amount and the sign.
    expect(mail!.text).toContain('  2 x Champú a 12,50\u00a0€\n');
    expect(mail!.text).toContain('Total: 25,00\u00a0€\n\nPagas al recoger tu pedido.');

    // A gift card that paid part of it: what it paid, then what is left to pay at pickup.
    const part = { ...order, id: '6f1c1f4e-0000-4000-8000-0000000000ab', giftCardAmount: '20.00' };
    // One that paid all of it: nothing is left to pay.
    const whole = {
      ...part,
      id: '6f1c1f4e-0000-4000-8000-0000000000ac',
      giftCardAmount: '25.00',
      paymentStatus: 'paid' as const,
    };
    const spanish = { email: 'tarjeta@example.com', firstName: 'Lucía', locale: 'es' as const };
    await database.db.transaction(async (tx) => {
      await enqueueMail(tx, orderConfirmation(spanish, part, business));
      await enqueueMail(tx, orderConfirmation(spanish, whole, business));
    });
    // Queued in one transaction, so told apart by their order numbers rather than their order.
    const mails = await queuedMail(database.db, 'tarjeta@example.com');
    const partMail = mails.find((m) => m.subject.includes('000000ab'));
    const wholeMail = mails.find((m) => m.subject.includes('000000ac'));
    expect(partMail!.text).toContain(
      'Total: 25,00\u00a0€\nTarjeta regalo: -20,00\u00a0€\nImporte pendiente: 5,00\u00a0€\n\nPagas al recoger tu pedido.\n',
    );
    expect(wholeMail!.text).toContain(
      'Total: 25,00\u00a0€\nTarjeta regalo: -25,00\u00a0€\n\nTu pedido está pagado: no queda nada por pagar.\n',
    );
  });

  it('says in Spanish what a refund gave back to the gift card, and the way back of the rest', async () => {
    const to = { email: 'reembolso@example.com', firstName: 'Lucía', locale: 'es' as const };
    // An order of 22.00, 11.00 of it paid by a gift card: 5.00 refunded first, then the other 17.00.
    const refund = {
      orderId: '6f1c1f4e-0000-4000-8000-0000000000ad',
      reason: null,
      total: '22.00',
      onNewGiftCard: false,
    };
    await database.db.transaction(async (tx) => {
      await enqueueRefundMail(
        tx,
        to,
        { ...refund, amount: '5.00', giftCardAmount: '5.00', refundedAmount: '5.00' },
        business,
      );
      await enqueueRefundMail(
        tx,
        to,
        { ...refund, amount: '17.00', giftCardAmount: '6.00', refundedAmount: '22.00' },
        business,
      );
    });
    const mails = await queuedMail(database.db, 'reembolso@example.com');
    const split = mails.find((m) => m.subject.startsWith('Reembolso de 17,00'));
    const card = mails.find((m) => m.subject.startsWith('Reembolso de 5,00'));
    expect(split!.text).toContain(
      [
        'Reembolsado hasta ahora: 22,00\u00a0€ de 22,00\u00a0€.',
        '',
        'Hemos devuelto 6,00\u00a0€ a tu tarjeta regalo: puedes volver a usarla enseguida.',
        'Los 11,00\u00a0€ restantes se te devuelven por el mismo medio con el que pagaste.',
        'Un reembolso a tarjeta suele llegar a tu cuenta en un plazo de 5 a 10 días hábiles; el dinero pagado en la tienda se devuelve allí.',
        'Tu pedido: https://sol.example.com/orders/6f1c1f4e-0000-4000-8000-0000000000ad',
      ].join('\n'),
    );
    expect(card!.text).toContain(
      [
        '',
        'Hemos devuelto 5,00\u00a0€ a tu tarjeta regalo: puedes volver a usarla enseguida.',
        'Tu pedido: https://sol.example.com/orders/6f1c1f4e-0000-4000-8000-0000000000ad',
      ].join('\n'),
    );
  });
});
