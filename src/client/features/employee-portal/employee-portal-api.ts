import { useIntl } from 'react-intl';
import { useToast } from '../../components/ui/toast';
import { errorMessage, trpc, type RouterOutputs } from '../../lib/trpc';

export type PortalAppointment = RouterOutputs['employeePortal']['appointments'][number];
export type PortalWeeklyHours = RouterOutputs['availability']['portalList'][number];

/** The signed-in person's appointments as provider (time order). */
export function useMyAppointments() {
  return trpc.employeePortal.appointments.useQuery();
}

/** Confirm, Cancel, Mark Complete, Mark No-show; the list refreshes afterwards. */
export function useSetAppointmentStatus() {
  const intl = useIntl();
  const utils = trpc.useUtils();
  const toast = useToast();
  return trpc.employeePortal.setStatus.useMutation({
    onSuccess: (appointment) => {
      toast({
        title: intl.formatMessage({ id: 'employeePortal.appointmentUpdated' }),
        description: intl.formatMessage({ id: 'employeePortal.appointmentNow' }, { status: appointment.status }),
      });
      void utils.employeePortal.appointments.invalidate();
    },
    // The server's sentence when it says why (e.g. a no-show before the start), the generic one otherwise.
    onError: (error) =>
      toast({
        title: intl.formatMessage({ id: 'employeePortal.error' }),
        description: errorMessage(error, intl.formatMessage({ id: 'employeePortal.statusFailed' })),
        variant: 'destructive',
      }),
  });
}

export function useMyWeeklyHours() {
  return trpc.availability.portalList.useQuery();
}

function useAvailabilityToasts() {
  const intl = useIntl();
  const utils = trpc.useUtils();
  const toast = useToast();
  return {
    onSuccess: () => {
      toast({
        title: intl.formatMessage({ id: 'employeePortal.success' }),
        description: intl.formatMessage({ id: 'employeePortal.availabilityUpdated' }),
      });
      void utils.availability.invalidate();
    },
    onError: (error: unknown) =>
      toast({
        title: intl.formatMessage({ id: 'employeePortal.error' }),
        description: intl
          .formatMessage({ id: 'employeePortal.availabilityFailed' }, { reason: errorMessage(error, '') })
          .trim(),
        variant: 'destructive',
      }),
  };
}

/** Add a time window, clear a day, delete a time window (the portal's one call). */
export function useChangeMyWeeklyHours() {
  return trpc.availability.portalChange.useMutation(useAvailabilityToasts());
}

/** Replaces the whole week at once (standard hours, clear all). */
export function useReplaceWeek() {
  return trpc.availability.replaceMine.useMutation(useAvailabilityToasts());
}

export function useMyOverrides(employeeId: string | undefined, from: string) {
  return trpc.availability.overrides.useQuery({ employeeId, from }, { enabled: !!employeeId });
}

export function useAddOverride() {
  return trpc.availability.createOverride.useMutation(useAvailabilityToasts());
}

export function useDeleteOverride() {
  return trpc.availability.deleteOverride.useMutation(useAvailabilityToasts());
}

export function useChangePassword() {
  return trpc.employeePortal.changePassword.useMutation();
}

/** The signed-in employee (or admin) for the portal; 401 means signed out and is never retried. */
export function useEmployee() {
  return trpc.employee.me.useQuery(undefined, { retry: false, throwOnError: false });
}

export function useRegisterApplication() {
  const intl = useIntl();
  const toast = useToast();
  return trpc.employeeApplications.register.useMutation({
    onSuccess: () =>
      toast({
        title: intl.formatMessage({ id: 'employeePortal.registrationSubmitted' }),
        description: intl.formatMessage({ id: 'employeePortal.registrationReview' }),
      }),
    onError: (error) =>
      toast({
        title: intl.formatMessage({ id: 'employeePortal.registrationFailed' }),
        description: errorMessage(error),
        variant: 'destructive',
      }),
  });
}

/** The caller's private calendar subscription URL. */
export function useCalendarFeed() {
  return trpc.employeePortal.calendarFeed.useQuery();
}

/** A new calendar subscription URL; the shown one is replaced. */
export function useRotateCalendarFeed() {
  const utils = trpc.useUtils();
  return trpc.employeePortal.rotateCalendarFeed.useMutation({
    onSuccess: (feed) => utils.employeePortal.calendarFeed.setData(undefined, feed),
  });
}

/** The caller's connected calendars (CalDAV accounts, ICS addresses) and their state. */
export function useCalendarConnections() {
  return trpc.calendars.list.useQuery();
}

/** Connect, choose calendars, sync now and remove: each refreshes the list. */
export function useCalendarConnectionActions() {
  const utils = trpc.useUtils();
  const refresh = { onSuccess: () => utils.calendars.list.invalidate() };
  return {
    connect: trpc.calendars.connect.useMutation(refresh),
    choose: trpc.calendars.choose.useMutation(refresh),
    sync: trpc.calendars.sync.useMutation(refresh),
    remove: trpc.calendars.remove.useMutation(refresh),
  };
}
