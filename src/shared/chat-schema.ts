import { z } from 'zod';
import { issueMessage } from './i18n/sentence';
import { ZRole } from './user';
import { zInstant } from './wire-formats';

/** Support chat limits: the widget, the inbox and the server share them. */
export const chatLimits = {
  messageMax: 2000,
  /** Messages one person may send per minute. */
  perMinute: 30,
} as const;

const ZChatMessageText = z
  .string({ error: 'Message is required' })
  .trim()
  .min(1, 'Message cannot be empty')
  .max(
    chatLimits.messageMax,
    issueMessage('Message must be at most {max} characters', { max: chatLimits.messageMax.toLocaleString('en-US') }),
  );

/**
 * A message as the original client sends it: receiverId is a staff member or a placeholder meaning "the
 * support team" when a customer writes, and the customer answered when staff write.
 */
export const ZSendChatMessageInput = z.object({
  receiverId: z.string({ error: 'receiverId is required' }).max(200).optional(),
  message: ZChatMessageText,
});
export type SendChatMessageInput = z.infer<typeof ZSendChatMessageInput>;

export const ZChatMessage = z.object({
  id: z.string(),
  senderId: z.string(),
  /** The staff member addressed, the customer answered, or null for "the support team". */
  receiverId: z.string().nullable(),
  message: z.string(),
  createdAt: zInstant(),
  /** The customer whose conversation this message belongs to. */
  customerId: z.string(),
  sender: z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), role: ZRole }),
});
z.globalRegistry.add(ZChatMessage, { id: 'ChatMessage' });
export type ChatMessage = z.infer<typeof ZChatMessage>;

export const ZConversation = z.object({
  customer: z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string() }),
  lastMessage: z.object({ message: z.string(), createdAt: zInstant(), senderId: z.string() }),
  unreadCount: z.number().int(),
});
z.globalRegistry.add(ZConversation, { id: 'Conversation' });
export type Conversation = z.infer<typeof ZConversation>;

/** Whose conversation to read: the other party's id (customers always get their own). */
export const ZChatWithInput = z.object({ with: z.string().max(200).optional() });
export const ZChatWithPathInput = z.object({ with: z.string().max(200) });

export const ZMarkChatReadInput = z.object({
  /** Staff: the customer whose conversation was read. Customers: ignored (their own). */
  customerId: z.string().max(200).optional(),
});

export const ZUnread = z.object({ count: z.number().int() });
z.globalRegistry.add(ZUnread, { id: 'UnreadCount' });

export const ZChatEventsInput = z
  .object({
    /** The id of the last event received; events after it are sent first (resume after a reconnect). */
    lastEventId: z.string().max(40).nullish(),
  })
  .optional();

export type ChatEvent =
  | { type: 'message'; message: ChatMessage }
  /** The receiver's unread count: sent when the stream opens and whenever their read markers move. */
  | { type: 'unread'; count: number };
