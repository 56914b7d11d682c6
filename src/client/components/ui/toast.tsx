import { useIntl } from 'react-intl';
import { useSyncExternalStore, type CSSProperties, type ReactNode } from 'react';
import { Toaster, toast as sonner } from 'sonner';
import { cn } from '../../lib/cn';

interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

/** One toast at a time, each shown for 5000 ms. */
const TOAST_DURATION_MS = 5000;

const WIDE_SCREEN = '(min-width: 640px)';

/**
 * Toasts sit above everything, a dialog and its backdrop included (dialog.tsx: z-40 and z-50; the bottom bars z-30):
 * a dialog's failure is said in a toast while it is still open. Said here, inline, rather than left to sonner's
 * stylesheet. The list itself takes no clicks (only the card does, pointer-events-auto), so the parts of a dialog
 * beside a toast stay usable.
 */
const TOASTER_STYLE = { '--width': '420px', zIndex: 100, pointerEvents: 'none' } as CSSProperties;

function subscribeToWidth(onChange: () => void) {
  const query = window.matchMedia(WIDE_SCREEN);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function useWideScreen() {
  return useSyncExternalStore(
    subscribeToWidth,
    () => window.matchMedia(WIDE_SCREEN).matches,
    () => true,
  );
}

/** Mounts the one toast region of the app. Phones get toasts at the top, clear of the thumb; wide screens bottom right. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const wide = useWideScreen();
  const intl = useIntl();
  return (
    <>
      {children}
      <Toaster
        visibleToasts={1}
        duration={TOAST_DURATION_MS}
        position={wide ? 'bottom-right' : 'top-center'}
        containerAriaLabel={intl.formatMessage({ id: 'app.notifications' })}
        style={TOASTER_STYLE}
        toastOptions={{ unstyled: true }}
      />
    </>
  );
}

/** A toast's card; `id` is sonner's, for its dismiss button. */
function ToastCard({ id, title, description, variant }: ToastInput & { id?: string | number }) {
  const destructive = variant === 'destructive';
  const intl = useIntl();
  return (
    <div
      role={destructive ? 'alert' : 'status'}
      className={cn(
        'pointer-events-auto flex w-full items-start gap-3 rounded-xl border p-4 font-sans shadow-lg',
        destructive ? 'border-red-800 bg-red-700 text-white' : 'border-stone-200 bg-white text-stone-900',
      )}
    >
      <div className="flex-1">
        <p className="text-sm font-semibold">{title}</p>
        {description && (
          <p className={cn('mt-1 text-sm', destructive ? 'text-white' : 'text-stone-700')}>{description}</p>
        )}
      </div>
      {id !== undefined && (
        <button
          type="button"
          onClick={() => sonner.dismiss(id)}
          className="rounded px-1 text-sm hover:bg-black/10"
          aria-label={intl.formatMessage({ id: 'app.dismissNotification' })}
        >
          ✕
        </button>
      )}
    </div>
  );
}

/**
 * A toast in the page's HTML, where the toaster shows one (phones at the top, wide screens bottom right), for a page
 * the server sends without the script that runs the toaster: a visitor's page that needs sign-in, which leaves for
 * the sign-in half a second later (server-render.tsx). Nothing to dismiss in that time.
 */
export function StaticToast(input: ToastInput) {
  const intl = useIntl();
  return (
    <section
      aria-label={intl.formatMessage({ id: 'app.notifications' })}
      className="pointer-events-none fixed inset-x-4 top-4 z-[100] sm:inset-x-auto sm:top-auto sm:right-6 sm:bottom-6 sm:w-[420px]"
    >
      <ToastCard {...input} />
    </section>
  );
}

function showToast(input: ToastInput) {
  // Only one toast is ever on screen: the previous one goes before the next one comes.
  sonner.dismiss();
  sonner.custom((id) => <ToastCard id={id} {...input} />, { duration: TOAST_DURATION_MS });
}

/** `toast({ title, description?, variant? })`; `variant: 'destructive'` for failures (announced as an alert). */
export function useToast() {
  return showToast;
}
