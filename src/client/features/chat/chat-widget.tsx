import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { isStaff, type Role } from '../../../shared/roles';
import { ChatIcon } from '../../components/icons';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { withCatalogue } from '../../lib/i18n';
import { useChatLiveUpdates, useMarkRead, useUnreadCount } from './chat-api';

// The window's insides load when it first opens: the shop's first paint does not wait for them.
const CustomerConversation = lazy(withCatalogue(() => import('./customer-conversation')));

interface Viewer {
  id: string;
  role: Role;
  permissions: readonly string[];
}

/**
 * The support chat on every customer page, for signed-in people: a floating button opens the window; answers
 * arrive live, and while the window is closed a dot on the button says there is something new.
 */
export function ChatWidget({ user }: { user: Viewer | null | undefined }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const windowId = useId();
  const staff = isStaff(user);
  const customer = !!user && !staff;
  const unread = useUnreadCount(customer);
  const { mutate: markReadNow } = useMarkRead();
  useChatLiveUpdates(user, { enabled: customer });

  // An open window reads the conversation: on opening, and as answers arrive while it is open.
  useEffect(() => {
    if (open && customer && unread > 0) markReadNow({});
  }, [open, customer, unread, markReadNow]);

  if (!user) return null;
  return (
    <>
      {open && (
        <section
          id={windowId}
          aria-labelledby={`${windowId}-title`}
          className="fixed bottom-36 right-4 z-40 flex h-96 max-h-[calc(100dvh-10rem)] w-80 max-w-[calc(100vw-2rem)] flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-xl md:bottom-24"
        >
          <header className="flex items-center justify-between bg-brand-700 px-4 py-3 text-white">
            <h2 id={`${windowId}-title`} className="font-semibold">
              <FormattedMessage id="chat.title" />
            </h2>
            <button
              type="button"
              onClick={() => setOpen(false)}
              className="rounded p-1 hover:bg-white/15"
              aria-label={intl.formatMessage({ id: 'chat.close' })}
            >
              <svg
                width="18"
                height="18"
                viewBox="0 0 24 24"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                aria-hidden="true"
              >
                <path d="M18 6 6 18M6 6l12 12" />
              </svg>
            </button>
          </header>
          {staff ? (
            <StaffNote />
          ) : (
            <Suspense
              fallback={<Spinner className="flex-1" label={intl.formatMessage({ id: 'chat.loadingMessages' })} />}
            >
              <CustomerConversation userId={user.id} />
            </Suspense>
          )}
        </section>
      )}
      <button
        type="button"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-controls={open ? windowId : undefined}
        aria-label={intl.formatMessage({ id: open ? 'chat.close' : 'chat.open' })}
        className="fixed bottom-20 right-4 z-40 inline-flex h-14 w-14 items-center justify-center rounded-full bg-brand-600 text-white shadow-lg hover:bg-brand-700 md:bottom-6"
      >
        <ChatIcon width={26} height={26} />
        {!open && unread > 0 && (
          <span
            data-testid="chat-unread-dot"
            className="absolute right-1 top-1 h-3.5 w-3.5 rounded-full border-2 border-white bg-red-600"
          >
            <span className="sr-only">
              <FormattedMessage id="chat.newMessages" />
            </span>
          </span>
        )}
      </button>
    </>
  );
}

/** Staff see the storefront too; their side of the conversations is the Messages inbox. */
function StaffNote() {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center text-sm text-stone-700">
      <p>
        <FormattedMessage id="chat.staffNote" />
      </p>
      <Link to="/admin/messages" className={cn('font-medium text-brand-700 underline underline-offset-2')}>
        <FormattedMessage id="chat.openMessages" />
      </Link>
    </div>
  );
}
