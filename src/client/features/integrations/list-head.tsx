import { FormattedMessage } from 'react-intl';
import type { MessageId } from '../../../shared/i18n/en';
import { cn } from '../../lib/cn';

/**
 * The column headings of an integrations table, from tablets up (on phones each row is a small card that writes
 * its labels out); the last column holds the row's actions.
 */
export function ListHead({ columns, cellClass }: { columns: readonly MessageId[]; cellClass: string }) {
  return (
    <thead className="hidden bg-stone-50 text-xs uppercase tracking-wide text-stone-600 md:table-header-group">
      <tr>
        {columns.map((column) => (
          <th key={column} scope="col" className={cn(cellClass, 'font-medium')}>
            <FormattedMessage id={column} />
          </th>
        ))}
        <th scope="col" className={cn(cellClass, 'font-medium')}>
          <span className="sr-only">
            <FormattedMessage id="integrations.actions" />
          </span>
        </th>
      </tr>
    </thead>
  );
}
