import { calendarPushKind } from './calendar-push';
import { calendarSyncKind } from './calendar-sync';

/** The connected calendars' jobs and subscribers; buildApp hands them to the runner. */
export const calendarJobs = [calendarSyncKind, calendarPushKind] as const;
