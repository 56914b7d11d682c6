import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { messages as en } from './en';
import { messages as es } from './es';
import { sentences } from './es/sentences';

/**
 * The names of an ICU message's arguments (`{count, plural, …}` names count), inside plurals and tags too; none for
 * a sentence that is not ICU.
 */
function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
      names.add(element.value);
      if (element.type === TYPE.plural || element.type === TYPE.select)
        Object.values(element.options).forEach((option) => walk(option.value));
      if (element.type === TYPE.tag) walk(element.children);
    }
  };
  try {
    walk(parse(message));
  } catch {
    // Not ICU: a plain sentence, used as written (src/shared/i18n/sentence.ts), has no arguments.
  }
  return [...names].sort();
}

/** Every source file that can say a message or a sentence: the code, not the catalogues or the tests. */
function sources(): string {
  const files: string[] = [];
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (path !== join('src', 'shared', 'i18n')) visit(path);
      } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) files.push(path);
    }
  };
  visit('src');
  return files.map((file) => readFileSync(file, 'utf8')).join('\n');
}

describe('the catalogues', () => {
  const code = sources();

  it('have the same ids in every language', () => {
    expect(Object.keys(es).sort()).toEqual(Object.keys(en).sort());
  });

  it('have no id that no code uses (an id is written whole, as a string, where it is used)', () => {
    const unused = Object.keys(en).filter((id) => !code.includes(`'${id}'`) && !code.includes(`"${id}"`));
    expect(unused).toEqual([]);
  });

  it('give every translation the arguments of its English message', () => {
    const mismatched = Object.entries(en)
      .filter(([id, message]) => argumentsOf(es[id as keyof typeof es]).join() !== argumentsOf(message).join())
      .map(([id]) => id);
    expect(mismatched).toEqual([]);
  });

  it('translate sentences the code writes, with the same arguments', () => {
    for (const [english, spanish] of Object.entries(sentences)) {
      expect(code.includes(english), `"${english}" is in no source file`).toBe(true);
      expect(argumentsOf(spanish), english).toEqual(argumentsOf(english));
    }
  });

  it('parse a sentence that is no ICU message (a schema message naming `{productId, quantity}`) as text', () => {
    expect(argumentsOf('Send {productId, quantity}')).toEqual([]);
    expect(argumentsOf('{n, plural, one {# person} other {# people}} in {place}')).toEqual(['n', 'place']);
  });
});
