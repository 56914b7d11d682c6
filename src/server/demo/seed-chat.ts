import { inArray } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import * as s from '../../../db/schema/index';

type Speaker = 'customer' | 'admin@example.com' | 'maya@example.com' | 'liam@example.com' | 'sofia@example.com';

interface DemoConversation {
  customer: string;
  messages: [Speaker, string, minutesAgo: number][];
  /** Staff have read the customer's messages up to this many minutes ago (undefined: everything). */
  staffReadUntil?: number;
}

// A support inbox as a morning finds it: two conversations waiting for an answer, three settled.
const conversations: DemoConversation[] = [
  {
    customer: 'sam.taylor@example.com',
    messages: [['customer', 'Hi! Is the Argan Hair Mask coming back in stock soon? It says out of stock.', 6]],
    staffReadUntil: 60,
  },
  {
    customer: 'alex.morgan@example.com',
    messages: [
      ['customer', 'Hi! Do you have any openings for a facial this Saturday?', 180],
      ['admin@example.com', 'Hello Alex! Sofia has 10:00 and 13:00 free on Saturday.', 150],
      ['customer', "Great, I'll book 10:00. Can I pay with the gift card I got for my birthday?", 24],
      ['customer', "It's the $50 one, if that matters.", 23],
    ],
    staffReadUntil: 150,
  },
  {
    customer: 'priya.shah@example.com',
    messages: [
      ['customer', 'Which face mask would you recommend for sensitive skin?', 26 * 60],
      [
        'maya@example.com',
        'The Rose Clay Face Mask is our gentlest one. It has no fragrance and suits sensitive skin well.',
        25 * 60,
      ],
      ['customer', 'Perfect, thank you! I added it to my cart.', 24 * 60 + 50],
      ['maya@example.com', 'Enjoy it, Priya! Let us know how your skin likes it.', 24 * 60 + 45],
    ],
  },
  {
    customer: 'emma.brown@example.com',
    messages: [
      ['customer', 'What is your cancellation policy for massages?', 2 * 24 * 60],
      [
        'liam@example.com',
        'You can cancel or move an appointment for free up to 24 hours before it starts.',
        2 * 24 * 60 - 20,
      ],
      ['customer', 'Good to know, thanks Liam.', 2 * 24 * 60 - 30],
    ],
  },
  {
    customer: 'noah.williams@example.com',
    messages: [
      ['customer', 'I think I left my scarf in the massage room on Tuesday. A grey wool one.', 4 * 24 * 60],
      ['sofia@example.com', 'We found it! It is at the front desk whenever you are passing by.', 4 * 24 * 60 - 45],
    ],
  },
];

/** Demo support conversations, with what staff and customers have read, for the widget and the Messages inbox. */
export async function seedChatDemo(tx: Tx, now: Date) {
  const emails = [
    ...new Set(
      conversations.flatMap((c) => [c.customer, ...c.messages.map(([who]) => who).filter((w) => w !== 'customer')]),
    ),
  ];
  const people = await tx
    .select({ id: s.users.id, email: s.users.email, role: s.users.role })
    .from(s.users)
    .where(inArray(s.users.email, emails));
  const idOf = new Map(people.map((p) => [p.email, p.id]));
  const staffReaders = await tx
    .select({ id: s.users.id })
    .from(s.users)
    .where(inArray(s.users.role, ['admin', 'employee']));
  const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * 60_000);

  // Oldest first, so the commit order the live updates rely on matches the times shown.
  const rows = conversations
    .flatMap((c) =>
      c.messages.map(([who, message, minutesAgo]) => {
        const customerId = idOf.get(c.customer)!;
        const senderId = who === 'customer' ? customerId : idOf.get(who)!;
        return {
          customerId,
          senderId,
          receiverId: who === 'customer' ? null : customerId,
          message,
          createdAt: at(minutesAgo),
        };
      }),
    )
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const inserted = await tx
    .insert(s.chatMessages)
    .values(rows)
    .returning({ seq: s.chatMessages.seq, customerId: s.chatMessages.customerId, createdAt: s.chatMessages.createdAt });

  const markers: (typeof s.chatReadMarkers.$inferInsert)[] = [];
  for (const c of conversations) {
    const customerId = idOf.get(c.customer)!;
    const mine = inserted.filter((m) => m.customerId === customerId);
    const latest = Math.max(...mine.map((m) => m.seq));
    // Customers have read every answer.
    markers.push({ customerId, readerId: customerId, lastReadSeq: latest });
    const until = c.staffReadUntil === undefined ? undefined : at(c.staffReadUntil).getTime();
    const staffSeq = Math.max(
      0,
      ...mine.filter((m) => until === undefined || m.createdAt.getTime() <= until).map((m) => m.seq),
    );
    if (staffSeq > 0)
      for (const reader of staffReaders) markers.push({ customerId, readerId: reader.id, lastReadSeq: staffSeq });
  }
  await tx.insert(s.chatReadMarkers).values(markers);
}
