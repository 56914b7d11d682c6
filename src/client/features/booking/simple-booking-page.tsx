import { LocationChoice } from './location-choice';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
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
  payDepositIfDue,
  useSlots,
  useBookingLocation,
  offeredAt,
  keepsChosenTime,
  type BookableService,
} from './booking-api';
import { DepositNote } from '../../entities/booking/deposit-note';
import { CreditChoice } from '../../entities/packages/credit-choice';
import { answersAsShown, type IntakeAnswers } from '../../entities/booking/intake-answers';
import { IntakeQuestions } from '../../entities/booking/intake-questions';
import { JoinWaitlist } from './join-waitlist';
import { longDayLabelOf, todayIn } from '../../lib/zoned-time';
import { addCalendarDays } from '../../../shared/date-key';
import { useFormatMoney } from '../../lib/money';
import { useSentence } from '../../lib/i18n';
import type { MessageId } from '../../../shared/i18n/en';

/** Which toast a missing choice shows, in the order the form is filled in. */
const requiredToasts: { field: keyof SimpleBookingForm; title: MessageId }[] = [
  { field: 'serviceId', title: 'booking.serviceRequired' },
  { field: 'date', title: 'booking.dateRequired' },
  { field: 'dateTime', title: 'booking.timeRequired' },
];

/** The guided page's link inside the simple page's introduction. */
const toGuided = (chunks: ReactNode[]) => (
  <Link to="/employee-booking" className="font-medium text-brand-700 underline underline-offset-2">
    {chunks}
  </Link>
);

