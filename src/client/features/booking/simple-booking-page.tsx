import { useEffect, useMemo } from 'react';
import { FormProvider, useWatch, type FieldErrors } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ZSimpleBookingForm, type SimpleBookingForm } from '../../../shared/appointment-schema';

import { CalendarIcon, ClockIcon } from '../../components/icons';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { FormField, SelectField, TextareaField, TextField, useZodForm } from '../../components/ui/form';
import { SlotGrid } from '../../entities/booking/slot-grid';
import { slotOptions } from './slot-options';
import { Spinner } from '../../components/ui/spinner';
import { useToast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/trpc';
import {
  useBookableServices,
  useBookAppointment,
  useBookingSettings,
  useSlots,
  type BookableService,
} from './booking-api';
import { JoinWaitlist } from './join-waitlist';
import { addDaysToKey, longDayLabelOf, todayIn } from '../../lib/zoned-time';
import { useFormatMoney } from '../../lib/money';

/** Which toast a missing choice shows, in the order the form is filled in. */
const requiredToasts: { field: keyof SimpleBookingForm; title: string }[] = [
  { field: 'serviceId', title: 'Service Required' },
  { field: 'date', title: 'Date Required' },
  { field: 'dateTime', title: 'Time Required' },
];

/** /booking: service (locked by ?service=), a date, one of that day's free times, notes. */
export function SimpleBookingPage() {
  const money = useFormatMoney();
  const [params] = useSearchParams();
  const lockedServiceId = params.get('service') ?? '';
  // The waitlist mail links here with the day that opened up.
  const linkedDate = params.get('date') ?? '';
  const navigate = useNavigate();
  const toast = useToast();
  const services = useBookableServices();
  const settings = useBookingSettings();
  const book = useBookAppointment();
  const timeZone = settings.data?.timezone ?? 'UTC';
  const windowDays = settings.data?.bookingWindowDays ?? 30;

  const form = useZodForm(ZSimpleBookingForm, {
    defaultValues: { serviceId: lockedServiceId, date: linkedDate, dateTime: '', notes: '' },
  });
  const [serviceId, date] = useWatch({ control: form.control, name: ['serviceId', 'date'] });
  const service = services.data?.find((s) => s.id === serviceId);
  const locked = !!lockedServiceId && !!services.data?.some((s) => s.id === lockedServiceId);
  const slots = useSlots({ serviceId: serviceId || undefined, date: date || undefined });

  // A new service or date means a new list of times: the old choice may not be in it.
  useEffect(() => {
    form.setValue('dateTime', '');
  }, [serviceId, date, form]);

  const serviceOptions = useMemo(
    () =>
      (services.data ?? []).map((s) => ({
        value: s.id,
        label: `${s.name} (${s.duration} min, ${money(s.price)})`,
      })),
    [services.data, money],
  );
  const today = settings.data ? todayIn(timeZone) : '';
  const lastDay = settings.data ? addDaysToKey(todayIn(timeZone), windowDays) : '';

  function onInvalid(errors: FieldErrors<SimpleBookingForm>) {
    const first = requiredToasts.find((r) => errors[r.field]);
    if (first) toast({ title: first.title, description: errors[first.field]!.message, variant: 'destructive' });
  }

  function onValid(values: SimpleBookingForm) {
    book.mutate(
      {
        serviceId: values.serviceId,
        dateTime: values.dateTime,
        duration: service?.duration ?? 60,
        // The simple page names no employee: the service id stands in, and the server picks who is free.
        employeeId: values.serviceId,
        notes: values.notes,
      },
      {
        onSuccess: () => {
          toast({ title: 'Appointment Booked', description: 'Your appointment has been successfully scheduled.' });
          navigate('/profile');
        },
        onError: (error) => {
          toast({ title: 'Booking Failed', description: errorMessage(error), variant: 'destructive' });
          form.setValue('dateTime', '');
          void slots.refetch();
        },
      },
    );
  }

  if (services.isLoading || settings.isLoading) return <Spinner className="min-h-[40vh]" label="Loading booking" />;

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold text-stone-900 sm:text-3xl">Book an Appointment</h1>
        <p className="mt-1 text-sm text-stone-600">
          Choose a treatment, a day and a free time. Want someone in particular?{' '}
          <Link to="/employee-booking" className="font-medium text-brand-700 underline underline-offset-2">
            Choose your employee
          </Link>
          .
        </p>
      </div>
      <Card>
        <CardContent className="pt-5">
          <FormProvider {...form}>
            <form
              noValidate
              onSubmit={form.handleSubmit(onValid, onInvalid)}
              className="flex flex-col gap-5"
              aria-label="Book an appointment"
            >
              <SelectField
                name="serviceId"
                label="Service"
                hint={locked ? 'Chosen from the services page.' : undefined}
                options={serviceOptions}
                placeholder="Select a service"
                disabled={locked}
              />
              {service && (
                <p className="-mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-stone-600">
                  <span className="inline-flex items-center gap-1">
                    <ClockIcon width={16} height={16} aria-hidden="true" /> {service.duration} minutes
                  </span>
                  <span>{money(service.price)}</span>
                </p>
              )}
              <TextField
                name="date"
                label="Date"
                hint={`Times are shown in ${timeZone.replace(/_/g, ' ')} time.`}
                type="date"
                min={today}
                max={lastDay}
                inputClassName="sm:max-w-xs"
              />
              <FormField name="dateTime" label="Time">
                {({ field, ids }) => (
                  <TimeChoice
                    ids={ids}
                    value={field.value ?? ''}
                    onChange={field.onChange}
                    service={service}
                    date={date}
                    lastDay={lastDay}
                    windowDays={windowDays}
                    loading={slots.isFetching && !slots.data}
                    failed={slots.isError}
                    options={slotOptions(slots.data, service)}
                  />
                )}
              </FormField>
              <TextareaField
                name="notes"
                label="Notes (optional)"
                placeholder="Anything we should know before your visit?"
                rows={3}
              />
              <Button type="submit" size="lg" disabled={book.isPending} className="w-full sm:w-auto sm:self-end">
                <CalendarIcon width={18} height={18} aria-hidden="true" />
                {book.isPending ? 'Booking...' : 'Book Appointment'}
              </Button>
            </form>
          </FormProvider>
        </CardContent>
      </Card>
    </div>
  );
}

