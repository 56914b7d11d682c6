import { webhookKind } from './delivery';
import { eventsCleanupKind } from './event-log';

/** The webhooks' jobs and subscribers; buildApp hands them to the runner. */
export const webhookJobs = [webhookKind, eventsCleanupKind] as const;
