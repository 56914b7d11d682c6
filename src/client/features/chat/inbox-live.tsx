import { FormattedMessage } from 'react-intl';
import type { Role } from '../../../shared/roles';
import { readsInbox, useChatLiveUpdates, useUnreadCount } from './chat-api';

interface Viewer {
  id: string;
  role: Role;
  permissions: readonly string[];
}

/** The one stream of the admin area: keeps the inbox and the menu's unread count live (staff who read chats). */
export function InboxLiveUpdates({ user }: { user: Viewer | null | undefined }) {
  useChatLiveUpdates(user, { enabled: readsInbox(user) });
  return null;
}

/** The unread count on the Messages menu item. */
export function InboxUnreadBadge({ user, className }: { user: Viewer | null | undefined; className?: string }) {
  const count = useUnreadCount(readsInbox(user));
  if (count <= 0) return null;
  return (
    <span
      data-testid="inbox-unread"
      className={
        className ??
        'absolute -right-2 -top-1.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-[11px] font-bold leading-none text-white'
      }
    >
      {count > 99 ? '99+' : count}
      <span className="sr-only">
        <FormattedMessage id="chat.unreadMessages" values={{ count }} />
      </span>
    </span>
  );
}
