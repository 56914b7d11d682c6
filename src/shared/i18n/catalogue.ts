import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { Locale } from './locales';
import type { MessageId } from './en';

/** What a page or an e-mail needs to speak one language: its messages by id, and its translated sentences. */
export interface Catalogue {
  locale: Locale;
  messages: Record<MessageId, string>;
  sentences: Record<string, string>;
}

/**
 * A catalogue as a page carries it: its messages parsed into ICU syntax trees by the server, so the page's script
 * formats them without an ICU parser (the build leaves the parser out: vite.config.ts). Sentences stay as written:
 * the client looks them up as text.
 */
export interface PageCatalogue extends Omit<Catalogue, 'messages'> {
  messages: Partial<Record<MessageId, MessageFormatElement[]>>;
}
