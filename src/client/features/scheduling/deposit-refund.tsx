import { Button } from '../../components/ui/button';
import { DepositStatus } from '../../entities/appointments/deposit-status';
import { useCurrentUser } from '../../lib/session';
import { can } from '../../../shared/roles';
import { useDepositRefund, type CalendarAppointment } from './scheduling-api';

/** The deposit's state and, for staff who issue refunds, Refund Deposit while it is paid. */
export function DepositRefund({ appointment }: { appointment: CalendarAppointment }) {
  const { user } = useCurrentUser();
  const refund = useDepositRefund();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <DepositStatus appointment={appointment} />
      {appointment.paymentStatus === 'paid' && can(user, 'payments.refunds') && (
        <Button
          size="sm"
          variant="outline"
          disabled={refund.isPending}
          onClick={() => refund.mutate({ id: appointment.id })}
        >
          Refund Deposit
        </Button>
      )}
    </div>
  );
}
