import { FormattedMessage } from 'react-intl';
import { buttonClass } from '../../components/ui/button';
import { useCurrentUser } from '../../lib/session';
import { exportPermission, type ExportKind } from '../../../shared/csv-schema';
import { can } from '../../../shared/roles';

/**
 * "Export CSV": a plain download of /api/admin/exports/{kind}.csv (the browser saves the streamed file itself),
 * shown only to those who hold the export's permission.
 */
export function ExportCsvLink({ kind, from, to }: { kind: ExportKind; from?: string; to?: string }) {
  const { user } = useCurrentUser();
  if (!user || !can(user, exportPermission[kind])) return null;
  const range = new URLSearchParams({ ...(from && { from }), ...(to && { to }) }).toString();
  return (
    <a
      href={`/api/admin/exports/${kind}.csv${range ? `?${range}` : ''}`}
      download
      className={buttonClass('outline', 'sm', 'self-start')}
      data-testid={`export-${kind}`}
    >
      <FormattedMessage id="customers.exportCsv" />
    </a>
  );
}
