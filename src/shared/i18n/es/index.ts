import type { MessageId } from '../en';

/** The Spanish messages: every English id, translated (the type makes a missing one fail the build). */
import { app } from './app';
import { chat } from './chat';
import { discounts } from './discounts';
import { employeeApplications } from './employeeApplications';
import { landing } from './landing';
import { orders } from './orders';
import { settings } from './settings';

export const messages: Record<MessageId, string> = {
  ...app,
  ...landing,
  ...orders,
  ...discounts,
  ...chat,
  ...settings,
  ...employeeApplications,
};
