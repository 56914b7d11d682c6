import { useIntl } from 'react-intl';
import { Dialog as DialogPrimitive } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export const overlayClass = 'fixed inset-0 z-40 bg-stone-900/40';
export const contentClass =
  'fixed left-1/2 top-1/2 z-50 max-h-[85vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto ' +
  'rounded-2xl border border-stone-200 bg-white p-6 text-stone-900 shadow-xl focus:outline-none';

/** A toast is not outside the dialog: clicking one must not close the dialog under it. */
function isInsideToast(target: EventTarget | null) {
  return target instanceof Element && target.closest('[data-sonner-toaster]') !== null;
}

/** A modal dialog: the title is its accessible name; Escape, the Close button and a click outside call onClose. */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  className,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const intl = useIntl();
  return (
    <DialogPrimitive.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className={overlayClass} />
        <DialogPrimitive.Content
          className={cn(contentClass, className)}
          {...(description ? {} : { 'aria-describedby': undefined })}
          onPointerDownOutside={(e) => isInsideToast(e.target) && e.preventDefault()}
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <div>
              <DialogPrimitive.Title className="text-lg font-semibold">{title}</DialogPrimitive.Title>
              {description && (
                <DialogPrimitive.Description className="mt-1 text-sm text-stone-600">
                  {description}
                </DialogPrimitive.Description>
              )}
            </div>
            <DialogPrimitive.Close
              className="rounded-md p-1 text-stone-500 hover:bg-stone-100 hover:text-stone-800"
              aria-label={intl.formatMessage({ id: 'app.close' })}
            >
              <svg
                viewBox="0 0 24 24"
                className="h-5 w-5"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                aria-hidden="true"
              >
                <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
              </svg>
            </DialogPrimitive.Close>
          </div>
          {children}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
