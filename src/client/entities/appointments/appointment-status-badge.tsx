import { FormattedMessage } from 'react-intl';
import { Badge, type BadgeTone } from '../../components/ui/badge';

/**
 * Badge colours of an appointment status: confirmed secondary, completed green, cancelled and no-show red,
 * pending (or other) accent.
 */
function toneOf(status: string): BadgeTone {
  if (status === 'confirmed') return 'secondary';
  if (status === 'completed') return 'success';
  if (status === 'cancelled' || status === 'no_show') return 'danger';
  return 'accent';
}

export function AppointmentStatusBadge({ status }: { status: string }) {
  // The text stays lower case as the status is ("pending"), shown capitalised. In a box narrower than the word (a
  // day of the week view beside the admin menu) it ends in an ellipsis instead of running out of the box.
  return (
    <Badge tone={toneOf(status)} className="max-w-full capitalize">
      <span className="truncate">
        <FormattedMessage id="entities.appointmentStatusBadge" values={{ status }} />
      </span>
    </Badge>
  );
}
