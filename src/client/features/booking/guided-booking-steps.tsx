import { useId, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';

import { ClockIcon } from '../../components/icons';
import { UserAvatar } from '../../components/user-avatar';
import { Card, CardContent, CardHeader } from '../../components/ui/card';
import { Input, Textarea } from '../../components/ui/input';
import { SlotGrid } from '../../entities/booking/slot-grid';
import { Spinner } from '../../components/ui/spinner';
import type { BookableService, Provider, Slot } from './booking-api';
import { slotOptions } from './slot-options';
import { longDayLabelOf } from '../../lib/zoned-time';
import { useFormatMoney } from '../../lib/money';
import { ChoiceList } from './choice-list';

/** The steps of /employee-booking, each a numbered card. */

function Step({ number, title, children }: { number: number; title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Card>
      <section aria-labelledby={id}>
        <CardHeader>
          <h2 id={id} className="flex items-center gap-3 text-lg font-semibold text-stone-900">
            <span
              className="flex h-7 w-7 items-center justify-center rounded-full bg-brand-600 text-sm text-white"
              aria-hidden="true"
            >
              {number}
            </span>
            <span>
              <span className="sr-only">
                <FormattedMessage id="booking.step" values={{ number }} />{' '}
              </span>
              {title}
            </span>
          </h2>
        </CardHeader>
        <CardContent>{children}</CardContent>
      </section>
    </Card>
  );
}

export function ServiceStep({
  services,
  value,
  onChange,
}: {
  services: BookableService[];
  value: string;
  onChange: (id: string) => void;
}) {
  const intl = useIntl();
  const money = useFormatMoney();
  return (
    <Step number={1} title={intl.formatMessage({ id: 'booking.chooseService' })}>
      <ChoiceList
        legend={intl.formatMessage({ id: 'booking.service' })}
        name="service"
        value={value}
        onChange={onChange}
        options={services.map((s) => ({
          value: s.id,
          title: s.name,
          detail: (
            <span className="inline-flex items-center gap-1">
              <ClockIcon width={14} height={14} aria-hidden="true" />{' '}
              <FormattedMessage id="booking.minutesAndPrice" values={{ minutes: s.duration, price: money(s.price) }} />
            </span>
          ),
        }))}
        empty={intl.formatMessage({ id: 'booking.noServices' })}
      />
    </Step>
  );
}

export function EmployeeStep({
  providers,
  loading,
  value,
  onChange,
}: {
  providers: Provider[];
  loading: boolean;
  value: string;
  onChange: (id: string) => void;
}) {
  const intl = useIntl();
  return (
    <Step number={2} title={intl.formatMessage({ id: 'booking.chooseEmployee' })}>
      {loading ? (
        <Spinner label={intl.formatMessage({ id: 'booking.loadingEmployees' })} className="p-4" />
      ) : (
        <ChoiceList
          legend={intl.formatMessage({ id: 'booking.employee' })}
          name="employee"
          value={value}
          onChange={onChange}
          options={providers.map((p) => ({
            value: p.id,
            title: `${p.firstName} ${p.lastName}`,
            leading: <UserAvatar user={p} size={36} />,
          }))}
          empty={intl.formatMessage({ id: 'booking.noEmployees' })}
        />
      )}
    </Step>
  );
}

export function DateTimeStep({
  date,
  onDateChange,
  min,
  max,
  timeZone,
  service,
  slots,
  loading,
  value,
  onChange,
  whenFull,
  children,
}: {
  date: string;
  onDateChange: (date: string) => void;
  min: string;
  max: string;
  timeZone: string;
  /** A class's times also say their seats left. */
  service: BookableService | undefined;
  slots: Slot[] | undefined;
  loading: boolean;
  value: string;
  onChange: (dateTime: string) => void;
  /** What a day without times offers (the waitlist), given why there are none. */
  whenFull: (reason: string) => ReactNode;
  /** Shown under the times (the repeat choice). */
  children?: ReactNode;
}) {
  const intl = useIntl();
  const id = useId();
  return (
    <Step number={3} title={intl.formatMessage({ id: 'booking.pickDateTime' })}>
      <div className="flex flex-col gap-4">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={id} className="text-sm font-medium text-stone-800">
            <FormattedMessage id="booking.date" />
          </label>
          <Input
            id={id}
            type="date"
            value={date}
            min={min}
            max={max}
            onChange={(e) => onDateChange(e.target.value)}
            className="sm:max-w-xs"
            aria-describedby={`${id}-hint`}
          />
          <p id={`${id}-hint`} className="text-xs text-stone-600">
            <FormattedMessage id="booking.timeZoneHint" values={{ timeZone: timeZone.replace(/_/g, ' ') }} />
          </p>
        </div>
        {date &&
          (loading ? (
            <Spinner label={intl.formatMessage({ id: 'booking.loadingTimes' })} className="p-3" />
          ) : slots && slots.length > 0 ? (
            <SlotGrid
              name="time"
              legend={intl.formatMessage({ id: 'booking.availableTimesOn' }, { date: longDayLabelOf(date) })}
              options={slotOptions(intl, slots, service)}
              value={value}
              onChange={onChange}
            />
          ) : (
            whenFull(intl.formatMessage({ id: 'booking.noAvailableTimes' }))
          ))}
        {children}
      </div>
    </Step>
  );
}

export function NotesStep({
  value,
  onChange,
  children,
}: {
  value: string;
  onChange: (notes: string) => void;
  /** The service's intake questions, asked before the notes. */
  children?: ReactNode;
}) {
  const intl = useIntl();
  const id = useId();
  return (
    <Step number={4} title={intl.formatMessage({ id: 'booking.addNotes' })}>
      <div className="flex flex-col gap-5">
        {children}
        <div className="flex flex-col gap-1.5">
          <label htmlFor={id} className="text-sm font-medium text-stone-800">
            <FormattedMessage id="booking.notes" />
          </label>
          <Textarea
            id={id}
            value={value}
            onChange={(e) => onChange(e.target.value)}
            rows={3}
            maxLength={2000}
            placeholder={intl.formatMessage({ id: 'booking.notesPlaceholder' })}
          />
        </div>
      </div>
    </Step>
  );
}
