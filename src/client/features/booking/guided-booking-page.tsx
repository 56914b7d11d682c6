import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router-dom';

import { ButtonLink } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { useToast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/trpc';
import {
  payDepositIfDue,
  useBookableServices,
  useBookAppointment,
  useBookingSettings,
  useProviders,
  useSlots,
  useBookingLocation,
  offeredAt,
  keepsChosenTime,
} from './booking-api';
import { LocationChoice } from './location-choice';
import { dayLabelOf, todayIn } from '../../lib/zoned-time';
import { addCalendarDays } from '../../../shared/date-key';
import { useCurrentUser } from '../../lib/session';
import { DateTimeStep, EmployeeStep, NotesStep, ServiceStep } from './guided-booking-steps';
import { BookingSummary } from './booking-summary';
import { fitRepeat, NO_REPEAT, RepeatChoice, type Repeat } from './repeat-choice';
import { JoinWaitlist } from './join-waitlist';
import { answersAsShown, type IntakeAnswers } from '../../entities/booking/intake-answers';
import { IntakeQuestions } from '../../entities/booking/intake-questions';

const GUIDED_WINDOW_DAYS = 30;

/**
 * /employee-booking: four steps. The employee step appears once a service is chosen; date, time and notes once an
 * employee is; the summary and Confirm Booking once everything is chosen.
 */
export function GuidedBookingPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const toast = useToast();
  const allServices = useBookableServices();
  // The waitlist mail links here with the service, employee and day that opened up.
  const [params] = useSearchParams();
  const place = useBookingLocation(allServices.data?.find((s) => s.id === params.get('service')));
  const services = { ...allServices, data: allServices.data && offeredAt(allServices.data, place.location) };
  const settings = useBookingSettings();
  const { user } = useCurrentUser();
  const book = useBookAppointment();
  const [serviceId, setServiceId] = useState(params.get('service') ?? '');
  const [chosenEmployeeId, setEmployeeId] = useState(params.get('employee') ?? '');
  const [date, setDate] = useState(params.get('date') ?? '');
  const [dateTime, setDateTime] = useState('');
  const [notes, setNotes] = useState('');
  const [answers, setAnswers] = useState<IntakeAnswers>({});
  const [chosenRepeat, setRepeat] = useState<Repeat>(NO_REPEAT);
  // A package session is chosen for one service: another service starts without one.
  const [chosenCredit, setChosenCredit] = useState<{ serviceId: string; id: string } | null>(null);
  const creditId = chosenCredit?.serviceId === serviceId ? chosenCredit.id : null;
  const providers = useProviders(serviceId || undefined);
  // An employee who does not perform the newly chosen service is no longer a choice.
  const employeeId = providers.data?.some((p) => p.id === chosenEmployeeId) ? chosenEmployeeId : '';
  const slots = useSlots({
    serviceId: serviceId || undefined,
    date: date || undefined,
    employeeId: employeeId || undefined,
    locationId: place.location?.id,
  });
  const timeZone = place.location?.timeZone ?? settings.data?.timezone ?? 'UTC';
  const windowDays = Math.min(GUIDED_WINDOW_DAYS, settings.data?.bookingWindowDays ?? GUIDED_WINDOW_DAYS);
  const service = services.data?.find((s) => s.id === serviceId);
  const employee = providers.data?.find((p) => p.id === employeeId);
  const slot = slots.data?.find((s) => s.dateTime === dateTime);
  // A series may reach as far as the business takes bookings (the date picker stops sooner): only what fits is
  // offered, shown and sent, so no occurrence is refused for lying beyond the window.
  const seriesLastDay = addCalendarDays(todayIn(timeZone), settings.data?.bookingWindowDays ?? GUIDED_WINDOW_DAYS);
  const repeat = fitRepeat(chosenRepeat, date, seriesLastDay);

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
        title: intl.formatMessage({ id: 'booking.incomplete' }),
        description: intl.formatMessage({ id: 'booking.incompleteText' }),
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
        answers: answersAsShown(service.questions, answers),
        status: 'pending',
        ...(place.location && { locationId: place.location.id }),
        // A series: every occurrence is booked or none (a 409 names the dates that are not free).
        ...(repeat.frequency && { repeat: { frequency: repeat.frequency, count: repeat.count } }),
        ...(creditId && { creditId }),
      },
      {
        onSuccess: (booked) => {
          if (payDepositIfDue(booked)) return;
          toast(
            repeat.frequency
              ? {
                  title: intl.formatMessage({ id: 'booking.seriesBooked' }),
                  description: intl.formatMessage({ id: 'booking.seriesBookedText' }, { count: repeat.count }),
                }
              : {
                  title: intl.formatMessage({ id: 'booking.booked' }),
                  description: intl.formatMessage({ id: 'booking.bookedText' }),
                },
          );
          navigate('/');
        },
        onError: (error) => {
          // A series' refusal names its dates as data too: said here as the page writes dates, not as ISO text.
          const taken = error.data?.dates;
          toast({
            title: intl.formatMessage({ id: 'booking.failed' }),
            description: taken?.length
              ? intl.formatMessage(
                  { id: 'booking.seriesUnavailable' },
                  { dates: intl.formatList(taken.map((d) => dayLabelOf(d, 'monthDay'))) },
                )
              : errorMessage(error, intl.formatMessage({ id: 'booking.failedFallback' })),
            variant: 'destructive',
          });
          if (!keepsChosenTime(error)) setDateTime('');
          void slots.refetch();
        },
      },
    );
  }

  if (services.isLoading || settings.isLoading)
    return <Spinner className="min-h-[40vh]" label={intl.formatMessage({ id: 'booking.loading' })} />;
  const today = todayIn(timeZone);
  const lastDay = addCalendarDays(todayIn(timeZone), windowDays);

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <div className="flex flex-col gap-3">
        <ButtonLink to="/services" variant="ghost" size="sm" className="self-start">
          <span aria-hidden="true">←</span> <FormattedMessage id="booking.backToServices" />
        </ButtonLink>
        <div>
          <h1 className="text-2xl font-bold text-stone-900 sm:text-3xl">
            <FormattedMessage id="booking.guidedTitle" />
          </h1>
          <p className="mt-1 text-sm text-stone-600">
            <FormattedMessage id="booking.guidedIntro" />
          </p>
        </div>
      </div>

      <LocationChoice
        choice={{
          ...place,
          choose: (id) => {
            place.choose(id);
            setServiceId('');
            setAnswers({});
          },
        }}
      />
      <ServiceStep
        services={services.data ?? []}
        value={serviceId}
        onChange={(id: string) => {
          choose(setServiceId)(id);
          // Another service asks other questions.
          setAnswers({});
        }}
      />
      {serviceId && (
        <EmployeeStep
          providers={providers.data ?? []}
          loading={providers.isLoading}
          value={employeeId}
          onChange={choose(setEmployeeId)}
        />
      )}
      {employeeId && (
        <DateTimeStep
          date={date}
          onDateChange={choose(setDate)}
          min={today}
          max={lastDay}
          timeZone={timeZone}
          service={service}
          slots={slots.data}
          loading={slots.isFetching && !slots.data}
          value={dateTime}
          onChange={setDateTime}
          whenFull={(reason) =>
            service &&
            employee && (
              <JoinWaitlist
                reason={reason}
                wait={{
                  serviceId,
                  serviceName: service.name,
                  date,
                  employeeId,
                  employeeName: `${employee.firstName} ${employee.lastName}`,
                  locationId: place.location?.id,
                }}
              />
            )
          }
        >
          {!!date && !!slots.data?.length && (
            <RepeatChoice date={date} lastDay={seriesLastDay} value={repeat} onChange={setRepeat} />
          )}
        </DateTimeStep>
      )}
      {employeeId && (
        <NotesStep value={notes} onChange={setNotes}>
          {service && <IntakeQuestions questions={service.questions} answers={answers} onChange={setAnswers} />}
        </NotesStep>
      )}
      {complete && (
        <BookingSummary
          service={service}
          employee={employee}
          date={date}
          slot={slot}
          repeat={repeat}
          pending={book.isPending}
          onConfirm={confirm}
          creditId={creditId}
          onCreditChange={(id) => setChosenCredit(id ? { serviceId, id } : null)}
        />
      )}
    </div>
  );
}
