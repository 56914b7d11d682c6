import type { MessageId } from '../en';

/** The Spanish messages: every English id, translated (the type makes a missing one fail the build). */
import { app } from './app';
import { integrations } from './integrations';
import { staff } from './staff';

export const messages: Record<MessageId, string> = {
  ...app,
  ...staff,
  ...integrations,
};
