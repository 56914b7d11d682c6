import { FormattedMessage } from 'react-intl';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import type { MessageId } from '../../../shared/i18n/en';
import type { GiftCardItem } from './gift-cards-api';

const statuses = {
  void: { id: 'giftCards.void', tone: 'neutral' },
  expired: { id: 'giftCards.expired', tone: 'danger' },
  active: { id: 'giftCards.active', tone: 'success' },
} satisfies Record<string, { id: MessageId; tone: BadgeTone }>;

export function GiftCardStatus({ card }: { card: Pick<GiftCardItem, 'isActive' | 'expiresAt'> }) {
  const status = !card.isActive
    ? statuses.void
    : card.expiresAt && new Date(card.expiresAt) <= new Date()
      ? statuses.expired
      : statuses.active;
  return (
    <Badge tone={status.tone} className="shrink-0 whitespace-nowrap" data-testid="gift-card-status">
      <FormattedMessage id={status.id} />
    </Badge>
  );
}
