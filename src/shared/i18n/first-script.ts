import { messages } from './en';
import type { MessageId } from './en';
import { sentences } from './es/sentences';

/**
 * Which texts a page's first script can say (docs/i18n.md, "What a page carries"): a page's HTML carries only
 * these, and the page fetches the rest of its catalogue after its first paint, or before it shows a screen of
 * a later script. The build finds them in the first script's code and writes them beside the client, in this
 * file.
 */
export const FIRST_SCRIPT_TEXTS_FILE = 'first-script-texts.json';

export interface FirstScriptTexts {
  messages: MessageId[];
  /** English sentences (the keys of a language's sentences) written in the first script. */
  sentences: string[];
}

const ids = Object.keys(messages) as MessageId[];

/**
 * The message ids and sentences that appear in `code` (the first script, minified). Ids are string literals
 * that minification keeps; a literal ending in `.` or followed by `${` (`'orders.status.' + status`,
 * `` `catalog.${kind}Title` ``) is a prefix, and brings every id it begins. A sentence counts when it appears as
 * written (a plain sentence, a template, a label); one the code passes on as a variable does not, which the
 * fetch of the rest after the first paint covers.
 */
export function firstScriptTexts(code: string): FirstScriptTexts {
  const found = new Set<MessageId>();
  for (const [, literal, next] of code.matchAll(/["'`]([A-Za-z]\w*\.[\w.]*)(["'`]|\$\{)/g)) {
    const prefix = next === '${' || literal!.endsWith('.');
    for (const id of ids) if (prefix ? id.startsWith(literal!) : id === literal) found.add(id);
  }
  return {
    messages: ids.filter((id) => found.has(id)),
    sentences: Object.keys(sentences).filter((sentence) => code.includes(sentence)),
  };
}
