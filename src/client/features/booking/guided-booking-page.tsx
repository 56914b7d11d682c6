import { useId, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';

import { ClockIcon } from '../../components/icons';
import { Button, ButtonLink } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Input, Textarea } from '../../components/ui/input';
import { SlotGrid } from '../../components/ui/slot-grid';
import { Spinner } from '../../components/ui/spinner';
import { useToast } from '../../components/ui/toast';
import { cn } from '../../lib/cn';
import { errorMessage } from '../../lib/trpc';
import { useBookableServices, useBookAppointment, useBookingSettings, useProviders, useSlots } from './booking-api';
import { addDaysToKey, clockLabelOf, longDayLabelOf, todayIn } from '../../lib/zoned-time';
import { useFormatMoney } from '../../lib/money';
import { useCurrentUser } from '../../lib/session';

const GUIDED_WINDOW_DAYS = 30;

/**
 * /employee-booking: four steps. The employee step appears once a service is chosen; date, time and notes once an
 * employee is; the summary and Confirm Booking once everything is chosen.
 */
export function GuidedBookingPage() {
  const money = useFormatMoney();
  const navigate = useNavigate();
  const toast = useToast();
  const services = useBookableServices();
  const settings = useBookingSettings();
  const { user } = useCurrentUser();
  const book = useBookAppointment();
  const [serviceId, setServiceId] = useState('');
  const [chosenEmployeeId, setEmployeeId] = useState('');
  const [date, setDate] = useState('');
  const [dateTime, setDateTime] = useState('');
  const [notes, setNotes] = useState('');
  const providers = useProviders(serviceId || undefined);
  // An employee who does not perform the newly chosen service is no longer a choice.
  const employeeId = providers.data?.some((p) => p.id === chosenEmployeeId) ? chosenEmployeeId : '';
  const slots = useSlots({
    serviceId: serviceId || undefined,
    date: date || undefined,
    employeeId: employeeId || undefined,
  });
  const timeZone = settings.data?.timezone ?? 'UTC';
  const windowDays = Math.min(GUIDED_WINDOW_DAYS, settings.data?.bookingWindowDays ?? GUIDED_WINDOW_DAYS);
  const service = services.data?.find((s) => s.id === serviceId);
  const employee = providers.data?.find((p) => p.id === employeeId);
  const slot = slots.data?.find((s) => s.dateTime === dateTime);

  // A time belongs to one service, employee and date: choosing any of them again drops it.
  const choose =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setDateTime('');
    };

  const complete = !!(service && employee && date && slot);

  function confirm() {
    if (!complete) {
      toast({
        title: 'Incomplete Information',
        description: 'Please select a service, employee, date, and time.',
        variant: 'destructive',
      });
      return;
    }
    book.mutate(
      {
        customerId: user?.id ?? 'current-user',
        serviceId,
        employeeId,
        dateTime,
        duration: service.duration,
        customerNotes: notes,
        status: 'pending',
      },
      {
        onSuccess: () => {
          toast({ title: 'Appointment Booked', description: 'Your appointment has been successfully scheduled.' });
          navigate('/');
        },
        onError: (error) => {
          toast({
            title: 'Booking Failed',
            description: errorMessage(error, 'Failed to book appointment'),
            variant: 'destructive',
          });
          setDateTime('');
          void slots.refetch();
        },
      },
    );
  }

  if (services.isLoading || settings.isLoading) return <Spinner className="min-h-[40vh]" label="Loading booking" />;
  const today = todayIn(timeZone);
  const lastDay = addDaysToKey(todayIn(timeZone), windowDays);

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <div className="flex flex-col gap-3">
        <ButtonLink to="/services" variant="ghost" size="sm" className="self-start">
          <span aria-hidden="true">←</span> Back to Services
        </ButtonLink>
        <div>
          <h1 className="text-2xl font-bold text-stone-900 sm:text-3xl">Book with an Employee</h1>
          <p className="mt-1 text-sm text-stone-600">
            Choose a service, the person you'd like, then a day and a free time.
          </p>
        </div>
      </div>

      <Step number={1} title="Choose a Service">
        <ChoiceList
          legend="Service"
          name="service"
          value={serviceId}
          onChange={choose(setServiceId)}
          options={(services.data ?? []).map((s) => ({
            value: s.id,
            title: s.name,
            detail: (
              <span className="inline-flex items-center gap-1">
                <ClockIcon width={14} height={14} aria-hidden="true" /> {s.duration} minutes · {money(s.price)}
              </span>
            ),
          }))}
          empty="No services available"
        />
      </Step>

      {serviceId && (
        <Step number={2} title="Choose an Employee">
          {providers.isLoading ? (
            <Spinner label="Loading employees" className="p-4" />
          ) : (
            <ChoiceList
              legend="Employee"
              name="employee"
              value={employeeId}
              onChange={choose(setEmployeeId)}
              options={(providers.data ?? []).map((p) => ({
                value: p.id,
                title: `${p.firstName} ${p.lastName}`,
                leading: <Avatar name={`${p.firstName} ${p.lastName}`} src={p.profileImageUrl} />,
              }))}
              empty="Nobody offers this service at the moment."
            />
          )}
        </Step>
      )}

      {employeeId && (
        <Step number={3} title="Pick a Date and Time">
          <div className="flex flex-col gap-4">
            <DateField
              value={date}
              onChange={choose(setDate)}
              min={today}
              max={lastDay}
              hint={`Times are shown in ${timeZone.replace(/_/g, ' ')} time.`}
            />
            {date &&
              (slots.isFetching && !slots.data ? (
                <Spinner label="Loading available times" className="p-3" />
              ) : slots.data && slots.data.length > 0 ? (
                <SlotGrid
                  name="time"
                  legend={`Available times on ${longDayLabelOf(date)}`}
                  options={slots.data.map((s) => ({ value: s.dateTime, label: clockLabelOf(s.time) }))}
                  value={dateTime}
                  onChange={setDateTime}
                />
              ) : (
                <p className="rounded-lg bg-stone-50 px-3 py-2 text-sm text-stone-700">
                  No available times for this date. Please choose another date.
                </p>
              ))}
          </div>
        </Step>
      )}

      {employeeId && (
        <Step number={4} title="Add Notes">
          <NotesField value={notes} onChange={setNotes} />
        </Step>
      )}

      {complete && (
        <Card className="border-brand-200 bg-brand-50">
          <CardHeader>
            <CardTitle>Booking Summary</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="text-stone-600">Service</dt>
              <dd className="font-medium text-stone-900">{service.name}</dd>
              <dt className="text-stone-600">Employee</dt>
              <dd className="font-medium text-stone-900">
                {employee.firstName} {employee.lastName}
              </dd>
              <dt className="text-stone-600">Date</dt>
              <dd className="font-medium text-stone-900">{longDayLabelOf(date)}</dd>
              <dt className="text-stone-600">Time</dt>
              <dd className="font-medium text-stone-900">
                {clockLabelOf(slot.time)} ({service.duration} minutes)
              </dd>
              <dt className="text-stone-600">Price</dt>
              <dd className="font-medium text-stone-900">{money(service.price)}</dd>
            </dl>
            <Button size="lg" onClick={confirm} disabled={book.isPending} className="w-full sm:w-auto sm:self-end">
              {book.isPending ? 'Booking...' : 'Confirm Booking'}
            </Button>
          </CardContent>
        </Card>
      )}
    </div>
  );
}

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
              <span className="sr-only">Step {number}: </span>
              {title}
            </span>
          </h2>
        </CardHeader>
        <CardContent>{children}</CardContent>
      </section>
    </Card>
  );
}

