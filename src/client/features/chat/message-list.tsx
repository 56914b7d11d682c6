import { useEffect, useRef, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { ChatMessage } from '../../../shared/chat-schema';
import { cn } from '../../lib/cn';

/**
 * A conversation's messages, oldest first, kept scrolled to the newest. The viewer's side sits on the right in
 * the brand colour (by default their own messages; in the inbox, the whole team's), the other side on the left;
 * messages by anyone but the viewer carry the sender's name.
 */
export function MessageList({
  messages,
  viewerId,
  isOwnSide = (m) => m.senderId === viewerId,
  time,
  empty,
  label,
  className,
}: {
  messages: ChatMessage[];
  viewerId: string;
  isOwnSide?: (message: ChatMessage) => boolean;
  time: (createdAt: string) => string;
  empty: ReactNode;
  label: string;
  className?: string;
}) {
  const end = useRef<HTMLLIElement>(null);
  const last = messages.at(-1)?.id;
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [last]);

  if (messages.length === 0)
    return (
      <div className={cn('flex items-center justify-center p-6 text-center text-sm text-stone-600', className)}>
        {empty}
      </div>
    );
  return (
    <ol aria-label={label} className={cn('flex flex-col gap-2 overflow-y-auto p-3', className)} tabIndex={0}>
      {messages.map((m) => {
        const own = isOwnSide(m);
        const mine = m.senderId === viewerId;
        return (
          <li
            key={m.id}
            data-testid="chat-message"
            data-own={own}
            className={cn('flex max-w-[85%] flex-col', own ? 'items-end self-end' : 'items-start self-start')}
          >
            {!mine && (
              <span className="mb-0.5 text-xs font-medium text-stone-600">
                {m.sender.firstName} {m.sender.lastName}
              </span>
            )}
            <p
              className={cn(
                'max-w-full whitespace-pre-wrap rounded-2xl px-3 py-2 text-sm wrap-anywhere',
                own ? 'rounded-br-sm bg-brand-600 text-white' : 'rounded-bl-sm bg-stone-100 text-stone-900',
              )}
            >
              {mine && (
                <span className="sr-only">
                  <FormattedMessage id="chat.you" />
                </span>
              )}
              {m.message}
            </p>
            <time dateTime={m.createdAt} className="mt-0.5 text-xs text-stone-600">
              {time(m.createdAt)}
            </time>
          </li>
        );
      })}
      <li ref={end} aria-hidden="true" />
    </ol>
  );
}
