import { and, asc, desc, eq, gt, inArray, max, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../../db/client';
import { chatMessages, chatReadMarkers, users } from '../../../db/schema/index';
import type { ChatMessage, Conversation, SendChatMessageInput } from '../../shared/chat-schema';
import { can, isStaffRole, type Permission } from '../../shared/roles';
import type { Actor, SessionUser } from '../auth/sessions';
import { isUuid } from '../../shared/ids';
import { isErased } from '../customers/erased';
import { AppError } from '../app-error';

/** NOTIFY channel of the support chat. Payloads carry ids only: `m` (new messages) or `r:<readerId>`. */
export const CHAT_CHANNEL = 'chat_events';
// Serialises message writers for the length of their transaction, so seq order is commit order (see
// db/schema/chat.ts). A message insert is a few hundred microseconds, far below what people type.
const CHAT_WRITE_LOCK = 727_271_012;
/** A conversation read returns at most its latest this many messages. */
const CONVERSATION_PAGE = 500;

export type ChatActor = Pick<SessionUser, 'id' | 'role' | 'permissions' | 'firstName' | 'lastName'>;

/** A message with its position in commit order (the live event id). */
export interface SequencedMessage {
  seq: number;
  message: ChatMessage;
}

/** Staff who may read every customer's conversation. */
const readsAllConversations = (actor: Pick<SessionUser, 'role' | 'permissions'>) => can(actor, 'chat.view');

/** Whether a message belongs to what this person may see. */
export function canSee(actor: Actor, message: Pick<ChatMessage, 'customerId'>): boolean {
  if (!isStaffRole(actor.role)) return message.customerId === actor.id;
  return readsAllConversations(actor);
}

const messageColumns = {
  seq: chatMessages.seq,
  id: chatMessages.id,
  senderId: chatMessages.senderId,
  receiverId: chatMessages.receiverId,
  message: chatMessages.message,
  createdAt: chatMessages.createdAt,
  customerId: chatMessages.customerId,
  sender: { id: users.id, firstName: users.firstName, lastName: users.lastName, role: users.role },
};

type MessageRow = { seq: number; createdAt: Date } & Omit<ChatMessage, 'createdAt'>;

function toSequenced({ seq, createdAt, ...rest }: MessageRow): SequencedMessage {
  return { seq: Number(seq), message: { ...rest, createdAt: createdAt.toISOString() } };
}

function selectMessages(db: Tx) {
  return db.select(messageColumns).from(chatMessages).innerJoin(users, eq(users.id, chatMessages.senderId));
}

/** A customer, by id; an erased one is nobody to write to or read about (docs/customers.md). */
async function findCustomer(db: Tx, id: string | undefined) {
  if (!id || !isUuid(id)) return undefined;
  const [row] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'customer')));
  return row && !isErased(row) ? row : undefined;
}

async function isStaffUser(db: Tx, id: string | undefined) {
  if (!id || !isUuid(id)) return false;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), inArray(users.role, ['employee', 'admin'])));
  return !!row;
}

/**
 * The conversation a staff member names: it must be a customer's, and they must hold chat.view. Unknown ids
 * answer 404 first, so nobody learns more from a 403 than that the customer exists.
 */
async function staffConversation(
  db: Tx,
  actor: ChatActor,
  customerId: string | undefined,
  permission: Permission,
  refusal: string,
) {
  const customer = await findCustomer(db, customerId);
  if (!customer) throw new AppError('NOT_FOUND', 'Conversation not found');
  if (!can(actor, permission)) throw new AppError('FORBIDDEN', refusal);
  return customer.id;
}

/**
 * Sends one message. A customer always writes in their own conversation: a receiverId that is not a staff
 * member (the original client sends a fixed placeholder) means "the support team". Staff answer the customer
 * named by receiverId (chat.respond). The message, the sender's read marker and the NOTIFY that wakes every
 * app instance commit together.
 */
