import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { DepositNote } from '../../entities/booking/deposit-note';
import { CreditChoice } from '../../entities/packages/credit-choice';
import type { BookableService, Provider, Slot } from './booking-api';
import { repeatSummary, type Repeat } from './repeat-choice';
import { clockLabelOf, longDayLabelOf } from '../../lib/zoned-time';
import { useFormatMoney } from '../../lib/money';
import { fromCents, toCents } from '../../../shared/orders';

/** The last card of /employee-booking: what is about to be booked, and Confirm Booking. */
export function BookingSummary({
  service,
  employee,
  date,
  slot,
  repeat,
  pending,
  onConfirm,
  creditId,
  onCreditChange,
}: {
  service: BookableService;
  employee: Provider;
  date: string;
  slot: Slot;
  repeat: Repeat;
  pending: boolean;
  onConfirm: () => void;
  /** The package credit that pays for it ("Use a session from <pack>"), or null. */
  creditId: string | null;
  onCreditChange: (creditId: string | null) => void;
}) {
  const intl = useIntl();
  const money = useFormatMoney();
  return (
    <Card className="border-brand-200 bg-brand-50">
      <CardHeader>
        <CardTitle>
          <FormattedMessage id="booking.summary" />
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="text-stone-600">
            <FormattedMessage id="booking.service" />
          </dt>
          <dd className="font-medium text-stone-900">{service.name}</dd>
          <dt className="text-stone-600">
            <FormattedMessage id="booking.employee" />
          </dt>
          <dd className="font-medium text-stone-900">
            {employee.firstName} {employee.lastName}
          </dd>
          <dt className="text-stone-600">
            <FormattedMessage id="booking.date" />
          </dt>
          <dd className="font-medium text-stone-900">{longDayLabelOf(date)}</dd>
          <dt className="text-stone-600">
            <FormattedMessage id="booking.time" />
          </dt>
          <dd className="font-medium text-stone-900">
            <FormattedMessage
              id="booking.timeAndDuration"
              values={{ time: clockLabelOf(slot.time), minutes: service.duration }}
            />
          </dd>
          {repeat.frequency && (
            <>
              <dt className="text-stone-600">
                <FormattedMessage id="booking.repeats" />
              </dt>
              <dd className="font-medium text-stone-900">
                {repeatSummary(intl, date, { ...repeat, frequency: repeat.frequency })}
              </dd>
            </>
          )}
          <dt className="text-stone-600">
            <FormattedMessage id="booking.price" />
          </dt>
          <dd className="font-medium text-stone-900">
            {repeat.frequency
              ? intl.formatMessage(
                  { id: 'booking.priceSeries' },
                  { each: money(service.price), total: money(fromCents(toCents(service.price) * repeat.count)) },
                )
              : money(service.price)}
          </dd>
        </dl>
        <CreditChoice serviceId={service.id} value={creditId} onChange={onCreditChange} />
        {!creditId && <DepositNote service={service} occurrences={repeat.frequency ? repeat.count : 1} />}
        <Button size="lg" onClick={onConfirm} disabled={pending} className="w-full sm:w-auto sm:self-end">
          <FormattedMessage id={pending ? 'booking.booking' : 'booking.confirm'} />
        </Button>
      </CardContent>
    </Card>
  );
}
