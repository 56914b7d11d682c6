import { ConfirmDialog } from '../../components/ui/alert-dialog';

export function ConfirmDeleteDialog({
  open,
  title,
  name,
  pending,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  name: string;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      open={open}
      onClose={onClose}
      title={title}
      description={`Are you sure you want to delete "${name}"? This action cannot be undone.`}
      confirmLabel={pending ? 'Deleting...' : 'Delete'}
      onConfirm={onConfirm}
      pending={pending}
      destructive
    />
  );
}
