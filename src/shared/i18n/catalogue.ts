import type { Locale } from './locales';
import type { MessageId } from './en';

/** What a page or an e-mail needs to speak one language: its messages by id, and its translated sentences. */
export interface Catalogue {
  locale: Locale;
  messages: Record<MessageId, string>;
  sentences: Record<string, string>;
}
