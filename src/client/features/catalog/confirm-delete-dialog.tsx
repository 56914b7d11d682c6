import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';

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
    <Dialog open={open} onClose={onClose} title={title} description={`Are you sure you want to delete "${name}"? This action cannot be undone.`}>
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button variant="destructive" onClick={onConfirm} disabled={pending}>
          {pending ? 'Deleting...' : 'Delete'}
        </Button>
      </div>
    </Dialog>
  );
}
