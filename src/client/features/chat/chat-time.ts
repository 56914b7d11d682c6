import { format, isToday } from 'date-fns';
import { INTL_TAGS } from '../../../shared/i18n/locales';
import { pageLocale } from '../../lib/page-state';

/*
 * A chat reads in the reader's own clock (a conversation is live, not an appointment). English keeps the texts
 * it has always shown; another language takes Intl's words and order for the same parts.
 */
const clock = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;

const inLocale = (date: Date, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat(INTL_TAGS[pageLocale()], options).format(date);

/** A message's time as hour:minute. */
export const messageTime = (createdAt: string) => {
  const date = new Date(createdAt);
  return pageLocale() === 'en' ? format(date, 'HH:mm') : inLocale(date, clock);
};

/** In the inbox, older messages also name their day. */
export const inboxTime = (createdAt: string) => {
  const date = new Date(createdAt);
  if (isToday(date)) return messageTime(createdAt);
  return pageLocale() === 'en'
    ? format(date, 'MMM d, HH:mm')
    : inLocale(date, { month: 'short', day: 'numeric', ...clock });
};
