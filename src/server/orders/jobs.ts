import { orderAudit } from './order-audit';
import { orderMails } from './order-mail';

/** The orders' jobs and subscribers; buildApp hands them to the runner. */
export const orderJobs = [orderMails, orderAudit] as const;
