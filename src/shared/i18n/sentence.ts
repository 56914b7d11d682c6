import { createIntl, type IntlShape } from '@formatjs/intl';
import type { Catalogue } from './catalogue';
import { INTL_TAGS } from './locales';
import type { MessageId } from './en';
import { formatMoney } from '../orders';

/**
 * A sentence the code writes in English where it is made (an error message, a schema's validation message, an
 * audit log entry): an ICU template and its values, kept apart so that it can be said in another language. The
 * template is the key of its translations (es/sentences.ts); a sentence without values is a plain string. A value
 * may itself be a sentence (a plain one as `sentence(text, {})`: a plain string value is data, said as it is).
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

type Speaker = Pick<Catalogue, 'locale' | 'sentences'>;

const formatters = new WeakMap<Speaker, IntlShape>();
const patternsOf = new WeakMap<Speaker, Pattern[]>();

interface Pattern {
  match: RegExp;
  names: string[];
  translation: string;
}

/**
 * The keys with plain `{name}` parts, as patterns: a schema writes `${label} must be a number` for many labels,
 * and one key, `{label} must be a number`, says them all. The most specific (longest fixed text) is tried first.
 */
function patterns(speaker: Speaker): Pattern[] {
  let list = patternsOf.get(speaker);
  if (!list) {
    list = Object.entries(speaker.sentences)
      .filter(([key]) => /\{\w+\}/.test(key) && !/[{}]/.test(key.replace(/\{\w+\}/g, '')))
      .sort(([a], [b]) => b.replace(/\{\w+\}/g, '').length - a.replace(/\{\w+\}/g, '').length)
      .map(([key, translation]) => ({
        match: new RegExp(
          `^${key
            .split(/\{\w+\}/)
            .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
            .join('(.+?)')}$`,
        ),
        names: [...key.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!),
        translation,
      }));
    patternsOf.set(speaker, list);
  }
  return list;
}

/** A plain sentence by a pattern key: each value is said too (a label: `Price` is `el precio`). */
function sayByPattern(speaker: Speaker, text: string): string | undefined {
  for (const { match, names, translation } of patterns(speaker)) {
    const found = match.exec(text);
    if (!found) continue;
    const values = Object.fromEntries(names.map((name, i) => [name, found[i + 1]!]));
    const said = translation.replace(/\{(\w+)\}/g, (whole, name: string) =>
      name in values ? (speaker.sentences[values[name]!] ?? values[name]!) : whole,
    );
    // A translated label is written lowercase (`el precio`), but a sentence it leads starts uppercase; a field
    // name left as it is (`isActive`) keeps its case.
    const lead = /^\{(\w+)\}/.exec(translation)?.[1];
    const capitalise =
      lead !== undefined && values[lead] !== undefined && speaker.sentences[values[lead]] !== undefined;
    return capitalise ? said.charAt(0).toUpperCase() + said.slice(1) : said;
  }
  return undefined;
}

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

/**
 * A sentence in the catalogue's language; one it has no translation for stays English. A plain string is looked
 * up as written, then by the pattern keys; it is not ICU (a schema message may hold braces,
 * `{productId, quantity}`).
 */
export function saySentence(catalogue: Speaker, said: Sentence | string): string {
  if (typeof said === 'string') return catalogue.sentences[said] ?? sayByPattern(catalogue, said) ?? said;
  // Sentences are keyed by their English, not by the screens' message ids the id type lists.
  const id = said.template as MessageId;
  const values = Object.fromEntries(
    Object.entries(said.values).map(([name, value]) => [name, sayValue(catalogue, value)]),
  );
  return formatterOf(catalogue).formatMessage({ id, defaultMessage: said.template }, values);
}

const ENGLISH: Speaker = { locale: 'en', sentences: {} };

/** The sentence as the code wrote it: English, its values in place. */
export const englishOf = (said: Sentence | string) => saySentence(ENGLISH, said);
