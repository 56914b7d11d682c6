import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from './ui/button';

/** The Edit and Delete buttons of an item in an admin list, each naming the item to a screen reader. */
export function EditDeleteButtons({
  name,
  onEdit,
  onDelete,
}: {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const intl = useIntl();
  return (
    <div className="ml-auto flex gap-2">
      <Button
        variant="outline"
        size="sm"
        onClick={onEdit}
        aria-label={intl.formatMessage({ id: 'app.editLabel' }, { name })}
      >
        <FormattedMessage id="app.edit" />
      </Button>
      <Button
        variant="ghost"
        size="sm"
        onClick={onDelete}
        aria-label={intl.formatMessage({ id: 'app.deleteLabel' }, { name })}
      >
        <FormattedMessage id="app.delete" />
      </Button>
    </div>
  );
}
