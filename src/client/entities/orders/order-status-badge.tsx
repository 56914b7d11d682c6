import { FormattedMessage } from 'react-intl';
import { Badge, type BadgeTone } from '../../components/ui/badge';

// Order status colours: pending accent, processing secondary (blue), completed green, cancelled red, others grey.
const tones: Record<string, BadgeTone> = {
  pending: 'accent',
  processing: 'secondary',
  completed: 'success',
  cancelled: 'danger',
};

export function OrderStatusBadge({ status, className }: { status: string; className?: string }) {
  return (
    <Badge tone={tones[status] ?? 'neutral'} className={className} data-testid="order-status">
      <FormattedMessage id="entities.orderStatus" values={{ status }} />
    </Badge>
  );
}
