import { tracked } from '@trpc/server';
import { z } from 'zod';
import { limits } from '../server/auth/rate-limit';
import { rateLimited } from '../server/http/rate-limit-middleware';
import { findSession, SESSION_COOKIE } from '../server/auth/sessions';
import { chatEvents } from '../server/chat/chat-stream';
import { listConversations, listMessages, markRead, sendMessage, unreadCount } from '../server/chat/chat-service';
import { AppError } from '../server/app-error';
import { permissionProcedure, personProcedure, rest, router } from '../server/api/trpc';
import {
  ZChatEventsInput,
  ZChatMessage,
  ZChatWithInput,
  ZChatWithPathInput,
  ZConversation,
  ZMarkChatReadInput,
  ZSendChatMessageInput,
  ZUnread,
} from '../shared/chat-schema';

const tags = ['chat'];

// Order matters: the REST adapter registers /chat/messages before /chat/messages/{with}.
export const chatRouter = router({
  messages: personProcedure()
    .meta(
      rest({
        method: 'GET',
        path: '/chat/messages',
        tags,
        errors: { 403: 'Staff without the chat.view permission', 404: 'No such conversation' },
        summary:
          "A support conversation: a customer's own (whatever `with` names), or for staff with chat.view the customer named by `with`",
      }),
    )
    .input(ZChatWithInput)
    .output(z.array(ZChatMessage))
    .query(({ ctx, input }) => listMessages(ctx.db, ctx.user, input.with)),

  messagesWith: personProcedure()
    .meta(
      rest({
        method: 'GET',
        path: '/chat/messages/{with}',
        tags,
        errors: { 403: 'Staff without the chat.view permission', 404: 'No such conversation' },
        summary:
          'The same conversation, the other party in the path (as clients that build the path from their query key send it)',
      }),
    )
    .input(ZChatWithPathInput)
    .output(z.array(ZChatMessage))
    .query(({ ctx, input }) => listMessages(ctx.db, ctx.user, input.with)),

  send: personProcedure()
    .meta(
      rest({
        method: 'POST',
        path: '/chat/messages',
        tags,
        summary:
          'Send a message: customers to the support team (any receiverId that is not a staff member), staff with chat.respond to the customer named by receiverId; 30 a minute per person',
        errors: {
          403: 'Staff without the chat.respond permission, or a cross-site request',
          404: 'No such customer',
          429: 'Too many messages',
        },
      }),
    )
    .input(ZSendChatMessageInput)
    // After validation, so only well-formed messages count towards the limit.
    .use(rateLimited({ rule: limits.chatPerUser, by: 'user' }))
    .output(ZChatMessage)
    .mutation(({ ctx, input }) => sendMessage(ctx.db, ctx.user, input)),

  conversations: permissionProcedure('chat.view')
    .meta(
      rest({
        method: 'GET',
        path: '/chat/conversations',
        tags,
        summary: 'Every customer conversation, latest first, with its last message and what the caller has not read',
      }),
    )
    .input(z.void())
    .output(z.array(ZConversation))
    .query(({ ctx }) => listConversations(ctx.db, ctx.user)),

  unread: personProcedure()
    .meta(
      rest({
        method: 'GET',
        path: '/chat/unread',
        tags,
        summary:
          "Messages the caller has not read (a customer's answers from staff; for staff with chat.view, customers' messages)",
      }),
    )
    .input(z.void())
    .output(ZUnread)
    .query(async ({ ctx }) => ({ count: await unreadCount(ctx.db, ctx.user) })),

  markRead: personProcedure()
    .meta(
      rest({
        method: 'POST',
        path: '/chat/read',
        tags,
        errors: { 403: 'Staff without the chat.view permission, or a cross-site request', 404: 'No such conversation' },
        summary:
          'Mark a conversation read up to its latest message: a customer their own, staff with chat.view the one named by customerId',
      }),
    )
    .input(ZMarkChatReadInput)
    .output(ZUnread)
    .mutation(async ({ ctx, input }) => ({ count: await markRead(ctx.db, ctx.user, input.customerId) })),

  /**
   * Live: new messages the caller may see and their unread count, over server-sent events. Every event
   * carries an id; a client that reconnects with the last one first gets what it missed.
   */
  events: personProcedure()
    .input(ZChatEventsInput)
    .subscription(async function* ({ ctx, input, signal }) {
      if (!ctx.chatHub) throw new AppError('SERVICE_UNAVAILABLE', 'Live updates are not available right now.');
      const token = ctx.req?.cookies?.[SESSION_COOKIE];
      const { user } = ctx;
      const stillAllowed = async () => {
        const session = token ? await findSession(ctx.db, token) : null;
        return (
          !!session &&
          session.user.id === user.id &&
          session.user.role === user.role &&
          session.user.permissions.join() === user.permissions.join()
        );
      };
      for await (const { id, event } of chatEvents(
        ctx.db,
        ctx.chatHub,
        user,
        input?.lastEventId,
        signal,
        stillAllowed,
      )) {
        yield tracked(id, event);
      }
    }),
});