export async function sendMessage(db: Tx, actor: ChatActor, input: SendChatMessageInput): Promise<ChatMessage> {
  let customerId: string;
  let receiverId: string | null;
  if (isStaffRole(actor.role)) {
    if (!can(actor, 'chat.respond'))
      throw new AppError('FORBIDDEN', "You don't have permission to answer customer messages.");
    const customer = await findCustomer(db, input.receiverId);
    if (!customer) {
      throw new AppError('NOT_FOUND', 'Staff answer customers from the Messages inbox: receiverId must be a customer.');
    }
    customerId = customer.id;
    receiverId = customer.id;
  } else {
    customerId = actor.id;
    receiverId = (await isStaffUser(db, input.receiverId)) ? input.receiverId! : null;
  }

  // One statement, so one round trip holds the lock: the lock, the message, the sender's read marker and the
  // notification commit together (a CTE that is not referenced would not run, hence the final select).
  const [row] = await queryRows<{
    seq: number | string;
    id: string;
    created_at: Date | string;
    notified: number | string;
  }>(
    db,
    sql`
    with locked as (select pg_advisory_xact_lock(${CHAT_WRITE_LOCK})),
    inserted as (
      insert into ${chatMessages} (customer_id, sender_id, receiver_id, message)
      select ${customerId}::uuid, ${actor.id}::uuid, ${receiverId}::uuid, ${input.message} from locked
      returning seq, id, created_at
    ),
    marked as (
      insert into ${chatReadMarkers} (customer_id, reader_id, last_read_seq)
      select ${customerId}::uuid, ${actor.id}::uuid, seq from inserted
      on conflict (customer_id, reader_id) do update
        set last_read_seq = greatest(${chatReadMarkers}.last_read_seq, excluded.last_read_seq), updated_at = now()
    ),
    notified as (select pg_notify(${CHAT_CHANNEL}, 'm') from inserted)
    select seq, id, created_at, (select count(*) from notified) as notified from inserted`,
  );
  if (!row) throw new Error('The message was not saved');
  return {
    id: row.id,
    senderId: actor.id,
    receiverId,
    message: input.message,
    createdAt: new Date(row.created_at).toISOString(),
    customerId,
    sender: { id: actor.id, firstName: actor.firstName, lastName: actor.lastName, role: actor.role },
  };
}

async function advanceMarker(tx: Tx, customerId: string, readerId: string, seq: number) {
  await tx
    .insert(chatReadMarkers)
    .values({ customerId, readerId, lastReadSeq: seq })
    .onConflictDoUpdate({
      target: [chatReadMarkers.customerId, chatReadMarkers.readerId],
      set: {
        lastReadSeq: sql`greatest(${chatReadMarkers.lastReadSeq}, excluded.last_read_seq)`,
        updatedAt: sql`now()`,
      },
    });
}

/**
 * One conversation, oldest message first. A customer gets their own whatever they name (the original client
 * names the placeholder), except another customer: 404. Staff name the customer (chat.view); naming nobody
 * gives them an empty list, since staff have no conversation of their own.
 */
export async function listMessages(db: Tx, actor: ChatActor, withId: string | undefined): Promise<ChatMessage[]> {
  let customerId: string;
  if (isStaffRole(actor.role)) {
    if (!withId) return [];
    customerId = await staffConversation(
      db,
      actor,
      withId,
      'chat.view',
      "You don't have permission to read customer messages.",
    );
  } else {
    if (withId && withId !== actor.id && (await findCustomer(db, withId)))
      throw new AppError('NOT_FOUND', 'Conversation not found');
    customerId = actor.id;
  }
  const rows = await selectMessages(db)
    .where(eq(chatMessages.customerId, customerId))
    .orderBy(desc(chatMessages.seq))
    .limit(CONVERSATION_PAGE);
  return rows.reverse().map((r) => toSequenced(r as MessageRow).message);
}

