import { destinationPolicy } from '../webhooks/destination';
import type { CalendarEnv } from './calendar-sync';
import { secretBoxOf } from './secret-box';

/** How this app instance reaches calendar servers and keeps their passwords, from its environment. */
export const calendarEnvOf = (env: {
  NODE_ENV: string;
  WEBHOOK_ALLOW_PRIVATE: boolean;
  SESSION_SECRET?: string;
  publicUrl: string;
}): CalendarEnv => ({ box: secretBoxOf(env), policy: destinationPolicy(env), publicUrl: env.publicUrl });
