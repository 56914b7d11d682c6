import { createIntl, type IntlShape } from '@formatjs/intl';
import type { Catalogue } from './catalogue';
import { INTL_TAGS } from './locales';

/**
 * A sentence the code writes in English where it is made (an error message, a schema's validation message):
 * an ICU template and its values, kept apart so that it can be said in another language. The template is the
 * key of its translations (es/sentences.ts); a sentence without values is a plain string.
 */
export interface Sentence {
  readonly template: string;
  readonly values: Readonly<Record<string, string | number>>;
}

export const sentence = (template: string, values: Sentence['values']): Sentence => ({ template, values });

type Speaker = Pick<Catalogue, 'locale' | 'sentences'>;

const formatters = new WeakMap<Speaker, IntlShape>();

function formatterOf(speaker: Speaker): IntlShape {
  let intl = formatters.get(speaker);
  if (!intl) {
    // A missing translation is expected (the sentence stays English), not an error to report.
    intl = createIntl({ locale: INTL_TAGS[speaker.locale], messages: speaker.sentences, onError: () => {} });
    formatters.set(speaker, intl);
  }
  return intl;
}

/**
 * A sentence in the catalogue's language; one it has no translation for stays English. A plain string is used
 * as written (it is not ICU: a schema message may hold braces, `{productId, quantity}`).
 */
export function saySentence(catalogue: Speaker, said: Sentence | string): string {
  if (typeof said === 'string') return catalogue.sentences[said] ?? said;
  return formatterOf(catalogue).formatMessage({ id: said.template, defaultMessage: said.template }, said.values);
}

const ENGLISH: Speaker = { locale: 'en', sentences: {} };

/** The sentence as the code wrote it: English, its values in place. */
export const englishOf = (said: Sentence | string) => saySentence(ENGLISH, said);
