import { createIntl, type IntlShape } from '@formatjs/intl';
import type { Catalogue } from './catalogue';
import { INTL_TAGS } from './locales';
import type { MessageId } from './en';
import { formatMoney } from '../orders';

/**
 * A sentence the code writes in English where it is made (an error message, a schema's validation message, an
 * audit log entry): an ICU template and its values, kept apart so that it can be said in another language. The
 * template is the key of its translations (es/sentences.ts), looked up as written; a sentence without values is
 * a plain string. A value may itself be a sentence (a label, `sentence('Price', {})`; a plain string value is
 * data, said as it is).
 */
export interface Sentence {
  readonly template: string;
  readonly values: Readonly<Record<string, string | number | Money | Sentence | Listed>>;
}

/** An amount a sentence names: written as the sentence's language writes money (`$12.00`, `12,00 €`). */
interface Money {
  readonly amount: string;
  readonly currency: string;
}

/**
 * Sentences a sentence names one after another (the changes an update made, the permissions of a role), each said
 * in the sentence's language before it is put in. A plain string here is a sentence too, looked up as written.
 */
interface Listed {
  readonly list: readonly (Sentence | string)[];
  readonly separator: string;
}

export const sentence = (template: string, values: Sentence['values']): Sentence => ({ template, values });

export const money = (amount: string, currency: string): Money => ({ amount, currency });

export const listed = (list: Listed['list'], separator: string): Listed => ({ list, separator });

/**
 * A sentence where only text can be kept: a zod issue's message (zod keeps a string), a calendar connection's
 * last error in its column. A plain sentence is itself; one with values is its JSON, which saySentence reads back.
 */
export const sentenceText = (said: Sentence | string): string =>
  typeof said === 'string' ? said : JSON.stringify(said);

/**
 * A schema's validation message that names values (a field's label, a limit): `issueMessage('{label} must be a
 * number', { label: sentence('Price', {}) })`. Zod keeps it as text (sentenceText); every place that shows an
 * issue says it with saySentence (the error answers, the client's useSentence). A limit is given as text, as the
 * English has always written it (`1000`, not `1,000`).
 */
export const issueMessage = (template: string, values: Sentence['values']): string =>
  sentenceText(sentence(template, values));

/**
 * A schema's message about a field named by its label: `labelMessage('{label} must be a number', 'Price')`. The
 * label is a sentence of its own (`Price` is `el precio`, and a sentence it begins is capitalised); a field's
 * name as the API spells it (`isActive`) is data instead, given to issueMessage as it is.
 */
export const labelMessage = (template: string, label: string, values: Sentence['values'] = {}): string =>
  issueMessage(template, { label: sentence(label, {}), ...values });

/** The sentence a text holds: the JSON of one with values (sentenceText), else the plain sentence it is. */
function sentenceOf(text: string): Sentence | string {
  if (!text.startsWith('{"template":')) return text;
  try {
    const parsed = JSON.parse(text) as Partial<Sentence>;
    const isSentence = typeof parsed.template === 'string' && typeof parsed.values === 'object' && parsed.values;
    return isSentence ? (parsed as Sentence) : text;
  } catch {
    return text;
  }
}

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

/** A value as the catalogue's language says it: money formatted, a sentence or a list said first, data as it is. */
function sayValue(catalogue: Speaker, value: Sentence['values'][string]): string | number {
  if (typeof value !== 'object') return value;
  if ('amount' in value) return formatMoney(value.amount, value.currency, catalogue.locale);
  if ('list' in value) return value.list.map((item) => saySentence(catalogue, item)).join(value.separator);
  return saySentence(catalogue, value);
}

/** A template whose arguments are all plain (`{name}`): no plural, select or quoting. */
const PLAIN_ARGUMENT = /\{(\w+)\}/g;
const isPlain = (template: string) => !/[{}']/.test(template.replace(PLAIN_ARGUMENT, ''));

/**
 * A sentence in the catalogue's language; one it has no translation for stays English. A plain string is looked
 * up as written (it is not ICU: a schema message may hold braces, `{productId, quantity}`), and so is a
 * sentence's template. A template with plain arguments only is filled in as ICU would fill it, without its
 * parser (a page's script has none: a form says its schema's messages); plurals and selects are the server's.
 * A translation that begins with a sentence it names (a label: `{label} debe ser un número`, `el precio`) begins
 * with a capital.
 */
export function saySentence(catalogue: Speaker, said: Sentence | string): string {
  const read = typeof said === 'string' ? sentenceOf(said) : said;
  if (typeof read === 'string') return catalogue.sentences[read] ?? read;
  const translation = catalogue.sentences[read.template] ?? read.template;
  const values = Object.fromEntries(
    Object.entries(read.values).map(([name, value]) => [name, sayValue(catalogue, value)]),
  );
  const text = isPlain(translation)
    ? translation.replace(PLAIN_ARGUMENT, (whole, name: string) => {
        const value = values[name];
        if (value === undefined) return whole;
        return typeof value === 'number' ? new Intl.NumberFormat(INTL_TAGS[catalogue.locale]).format(value) : value;
      })
    : // Sentences are keyed by their English, not by the screens' message ids the id type lists.
      formatterOf(catalogue).formatMessage({ id: read.template as MessageId, defaultMessage: read.template }, values);
  const lead = /^\{(\w+)\}/.exec(translation)?.[1];
  const leadsWithSentence =
    lead !== undefined && typeof read.values[lead] === 'object' && 'template' in read.values[lead];
  return leadsWithSentence ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}

const ENGLISH: Speaker = { locale: 'en', sentences: {} };

/** The sentence as the code wrote it: English, its values in place. */
export const englishOf = (said: Sentence | string) => saySentence(ENGLISH, said);
