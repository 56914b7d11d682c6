import { AppError } from '../app-error';

/** Deeper than any input of the API (a few levels); the walks that follow parsing (this one among them) stay small. */
const MAX_DEPTH = 32;

/**
 * Valid JSON that no database column can hold, refused as the request's input with a sentence: a NUL character
 * (PostgreSQL's text and jsonb refuse it), a lone UTF-16 surrogate (not a character, so not UTF-8: jsonb refuses
 * its escape, text turns it into U+FFFD), and nesting beyond MAX_DEPTH (a recursive walk of it, such as the
 * Idempotency-Key fingerprint, would run out of stack). Keys are text too.
 */
export function checkInputText(value: unknown, depth = 0): void {
  if (typeof value === 'string') return checkText(value);
  if (typeof value !== 'object' || value === null) return;
  if (depth >= MAX_DEPTH) throw new AppError('BAD_REQUEST', 'The request body is nested too deeply.');
  if (Array.isArray(value)) {
    for (const item of value) checkInputText(item, depth + 1);
    return;
  }
  for (const [key, item] of Object.entries(value)) {
    checkText(key);
    checkInputText(item, depth + 1);
  }
}

function checkText(text: string) {
  if (text.includes('\u0000')) throw new AppError('BAD_REQUEST', "Text can't contain the NUL character (U+0000).");
  if (!text.isWellFormed())
    throw new AppError(
      'BAD_REQUEST',
      'Text must be valid Unicode: a lone surrogate (U+D800 to U+DFFF) is not a character.',
    );
}
