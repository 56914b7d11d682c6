import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import type { Conversation } from '../../../shared/chat-schema';
import type { Role } from '../../../shared/roles';
import { Card } from '../../components/ui/card';
import { shownEmail, useCustomerName } from '../../entities/customers/customer-name';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { answersInbox, readsInbox, useConversation, useConversations, useMarkRead, useSendMessage } from './chat-api';
import { inboxTime } from './chat-time';
import { MessageComposer } from './message-composer';
import { MessageList } from './message-list';

interface Viewer {
  id: string;
  role: Role;
  permissions: readonly string[];
}

/**
 * The staff inbox: every customer's conversation, the most recent first with what is unread, the chosen one's
 * thread and a reply box. Live: the admin layout keeps the stream open, so new messages appear as they come.
 */
export function MessagesInboxPage({ user }: { user: Viewer }) {
  const intl = useIntl();
  const customerName = useCustomerName();
  const [params, setParams] = useSearchParams();
  const selectedId = params.get('customer') ?? undefined;
  const conversations = useConversations(readsInbox(user));
  const list = conversations.data ?? [];
  const selected = list.find((c) => c.customer.id === selectedId);
  const { mutate: markRead } = useMarkRead();

  // Reading a conversation marks it read, also when a new message comes in while it is open.
  const unreadHere = selected?.unreadCount ?? 0;
  useEffect(() => {
    if (selectedId && unreadHere > 0) markRead({ customerId: selectedId });
  }, [selectedId, unreadHere, markRead]);

  if (!readsInbox(user)) {
    return (
      <p className="p-6 text-center text-sm text-stone-700">
        <FormattedMessage id="chat.noPermission" />
      </p>
    );
  }
  const choose = (id: string | undefined) => setParams(id ? { customer: id } : {}, { replace: false });

  return (
    <div className="flex flex-col gap-4">
      <div>
        <h1 className="text-2xl font-semibold text-stone-900">
          <FormattedMessage id="chat.messages" />
        </h1>
        <p className="text-sm text-stone-600">
          <FormattedMessage id="chat.inboxIntro" />
        </p>
      </div>
      <div className="grid gap-4 md:h-[calc(100dvh-12rem)] md:min-h-[30rem] md:grid-cols-[20rem_1fr]">
        <Card className={cn('flex min-h-0 flex-col overflow-hidden', selectedId && 'hidden md:flex')}>
          <h2 className="border-b border-stone-200 px-4 py-3 text-sm font-semibold text-stone-800">
            <FormattedMessage id="chat.conversations" />
          </h2>
          {conversations.isLoading ? (
            <Spinner label={intl.formatMessage({ id: 'chat.loadingConversations' })} />
          ) : list.length === 0 ? (
            <p className="p-6 text-center text-sm text-stone-600">
              <FormattedMessage id="chat.noConversations" />
            </p>
          ) : (
            <ul className="min-h-0 flex-1 divide-y divide-stone-100 overflow-y-auto">
              {list.map((c) => (
                <li key={c.customer.id}>
                  <button
                    type="button"
                    onClick={() => choose(c.customer.id)}
                    aria-current={c.customer.id === selectedId ? 'true' : undefined}
                    data-testid="conversation"
                    className={cn(
                      'flex w-full flex-col gap-1 px-4 py-3 text-left hover:bg-stone-50',
                      c.customer.id === selectedId && 'bg-brand-50',
                    )}
                  >
                    <span className="flex items-center gap-2">
                      <span
                        className={cn(
                          'flex-1 truncate text-sm text-stone-900',
                          c.unreadCount > 0 ? 'font-semibold' : 'font-medium',
                        )}
                      >
                        {customerName(c.customer)}
                      </span>
                      <time dateTime={c.lastMessage.createdAt} className="shrink-0 text-xs text-stone-600">
                        {inboxTime(c.lastMessage.createdAt)}
                      </time>
                    </span>
                    <span className="flex items-center gap-2">
                      <span className="flex-1 truncate text-sm text-stone-600">
                        {c.lastMessage.senderId === user.id
                          ? intl.formatMessage({ id: 'chat.you' })
                          : c.lastMessage.senderId !== c.customer.id
                            ? intl.formatMessage({ id: 'chat.team' })
                            : ''}
                        {c.lastMessage.message}
                      </span>
                      {c.unreadCount > 0 && (
                        <span
                          data-testid="conversation-unread"
                          className="inline-flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-red-600 px-1.5 text-[11px] font-bold text-white"
                        >
                          {c.unreadCount}
                          <span className="sr-only">
                            <FormattedMessage id="chat.unread" />
                          </span>
                        </span>
                      )}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </Card>

        <Card className={cn('flex min-h-[28rem] flex-col overflow-hidden md:min-h-0', !selectedId && 'hidden md:flex')}>
          {selectedId ? (
            <Thread user={user} customerId={selectedId} conversation={selected} onBack={() => choose(undefined)} />
          ) : (
            <p className="m-auto p-6 text-center text-sm text-stone-600">
              <FormattedMessage id="chat.choose" />
            </p>
          )}
        </Card>
      </div>
    </div>
  );
}

function Thread({
  user,
  customerId,
  conversation,
  onBack,
}: {
  user: Viewer;
  customerId: string;
  conversation: Conversation | undefined;
  onBack: () => void;
}) {
  const intl = useIntl();
  const customerName = useCustomerName();
  const messages = useConversation({ with: customerId }, true);
  const sendMessage = useSendMessage();
  const canAnswer = answersInbox(user);
  return (
    <>
      <div className="flex items-center gap-3 border-b border-stone-200 px-4 py-3">
        <button
          type="button"
          onClick={onBack}
          className="rounded-lg px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50 md:hidden"
        >
          <FormattedMessage id="chat.backToConversations" />
        </button>
        {conversation && (
          <div className="min-w-0">
            <h2 className="truncate text-sm font-semibold text-stone-900">{customerName(conversation.customer)}</h2>
            <p className="truncate text-xs text-stone-600">{shownEmail(conversation.customer)}</p>
          </div>
        )}
      </div>
      {messages.isLoading ? (
        <Spinner className="flex-1" label={intl.formatMessage({ id: 'chat.loadingMessages' })} />
      ) : messages.isError ? (
        <p className="m-auto p-6 text-center text-sm text-stone-600">
          <FormattedMessage id="chat.notFound" />
        </p>
      ) : (
        <MessageList
          messages={messages.data ?? []}
          viewerId={user.id}
          isOwnSide={(m) => m.senderId !== customerId}
          time={inboxTime}
          label={
            conversation
              ? intl.formatMessage({ id: 'chat.conversationWith' }, { name: customerName(conversation.customer) })
              : intl.formatMessage({ id: 'chat.conversationWithCustomer' })
          }
          className="min-h-0 flex-1"
          empty={<FormattedMessage id="chat.noMessages" />}
        />
      )}
      {canAnswer ? (
        <MessageComposer
          placeholder={intl.formatMessage({ id: 'chat.replyPlaceholder' })}
          label={intl.formatMessage({ id: 'chat.reply' })}
          send={(message) => sendMessage.mutateAsync({ receiverId: customerId, message })}
        />
      ) : (
        <p className="border-t border-stone-200 p-3 text-sm text-stone-600">
          <FormattedMessage id="chat.readOnly" />
        </p>
      )}
    </>
  );
}
