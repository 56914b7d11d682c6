import { app } from './app';
import { integrations } from './integrations';
import { staff } from './staff';

/**
 * The English messages, by id (`area.name`), as ICU messages. One file per area of the product beside this one,
 * spread in here; an id is written once, in its area's file. The Spanish catalogue (../es) must have the same ids.
 */
export const messages = {
  ...app,
  ...staff,
  ...integrations,
} as const satisfies Record<string, string>;

export type MessageId = keyof typeof messages;