/** A list of cards to pick one from, as native radio buttons. */
function ChoiceList({
  legend,
  name,
  value,
  onChange,
  options,
  empty,
}: {
  legend: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; title: string; detail?: ReactNode; leading?: ReactNode }[];
  empty: string;
}) {
  if (!options.length) return <p className="text-sm text-stone-600">{empty}</p>;
  return (
    <fieldset>
      <legend className="sr-only">{legend}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((option) => {
          const checked = option.value === value;
          return (
            <label
              key={option.value}
              className={cn(
                'flex cursor-pointer items-center gap-3 rounded-lg border p-3 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500',
                checked ? 'border-brand-600 bg-brand-50' : 'border-stone-200 bg-white hover:border-brand-500',
              )}
            >
              <input
                type="radio"
                name={name}
                value={option.value}
                checked={checked}
                onChange={() => onChange(option.value)}
                className="h-4 w-4 accent-brand-600"
              />
              {option.leading}
              <span className="flex min-w-0 flex-col">
                <span className="font-medium text-stone-900">{option.title}</span>
                {option.detail && <span className="text-sm text-stone-600">{option.detail}</span>}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

function Avatar({ name, src }: { name: string; src: string | null }) {
  if (src) return <img src={src} alt="" className="h-9 w-9 rounded-full object-cover" />;
  const initials = name
    .split(' ')
    .map((part) => part[0])
    .join('')
    .slice(0, 2);
  return (
    <span
      className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-900"
      aria-hidden="true"
    >
      {initials}
    </span>
  );
}

function DateField({
  value,
  onChange,
  min,
  max,
  hint,
}: {
  value: string;
  onChange: (value: string) => void;
  min: string;
  max: string;
  hint: string;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-stone-800">
        Date
      </label>
      <Input
        id={id}
        type="date"
        value={value}
        min={min}
        max={max}
        onChange={(e) => onChange(e.target.value)}
        className="sm:max-w-xs"
        aria-describedby={`${id}-hint`}
      />
      <p id={`${id}-hint`} className="text-xs text-stone-600">
        {hint}
      </p>
    </div>
  );
}

function NotesField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-stone-800">
        Notes (optional)
      </label>
      <Textarea
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        rows={3}
        maxLength={2000}
        placeholder="Anything we should know before your visit?"
      />
    </div>
  );
}
