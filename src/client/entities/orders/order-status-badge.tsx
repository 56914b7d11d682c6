import { FormattedMessage } from 'react-intl';
import { Badge, type BadgeTone } from '../../components/ui/badge';

// Order status colours: pending accent, processing secondary (blue), completed green, cancelled red, others grey.
const tones: Record<string, BadgeTone> = {
  pending: 'accent',
  processing: 'secondary',
  completed: 'success',
  cancelled: 'danger',
};

/** The status in the page's language, shown capitalised wherever it stands (the text stays as the status is). */
export function OrderStatusBadge({ status }: { status: string }) {
  return (
    <Badge tone={tones[status] ?? 'neutral'} className="capitalize" data-testid="order-status">
      <FormattedMessage id="entities.orderStatus" values={{ status }} />
    </Badge>
  );
}