/** The day's free times, or a sentence saying why there are none. */
function TimeChoice({
  ids,
  value,
  onChange,
  service,
  date,
  lastDay,
  windowDays,
  loading,
  failed,
  options,
}: {
  ids: { id: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string };
  value: string;
  onChange: (value: string) => void;
  service: BookableService | undefined;
  date: string;
  lastDay: string;
  windowDays: number;
  loading: boolean;
  failed: boolean;
  options: { value: string; label: string }[];
}) {
  const note = (text: string) => (
    <p id={ids.id} className="rounded-lg bg-stone-50 px-3 py-2 text-sm text-stone-700">
      {text}
    </p>
  );
  if (!service) return note('Choose a service to see the free times.');
  if (!date) return note('Choose a date to see the free times.');
  if (loading) return <Spinner label="Loading available times" className="p-3" />;
  if (failed) return note('The free times could not be loaded. Please try again.');
  if (!options.length) {
    if (lastDay && date > lastDay)
      return note(`Appointments can be booked up to ${windowDays} days ahead. Please choose an earlier date.`);
    return (
      <JoinWaitlist
        id={ids.id}
        reason={`No free times on ${longDayLabelOf(date)}: our team is fully booked or not working that day. Please choose another date.`}
        wait={{ serviceId: service.id, serviceName: service.name, date }}
      />
    );
  }
  return (
    <div id={ids.id} tabIndex={-1}>
      <SlotGrid
        name="time"
        legend={`Free times on ${longDayLabelOf(date)}`}
        hideLegend
        options={options}
        value={value}
        onChange={onChange}
        invalid={ids['aria-invalid']}
        describedBy={ids['aria-describedby']}
      />
    </div>
  );
}
