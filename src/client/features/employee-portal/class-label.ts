import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { heldSeats } from '../../entities/appointments/class-sessions';

/** "Class · 3 attendees" in the page's language: a session named by the seats still held. */
export function useClassLabel(): (seats: readonly { status: string }[]) => string {
  const intl = useIntl();
  return useCallback(
    (seats) => intl.formatMessage({ id: 'employeePortal.classAttendees' }, { count: heldSeats(seats).length }),
    [intl],
  );
}
