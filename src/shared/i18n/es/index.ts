import type { MessageId } from '../en';
import { app } from './app';
import { home } from './home';
import { landing } from './landing';
import { mail } from './mail';

/** The Spanish messages: every English id, translated (the type makes a missing one fail the build). */
export const messages: Record<MessageId, string> = {
  ...app,
  ...landing,
  ...home,
  ...mail,
};
