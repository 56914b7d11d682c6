import { FormattedMessage } from 'react-intl';
import { AlertDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { Button } from './button';
import { contentClass, overlayClass } from './dialog';

/**
 * Asks before an action that cannot be undone. The confirm button does not close the dialog by itself: the caller
 * closes it (onClose) once the action succeeded, so a failure leaves the question on screen.
 */
export function ConfirmDialog({
  open,
  onClose,
  title,
  description,
  confirmLabel,
  onConfirm,
  pending = false,
  destructive = false,
  alternative,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  pending?: boolean;
  destructive?: boolean;
  /** A second way to go ahead, shown before the main one (e.g. this appointment, or the rest of its series too). */
  alternative?: { label: string; onConfirm: () => void };
}) {
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={overlayClass} />
        <AlertDialog.Content className={contentClass}>
          <AlertDialog.Title className="text-lg font-semibold">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-1 text-sm text-stone-600">{description}</AlertDialog.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <AlertDialog.Cancel asChild>
              <Button variant="outline">
                <FormattedMessage id="app.cancel" />
              </Button>
            </AlertDialog.Cancel>
            {alternative && (
              <Button
                variant={destructive ? 'destructive-outline' : 'outline'}
                onClick={alternative.onConfirm}
                disabled={pending}
              >
                {alternative.label}
              </Button>
            )}
            <Button variant={destructive ? 'destructive' : 'primary'} onClick={onConfirm} disabled={pending}>
              {confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
