import type { MessageId } from '../en';

/** The Spanish messages: every English id, translated (the type makes a missing one fail the build). */
import { app } from './app';
import { entities } from './entities';
import { landing } from './landing';
import { myWeek } from './myWeek';
import { profile } from './profile';
import { scheduling } from './scheduling';

export const messages: Record<MessageId, string> = {
  ...app,
  ...entities,
  ...landing,
  ...myWeek,
  ...profile,
  ...scheduling,
};
