import { calendarPushKind } from './calendar-push';
import { calendarPushes } from './calendar-push-queue';
import { calendarSyncKind } from './calendar-sync';

/** The connected calendars' jobs and subscribers; buildApp hands them to the runner. */
export const calendarJobs = [calendarSyncKind, calendarPushKind, calendarPushes] as const;
