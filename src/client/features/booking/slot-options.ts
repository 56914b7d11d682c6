import type { IntlShape } from 'react-intl';
import type { SlotOption } from '../../entities/booking/slot-grid';
import { clockLabelOf } from '../../lib/zoned-time';
import type { BookableService, Slot } from './booking-api';

/** The time grid's choices for a service; a class also says what each start has left ("3 seats left"). */
export function slotOptions(
  intl: IntlShape,
  slots: readonly Slot[] | undefined,
  service: BookableService | undefined,
): SlotOption[] {
  const isClass = (service?.capacity ?? 1) > 1;
  return (slots ?? []).map((s) => ({
    value: s.dateTime,
    label: clockLabelOf(s.time),
    ...(isClass && { note: intl.formatMessage({ id: 'booking.seatsLeft' }, { count: s.seatsLeft }) }),
  }));
}
