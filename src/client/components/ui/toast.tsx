import { useIntl } from 'react-intl';
import { lazy, Suspense, type ReactNode } from 'react';
import { cn } from '../../lib/cn';

interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

/** One toast at a time, each shown for 5000 ms. */
const TOAST_DURATION_MS = 5000;

/*
 * The toast region (sonner and its stylesheet, a tenth of the first script) is not needed for the first paint: it
 * loads as a chunk of its own once the first screen renders, or with the first toast, whichever comes first. A
 * toast shown before the region has mounted appears when it does (sonner gives a new region the toasts still on).
 */
let toaster: Promise<typeof import('./toaster')> | undefined;
const loadToaster = () => (toaster ??= import('./toaster'));
const ToastRegion = lazy(() => loadToaster().then((module) => ({ default: module.ToastRegion })));

/** Mounts the one toast region of the app. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const intl = useIntl();
  return (
    <>
      {children}
      <Suspense fallback={null}>
        <ToastRegion label={intl.formatMessage({ id: 'app.notifications' })} duration={TOAST_DURATION_MS} />
      </Suspense>
    </>
  );
}

function ToastCard({ title, description, variant, onDismiss }: ToastInput & { onDismiss: () => void }) {
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
      <button
        type="button"
        onClick={onDismiss}
        className="rounded px-1 text-sm hover:bg-black/10"
        aria-label={intl.formatMessage({ id: 'app.dismissNotification' })}
      >
        ✕
      </button>
    </div>
  );
}

function showToast(input: ToastInput) {
  void loadToaster().then(({ sonner }) => {
    // Only one toast is ever on screen: the previous one goes before the next one comes.
    sonner.dismiss();
    sonner.custom((id) => <ToastCard {...input} onDismiss={() => sonner.dismiss(id)} />, {
      duration: TOAST_DURATION_MS,
    });
  });
}

/** `toast({ title, description?, variant? })`; `variant: 'destructive'` for failures (announced as an alert). */
export function useToast() {
  return showToast;
}
