import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { printAST } from '@formatjs/icu-messageformat-parser/printer.js';
import type { Catalogue } from './catalogue';
import { messages as enMessages } from './en';
import { sentences as esSentences } from './es/sentences';

/**
 * A pseudo language, for tests only: every literal text of a catalogue accented and wrapped in markers
 * (`Save` is `⟦Šàvé⟧`), its arguments, plurals, selects and tags kept as they are. A page in it shows at a glance
 * which texts come from the catalogue: any plain English left on it was written in the code.
 */
export const PSEUDO_OPEN = '⟦';
const PSEUDO_CLOSE = '⟧';

const ACCENTS: Record<string, string> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((letter, i) => [
    letter,
    [...'àƀçđéƒĝĥíĵķļɱñóþǫŕšţúṽŵẋýžÀƁÇĐÉƑĜĤÍĴĶĻṀÑÓÞǪŔŠŢÚṼŴẊÝŽ'][i]!,
  ]),
);

/** Letters accented, the rest (spaces, digits, punctuation) as it is. */
const accent = (text: string) => text.replace(/[a-zA-Z]/g, (letter) => ACCENTS[letter]!);

/** A literal text as the pseudo language writes it: accented, between the markers (blank text is left alone). */
const pseudoText = (text: string) => (text.trim() ? `${PSEUDO_OPEN}${accent(text)}${PSEUDO_CLOSE}` : text);

function pseudoElements(elements: MessageFormatElement[]): MessageFormatElement[] {
  return elements.map((element) => {
    switch (element.type) {
      case TYPE.literal:
        return { ...element, value: pseudoText(element.value) };
      case TYPE.plural:
      case TYPE.select:
        return {
          ...element,
          options: Object.fromEntries(
            Object.entries(element.options).map(([key, option]) => [
              key,
              { ...option, value: pseudoElements(option.value) },
            ]),
          ),
        };
      case TYPE.tag:
        return { ...element, children: pseudoElements(element.children) };
      default:
        return element;
    }
  });
}

/** An ICU message in the pseudo language: its literal texts accented and marked, everything else kept. */
export const pseudoMessage = (message: string): string => printAST(pseudoElements(parse(message)));

/**
 * A sentence key (es/sentences.ts) in the pseudo language. A plain sentence is used as written and a template
 * with plain `{name}` arguments is filled in as text (src/shared/i18n/sentence.ts), so only the other ICU
 * templates go through the ICU printer; the rest keep their braces and apostrophes as they are.
 */
function pseudoSentence(key: string): string {
  const asText = () =>
    key
      .split(/(\{[^{}]*\})/)
      .map((part) => (/^\{[^{}]*\}$/.test(part) ? part : pseudoText(part)))
      .join('');
  if (/^[^{}<']*(\{\w+\}[^{}<']*)*$/.test(key)) return asText();
  try {
    return pseudoMessage(key);
  } catch {
    // Not ICU: a plain sentence that holds braces (`{productId, quantity}`), used as written.
    return asText();
  }
}

/**
 * The pseudo language: the English messages, and the English sentences the code writes (the keys of the Spanish
 * ones), each in the pseudo language. Numbers, money and dates are formatted as in English.
 */
export function pseudoCatalogue(): Catalogue {
  return {
    locale: 'en',
    messages: Object.fromEntries(
      Object.entries(enMessages).map(([id, message]) => [id, pseudoMessage(message)]),
    ) as Catalogue['messages'],
    sentences: Object.fromEntries(Object.keys(esSentences).map((key) => [key, pseudoSentence(key)])),
  };
}

/** A text with every marked part taken out (marked parts may hold marked parts: a label in a sentence). */
export function withoutPseudoText(text: string): string {
  const marked = new RegExp(`${PSEUDO_OPEN}[^${PSEUDO_OPEN}${PSEUDO_CLOSE}]*${PSEUDO_CLOSE}`, 'g');
  let rest = text;
  for (let before = ''; before !== rest;) {
    before = rest;
    rest = rest.replace(marked, ' ');
  }
  return rest;
}
