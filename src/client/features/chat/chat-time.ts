import { format, isToday } from 'date-fns';

/** A message's time as hour:minute. */
export const messageTime = (createdAt: string) => format(new Date(createdAt), 'HH:mm');

/** In the inbox, older messages also name their day. */
export const inboxTime = (createdAt: string) => {
  const date = new Date(createdAt);
  return isToday(date) ? format(date, 'HH:mm') : format(date, 'MMM d, HH:mm');
};
