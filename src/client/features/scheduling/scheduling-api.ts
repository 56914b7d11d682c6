import { useIntl } from 'react-intl';
import { useToast } from '../../components/ui/toast';
import { errorMessage, trpc, type RouterInputs, type RouterOutputs } from '../../lib/trpc';

export type CalendarAppointment = RouterOutputs['appointments']['list'][number];
export type StaffMember = RouterOutputs['serviceProviders']['employees'][number];
export type WeeklyHours = RouterOutputs['availability']['list'][number];

/** Everyone who works appointments (employees and admins). */
export function useStaff() {
  return trpc.serviceProviders.employees.useQuery();
}

/** Appointments of all staff in a date range of the business calendar, optionally of one employee. */
export function useCalendarAppointments(query: RouterInputs['appointments']['list']) {
  return trpc.appointments.list.useQuery({ ...query, scope: 'all' });
}

/** Staff's busy times from their own calendars in a date range (no titles), optionally of one employee. */
export function useCalendarBusy(query: RouterInputs['calendars']['busy']) {
  return trpc.calendars.busy.useQuery(query);
}

/** The calendar's status selector: any status (a no-show only once the start has passed). */
export function useCalendarStatus() {
  const intl = useIntl();
  const utils = trpc.useUtils();
  const toast = useToast();
  return trpc.appointments.setStatus.useMutation({
    onSuccess: (a) => {
      toast({
        title: intl.formatMessage({ id: 'scheduling.appointmentUpdated' }),
        description: intl.formatMessage({ id: 'scheduling.statusNow' }, { status: a.status }),
      });
      void utils.appointments.list.invalidate();
    },
    onError: (error) =>
      toast({
        title: intl.formatMessage({ id: 'scheduling.updateFailed' }),
        description: errorMessage(error),
        variant: 'destructive',
      }),
  });
}

/** Refund Deposit: the appointment's paid deposit goes back through the card provider. */
export function useDepositRefund() {
  const utils = trpc.useUtils();
  const toast = useToast();
  return trpc.appointments.refundDeposit.useMutation({
    onSuccess: () => {
      toast({ title: 'Deposit Refunded', description: 'The deposit has been given back to the customer.' });
      void utils.appointments.list.invalidate();
    },
    onError: (error) => toast({ title: 'Refund Failed', description: errorMessage(error), variant: 'destructive' }),
  });
}

export function useAllWeeklyHours() {
  return trpc.availability.list.useQuery();
}

export function useEmployeeWeeklyHours(employeeId: string | undefined) {
  return trpc.availability.forEmployee.useQuery({ id: employeeId ?? '' }, { enabled: !!employeeId });
}

export function useOverrides(employeeId: string | undefined, from: string, to?: string) {
  return trpc.availability.overrides.useQuery({ employeeId, from, to }, { enabled: !!employeeId });
}

export function useAddWeeklyHours() {
  const intl = useIntl();
  const utils = trpc.useUtils();
  const toast = useToast();
  return trpc.availability.create.useMutation({
    onSuccess: () => {
      toast({
        title: intl.formatMessage({ id: 'scheduling.scheduleUpdated' }),
        description: intl.formatMessage({ id: 'scheduling.slotAdded' }),
      });
      void utils.availability.invalidate();
    },
    onError: (error) =>
      toast({
        title: intl.formatMessage({ id: 'scheduling.updateFailed' }),
        description: errorMessage(error),
        variant: 'destructive',
      }),
  });
}

export function useDeleteWeeklyHours() {
  const intl = useIntl();
  const utils = trpc.useUtils();
  const toast = useToast();
  return trpc.availability.delete.useMutation({
    onSuccess: () => {
      toast({
        title: intl.formatMessage({ id: 'scheduling.scheduleDeleted' }),
        description: intl.formatMessage({ id: 'scheduling.slotRemoved' }),
      });
      void utils.availability.invalidate();
    },
    onError: (error) =>
      toast({
        title: intl.formatMessage({ id: 'scheduling.deleteFailed' }),
        description: errorMessage(error),
        variant: 'destructive',
      }),
  });
}