/** Every customer conversation, the most recently active first, with what this staff member has not read. */
export async function listConversations(db: Tx, actor: ChatActor): Promise<Conversation[]> {
  const rows = await queryRows<{
    id: string;
    first_name: string;
    last_name: string;
    email: string;
    message: string;
    created_at: Date | string;
    sender_id: string;
    unread: number | string;
  }>(
    db,
    sql`
    with latest as (
      select distinct on (customer_id) customer_id, message, created_at, sender_id, seq
        from ${chatMessages} order by customer_id, seq desc
    )
    select c.id, c.first_name, c.last_name, c.email, l.message, l.created_at, l.sender_id,
           (select count(*) from ${chatMessages} u
             where u.customer_id = c.id and u.sender_id = c.id and u.seq > coalesce(r.last_read_seq, 0)) as unread
      from latest l
      join ${users} c on c.id = l.customer_id
      left join ${chatReadMarkers} r on r.customer_id = c.id and r.reader_id = ${actor.id}
     order by l.seq desc`,
  );
  return rows.map((r) => ({
    customer: { id: r.id, firstName: r.first_name, lastName: r.last_name, email: r.email },
    lastMessage: { message: r.message, createdAt: new Date(r.created_at).toISOString(), senderId: r.sender_id },
    unreadCount: Number(r.unread),
  }));
}

/**
 * Messages this person has not read: a customer, the staff answers in their conversation; staff who read
 * conversations, the customers' messages in all of them.
 */
export async function unreadCount(db: Tx, actor: Actor): Promise<number> {
  let rows: { n: number | string }[];
  if (!isStaffRole(actor.role)) {
    rows = await queryRows(
      db,
      sql`select count(*) as n from ${chatMessages} m
           left join ${chatReadMarkers} r on r.customer_id = m.customer_id and r.reader_id = ${actor.id}
          where m.customer_id = ${actor.id} and m.sender_id <> ${actor.id} and m.seq > coalesce(r.last_read_seq, 0)`,
    );
  } else if (readsAllConversations(actor)) {
    rows = await queryRows(
      db,
      sql`select count(*) as n from ${chatMessages} m
           left join ${chatReadMarkers} r on r.customer_id = m.customer_id and r.reader_id = ${actor.id}
          where m.sender_id = m.customer_id and m.seq > coalesce(r.last_read_seq, 0)`,
    );
  } else return 0;
  return Number(rows[0]?.n ?? 0);
}

/**
 * Marks a conversation read up to its latest message for the caller: customers their own, staff the one
 * they name. The caller's other open windows hear of it (their unread counts change).
 */
export async function markRead(db: Tx, actor: ChatActor, customerId: string | undefined): Promise<number> {
  const conversation = isStaffRole(actor.role)
    ? await staffConversation(
        db,
        actor,
        customerId,
        'chat.view',
        "You don't have permission to read customer messages.",
      )
    : actor.id;
  await db.transaction(async (tx) => {
    const [latest] = await tx
      .select({ seq: max(chatMessages.seq) })
      .from(chatMessages)
      .where(eq(chatMessages.customerId, conversation));
    if (latest?.seq == null) return;
    await advanceMarker(tx, conversation, actor.id, Number(latest.seq));
    await tx.execute(sql`select pg_notify(${CHAT_CHANNEL}, ${`r:${actor.id}`})`);
  });
  return unreadCount(db, actor);
}

/** Every message after seq, in commit order (the live fan-out reads them once per app instance). */
export async function messagesAfter(db: Tx, seq: number, limit: number): Promise<SequencedMessage[]> {
  const rows = await selectMessages(db).where(gt(chatMessages.seq, seq)).orderBy(asc(chatMessages.seq)).limit(limit);
  return rows.map((r) => toSequenced(r as MessageRow));
}

/** The messages after seq that this person may see: what a resumed live stream missed. */
export async function visibleMessagesAfter(
  db: Tx,
  actor: Actor,
  seq: number,
  limit: number,
): Promise<SequencedMessage[]> {
  if (isStaffRole(actor.role) && !readsAllConversations(actor)) return [];
  const where = isStaffRole(actor.role)
    ? gt(chatMessages.seq, seq)
    : and(gt(chatMessages.seq, seq), eq(chatMessages.customerId, actor.id));
  const rows = await selectMessages(db).where(where).orderBy(asc(chatMessages.seq)).limit(limit);
  return rows.map((r) => toSequenced(r as MessageRow));
}

/** The newest message's seq (0 when there is none): where a fresh live stream starts. */
export async function latestSeq(db: Tx): Promise<number> {
  const [row] = await db.select({ seq: max(chatMessages.seq) }).from(chatMessages);
  return Number(row?.seq ?? 0);
}
