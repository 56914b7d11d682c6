import type { IntlShape } from 'react-intl';
import { trpc } from '../../lib/trpc';
import { longDayLabelOf } from '../../lib/zoned-time';

/** The signed-in customer's waitlist: the booking pages join it, the profile lists and leaves it. */

export function useMyWaitlist() {
  return trpc.waitlist.list.useQuery();
}

export function useJoinWaitlist() {
  const utils = trpc.useUtils();
  return trpc.waitlist.join.useMutation({ onSettled: () => utils.waitlist.list.invalidate() });
}

export function useLeaveWaitlist() {
  const utils = trpc.useUtils();
  return trpc.waitlist.leave.useMutation({ onSettled: () => utils.waitlist.list.invalidate() });
}

/** "Swedish Massage with Ana Díaz on Monday, November 30, 2026": what an entry waits for, as a person reads it. */
export function waitedFor(
  intl: IntlShape,
  entry: { serviceName: string; employeeName: string | null; date: string },
): string {
  const values = { service: entry.serviceName, date: longDayLabelOf(entry.date) };
  return entry.employeeName
    ? intl.formatMessage({ id: 'entities.waitedForWith' }, { ...values, employee: entry.employeeName })
    : intl.formatMessage({ id: 'entities.waitedFor' }, values);
}