/** /booking: service (locked by ?service=), a date, one of that day's free times, notes. */
export function SimpleBookingPage() {
  const intl = useIntl();
  const say = useSentence();
  const money = useFormatMoney();
  const [params] = useSearchParams();
  const lockedServiceId = params.get('service') ?? '';
  // The waitlist mail links here with the day that opened up.
  const linkedDate = params.get('date') ?? '';
  const navigate = useNavigate();
  const toast = useToast();
  const allServices = useBookableServices();
  const linkedService = allServices.data?.find((s) => s.id === lockedServiceId);
  const place = useBookingLocation(linkedService);
  const offered = useMemo(
    () => allServices.data && offeredAt(allServices.data, place.location),
    [allServices.data, place.location],
  );
  const services = { ...allServices, data: offered };
  const settings = useBookingSettings();
  const book = useBookAppointment();
  const timeZone = place.location?.timeZone ?? settings.data?.timezone ?? 'UTC';
  const windowDays = settings.data?.bookingWindowDays ?? 30;

  const form = useZodForm(ZSimpleBookingForm, {
    defaultValues: { serviceId: lockedServiceId, date: linkedDate, dateTime: '', notes: '' },
  });
  const [serviceId, date] = useWatch({ control: form.control, name: ['serviceId', 'date'] });
  const service = services.data?.find((s) => s.id === serviceId);
  const locked = !!lockedServiceId && !!services.data?.some((s) => s.id === lockedServiceId);
  const slots = useSlots({
    serviceId: serviceId || undefined,
    date: date || undefined,
    locationId: place.location?.id,
  });
  // The answers belong to the service they were given for: another service asks other questions.
  const [given, setGiven] = useState<{ serviceId: string; answers: IntakeAnswers }>({ serviceId: '', answers: {} });
  const answers = given.serviceId === serviceId ? given.answers : {};
  const setAnswers = (next: IntakeAnswers) => setGiven({ serviceId, answers: next });

  // A new service or date means a new list of times: the old choice may not be in it.
  useEffect(() => {
    form.setValue('dateTime', '');
  }, [serviceId, date, form]);
  // A package session is chosen for one service: another service starts without one.
  const [chosenCredit, setChosenCredit] = useState<{ serviceId: string; id: string } | null>(null);
  const creditId = chosenCredit?.serviceId === serviceId ? chosenCredit.id : null;
  const setCreditId = (id: string | null) => setChosenCredit(id ? { serviceId, id } : null);

  const serviceOptions = useMemo(
    () =>
      (offered ?? []).map((s) => ({
        value: s.id,
        label: intl.formatMessage(
          { id: 'booking.serviceOption' },
          { name: s.name, minutes: s.duration, price: money(s.price) },
        ),
      })),
    [offered, money, intl],
  );
  const today = settings.data ? todayIn(timeZone) : '';
  const lastDay = settings.data ? addCalendarDays(todayIn(timeZone), windowDays) : '';

  function onInvalid(errors: FieldErrors<SimpleBookingForm>) {
    const first = requiredToasts.find((r) => errors[r.field]);
    const message = first && errors[first.field]?.message;
    if (first)
      toast({
        title: intl.formatMessage({ id: first.title }),
        description: message ? say(message) : undefined,
        variant: 'destructive',
      });
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
        ...(creditId && { creditId }),
        answers: answersAsShown(service?.questions ?? [], answers),
        ...(place.location && { locationId: place.location.id }),
      },
      {
        onSuccess: (booked) => {
          if (payDepositIfDue(booked)) return;
          toast({
            title: intl.formatMessage({ id: 'booking.booked' }),
            description: intl.formatMessage({ id: 'booking.bookedText' }),
          });
          navigate('/profile');
        },
        onError: (error) => {
          toast({
            title: intl.formatMessage({ id: 'booking.failed' }),
            description: errorMessage(error),
            variant: 'destructive',
          });
          if (!keepsChosenTime(error)) form.setValue('dateTime', '');
          void slots.refetch();
        },
      },
    );
  }

  if (services.isLoading || settings.isLoading || place.isLoading)
    return <Spinner className="min-h-[40vh]" label={intl.formatMessage({ id: 'booking.loading' })} />;

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold text-stone-900 sm:text-3xl">
          <FormattedMessage id="booking.simpleTitle" />
        </h1>
        <p className="mt-1 text-sm text-stone-600">
          <FormattedMessage id="booking.simpleIntro" values={{ link: toGuided }} />
        </p>
      </div>
      <Card>
        <CardContent className="p-5">
          <FormProvider {...form}>
            <form
              noValidate
              onSubmit={form.handleSubmit(onValid, onInvalid)}
              className="flex flex-col gap-5"
              aria-label={intl.formatMessage({ id: 'booking.formLabel' })}
            >
              <LocationChoice
                choice={{
                  ...place,
                  // The service is locked: only where it is offered.
                  locations: linkedService
                    ? place.locations.filter((l) => linkedService.locationIds.includes(l.id))
                    : place.locations,
                  choose: (id) => {
                    place.choose(id);
                    if (!locked) form.setValue('serviceId', '');
                  },
                }}
              />
              <SelectField
                name="serviceId"
                label={intl.formatMessage({ id: 'booking.service' })}
                hint={locked ? intl.formatMessage({ id: 'booking.serviceLocked' }) : undefined}
                options={serviceOptions}
                placeholder={intl.formatMessage({ id: 'booking.selectService' })}
                disabled={locked}
              />
              {service && (
                <p className="-mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-stone-600">
                  <span className="inline-flex items-center gap-1">
                    <ClockIcon width={16} height={16} aria-hidden="true" />{' '}
                    <FormattedMessage id="booking.minutes" values={{ minutes: service.duration }} />
                  </span>
                  <span>{money(service.price)}</span>
                </p>
              )}
              <CreditChoice serviceId={service?.id} value={creditId} onChange={setCreditId} />
              {service && !creditId && <DepositNote service={service} />}
              <TextField
                name="date"
                label={intl.formatMessage({ id: 'booking.date' })}
                hint={intl.formatMessage({ id: 'booking.timeZoneHint' }, { timeZone: timeZone.replace(/_/g, ' ') })}
                type="date"
                min={today}
                max={lastDay}
                inputClassName="sm:max-w-xs"
              />
              <FormField name="dateTime" label={intl.formatMessage({ id: 'booking.time' })}>
                {({ field, ids }) => (
                  <TimeChoice
                    ids={ids}
                    value={field.value ?? ''}
                    onChange={field.onChange}
                    service={service}
                    locationId={place.location?.id}
                    date={date}
                    lastDay={lastDay}
                    windowDays={windowDays}
                    loading={slots.isFetching && !slots.data}
                    failed={slots.isError}
                    options={slotOptions(intl, slots.data, service)}
                  />
                )}
              </FormField>
              {service && <IntakeQuestions questions={service.questions} answers={answers} onChange={setAnswers} />}
              <TextareaField
                name="notes"
                label={intl.formatMessage({ id: 'booking.notes' })}
                placeholder={intl.formatMessage({ id: 'booking.notesPlaceholder' })}
                rows={3}
              />
              <Button type="submit" size="lg" disabled={book.isPending} className="w-full sm:w-auto sm:self-end">
                <CalendarIcon width={18} height={18} aria-hidden="true" />
                <FormattedMessage id={book.isPending ? 'booking.booking' : 'booking.bookAppointment'} />
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
  locationId,
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
  locationId: string | undefined;
  date: string;
  lastDay: string;
  windowDays: number;
  loading: boolean;
  failed: boolean;
  options: { value: string; label: string }[];
}) {
  const intl = useIntl();
  const note = (text: string) => (
    <p id={ids.id} className="rounded-lg bg-stone-50 px-3 py-2 text-sm text-stone-700">
      {text}
    </p>
  );
  if (!service) return note(intl.formatMessage({ id: 'booking.chooseServiceFirst' }));
  if (!date) return note(intl.formatMessage({ id: 'booking.chooseDateFirst' }));
  if (loading) return <Spinner label={intl.formatMessage({ id: 'booking.loadingTimes' })} className="p-3" />;
  if (failed) return note(intl.formatMessage({ id: 'booking.timesFailed' }));
  if (!options.length) {
    if (lastDay && date > lastDay)
      return note(intl.formatMessage({ id: 'booking.beyondWindow' }, { days: windowDays }));
    return (
      <JoinWaitlist
        id={ids.id}
        reason={intl.formatMessage({ id: 'booking.noFreeTimes' }, { date: longDayLabelOf(date) })}
        wait={{ serviceId: service.id, serviceName: service.name, date, locationId }}
      />
    );
  }
  return (
    <div id={ids.id} tabIndex={-1}>
      <SlotGrid
        name="time"
        legend={intl.formatMessage({ id: 'booking.freeTimesOn' }, { date: longDayLabelOf(date) })}
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
