import { useCallback } from 'react';
import type { ChatEvent, ChatMessage } from '../../../shared/chat-schema';
import { can, type Role } from '../../../shared/roles';
import { trpc } from '../../lib/trpc';

/**
 * The receiver the widget writes to. Like the original client's fixed placeholder admin id, it names no
 * staff member, which the server reads as "the support team".
 */
export const SUPPORT_TEAM = 'support';

interface Person {
  id: string;
  role: Role;
  permissions: readonly string[];
}

export const readsInbox = (user: Person | null | undefined) => !!user && can(user, 'chat.view');
export const answersInbox = (user: Person | null | undefined) => !!user && can(user, 'chat.respond');

/** Whose conversation a person's cache keeps a message under: customers have one, staff one per customer. */
const conversationInput = (user: Person, message: Pick<ChatMessage, 'customerId'>) =>
  user.role === 'customer' ? {} : { with: message.customerId };

export function useConversation(input: { with?: string }, enabled: boolean) {
  return trpc.chat.messages.useQuery(input, { enabled });
}

export function useConversations(enabled: boolean) {
  return trpc.chat.conversations.useQuery(undefined, { enabled });
}

export function useUnreadCount(enabled: boolean) {
  return trpc.chat.unread.useQuery(undefined, { enabled }).data?.count ?? 0;
}

export function useSendMessage() {
  const utils = trpc.useUtils();
  return trpc.chat.send.useMutation({
    // After a send the conversation is read again.
    onSuccess: async () => {
      await Promise.all([utils.chat.messages.invalidate(), utils.chat.conversations.invalidate()]);
    },
  });
}

export function useMarkRead() {
  const utils = trpc.useUtils();
  return trpc.chat.markRead.useMutation({
    onSuccess: (unread) => {
      utils.chat.unread.setData(undefined, unread);
      void utils.chat.conversations.invalidate();
    },
  });
}

/**
 * Keeps this page's chat data live: one event stream (server-sent events, resumed from the last event after a
 * reconnect) puts new messages into the conversations they belong to and keeps the unread count current.
 * onMessage lets the open window mark what it shows as read.
 */
export function useChatLiveUpdates(
  user: Person | null | undefined,
  opts: { enabled: boolean; onMessage?: (message: ChatMessage) => void },
) {
  const utils = trpc.useUtils();
  const { onMessage } = opts;
  const onData = useCallback(
    ({ data }: { data: ChatEvent }) => {
      if (!user) return;
      if (data.type === 'unread') {
        utils.chat.unread.setData(undefined, { count: data.count });
        return;
      }
      const message = data.message;
      utils.chat.messages.setData(conversationInput(user, message), (list) =>
        list && !list.some((m) => m.id === message.id) ? [...list, message] : list,
      );
      if (message.senderId !== user.id)
        utils.chat.unread.setData(undefined, (old) => ({ count: (old?.count ?? 0) + 1 }));
      if (user.role !== 'customer') void utils.chat.conversations.invalidate();
      onMessage?.(message);
    },
    [user, utils, onMessage],
  );
  trpc.chat.events.useSubscription(undefined, {
    enabled: opts.enabled && !!user,
    onData,
    // What was said before the stream opened is read afresh; after a reconnect the stream itself replays it.
    onStarted: () => {
      void utils.chat.messages.invalidate();
    },
  });
}
