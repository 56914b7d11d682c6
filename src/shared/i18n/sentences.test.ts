import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { tooManySentence } from '../../server/http/rate-limit-middleware';
import { cancellationNoticeMessage } from '../booking';
import { catalogueFor } from './catalogues';
import { messages as enMessages } from './en';
import { messages as esMessages } from './es';
import { sentences } from './es/sentences';
import { englishOf, issueMessage, listed, saySentence, sentence } from './sentence';

/*
 * Every sentence the code writes for people (error messages, the shared schemas' validation messages) comes out
 * in Spanish, every Spanish key is a sentence the code writes, and an ICU template keeps its arguments.
 */

const es = catalogueFor('es');
const root = join(import.meta.dirname, '../..');

// Answers for machines, not people: the payment provider's webhook calls, the readiness probe, the fake provider.
const forMachines = /(payment-webhook|health|stripe-fake)\.ts$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !forMachines.test(f))
    .map((f) => join(root, dir, f));
}

/** A 500 that no one sees: the answer says "Something went wrong on our side" instead. */
const neverShown = new Set(['Procedure has no access declaration']);

/** A template literal's text, its `${…}` parts left out. */
const textOf = (node: ts.TemplateExpression) =>
  node
    .getText()
    .slice(1, -1)
    .replace(/\$\{[^}]*\}/g, '');

/** What the server and the shared schemas say to people: plain sentences, and the templates of `sentence(…)`. */
function writtenSentences() {
  const files = [...sourceFiles('server'), ...sourceFiles('routers'), ...sourceFiles('shared')];
  // Types across our own files only (no node_modules): a few seconds instead of a whole type check.
  const program = ts.createProgram(files, { noResolve: true, types: [], skipLibCheck: true, strict: true });
  const checker = program.getTypeChecker();
  const plain = new Set<string>();
  const templates = new Set<string>();
  const filledIn = new Set<string>();
  const add = (text: string) => {
    if (/[a-z]{2}/i.test(text) && !neverShown.has(text)) plain.add(text);
  };
  const said = (node: ts.Expression) => {
    if (ts.isTemplateExpression(node)) return void filledIn.add(`${node.getSourceFile().fileName}: ${node.getText()}`);
    if (ts.isStringLiteralLike(node)) return add(node.text);
    if (ts.isConditionalExpression(node)) return [node.whenTrue, node.whenFalse].forEach(said);
    const type = checker.getTypeAtLocation(node);
    for (const part of type.isUnion() ? type.types : [type]) if (part.isStringLiteral()) add(part.value);
  };
  for (const file of program.getSourceFiles()) {
    if (!files.includes(file.fileName)) continue;
    const schema = /shared\/[\w-]+-schema\.ts$/.test(file.fileName);
    const visit = (node: ts.Node): void => {
      // Texts for the OpenAPI document and code comments are English only.
      if (ts.isPropertyAssignment(node) && /^(description|summary|id)$/.test(node.name.getText())) return;
      if (ts.isCallExpression(node) && /\.(meta|describe)$/.test(node.expression.getText())) return;
      if (ts.isCallExpression(node) && /^(sentence|issueMessage|labelMessage)$/.test(node.expression.getText())) {
        const [template] = node.arguments;
        if (template && ts.isStringLiteralLike(template)) templates.add(template.text);
        else if (template) said(template);
      }
      if (ts.isNewExpression(node) && node.expression.getText() === 'AppError' && node.arguments?.[1])
        said(node.arguments[1]);
      if (ts.isPropertyAssignment(node) && node.name.getText() === 'message' && !schema) said(node.initializer);
      // Arguments that become a message further on (`requirePermission(actor, permission, message)`).
      if (ts.isCallExpression(node)) {
        const parameters = checker.getResolvedSignature(node)?.getParameters() ?? [];
        node.arguments.forEach((arg, i) => {
          if (/^(message|refusal|label)$/.test(parameters[i]?.getName() ?? '')) said(arg);
        });
      }
      // In the schemas every text with a space is a message (or a label a message names).
      if (schema && ts.isStringLiteralLike(node)) {
        if (/[a-z] /i.test(node.text)) add(node.text);
        return;
      }
      if (schema && ts.isTemplateExpression(node) && /[a-z] /i.test(textOf(node))) return said(node);
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return { plain: [...plain], templates: [...templates], filledIn: [...filledIn] };
}

const written = writtenSentences();

function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.argument || element.type === TYPE.number) into.add(element.value);
    if (element.type === TYPE.select || element.type === TYPE.plural) {
      into.add(element.value);
      for (const option of Object.values(element.options)) argumentsOf(option.value, into);
    }
  }
  return into;
}

describe('the sentences the code writes, in Spanish', () => {
  it('finds the sentences to check', () => {
    expect(written.plain).toContain('Order not found');
    expect(written.plain).toContain("You don't have permission to feature products.");
    expect(written.plain).toContain('Price');
    expect(written.templates).toContain('{name} is out of stock.');
    expect(written.templates).toContain('{label} must be a number');
  });

  it('writes no sentence by filling values into English: a sentence with values is sentence(…) or issueMessage(…)', () => {
    // Another language could only find such a text by matching the English against patterns, which it does not.
    expect(written.filledIn).toEqual([]);
  });

  it('says every plain sentence in Spanish', () => {
    const untranslated = written.plain.filter((text) => saySentence(es, text) === text);
    expect(untranslated).toEqual([]);
  });

  it('has every template of a sentence with values, with the same arguments', () => {
    for (const template of written.templates) {
      const spanish = sentences[template];
      expect(spanish, template).toBeDefined();
      expect([...argumentsOf(parse(spanish!))].sort(), template).toEqual([...argumentsOf(parse(template))].sort());
    }
  });

  it("says a schema's messages without an ICU parser, as a page's script must", () => {
    const schemaTemplates = written.templates.filter((template) => template.includes('{label}'));
    expect(schemaTemplates.length).toBeGreaterThan(10);
    for (const template of schemaTemplates) {
      // Plain arguments only, in both languages: saySentence fills them in without a parser.
      expect(template.replace(/\{\w+\}/g, ''), template).not.toMatch(/[{}']/);
      expect(sentences[template]!.replace(/\{\w+\}/g, ''), template).not.toMatch(/[{}']/);
    }
  });

  it('has no key the code does not write', () => {
    const source = [...sourceFiles('server'), ...sourceFiles('routers'), ...sourceFiles('shared')]
      .filter((f) => !f.includes('/i18n/'))
      .map((f) => readFileSync(f, 'utf8'))
      .join('\n');
    // Written whole, as a string: a template is looked up as written, so a key that is only part of a text is dead.
    const written = (key: string) => ["'", '"', '`'].some((quote) => source.includes(`${quote}${key}${quote}`));
    expect(Object.keys(sentences).filter((key) => !written(key))).toEqual([]);
  });

  it('fills in values, names a label in the sentence, and leaves a field name as it is', () => {
    expect(saySentence(es, sentence('Only {count} of {name} in stock.', { count: 2, name: 'Tea' }))).toBe(
      'Solo quedan 2 de Tea en existencias.',
    );
    const price = issueMessage('{label} must be a number', { label: sentence('Price', {}) });
    expect(englishOf(price)).toBe('Price must be a number');
    expect(saySentence(es, price)).toBe('El precio debe ser un número');
    expect(saySentence(es, issueMessage('{label} is required', { label: sentence('Price', {}) }))).toBe(
      'Indica el precio',
    );
    expect(saySentence(es, issueMessage('{name} must be true or false', { name: 'isActive' }))).toBe(
      'isActive debe ser true o false',
    );
    expect(saySentence(es, 'A sentence nobody translated.')).toBe('A sentence nobody translated.');
  });

  it('looks a sentence up as written, never by matching English against a pattern', () => {
    // The filled-in English of a template is not a key: only the template and its values are said.
    expect(saySentence(es, 'Price must be a number')).toBe('Price must be a number');
    expect(saySentence(es, 'Tea is out of stock.')).toBe('Tea is out of stock.');
    expect(readFileSync(join(import.meta.dirname, 'sentence.ts'), 'utf8')).not.toMatch(/new RegExp/);
  });

  it('says the sentences and lists a sentence names first, in its language; a plain value stays as it is', () => {
    const said = sentence('Updated role {role}: {changes}', {
      role: 'Description',
      changes: listed(
        [
          sentence('description', {}),
          sentence('removed {permissions}', { permissions: listed(['Description', 'Price'], ', ') }),
          sentence('added {permissions}', { permissions: sentence('none', {}) }),
        ],
        '; ',
      ),
    });
    expect(englishOf(said)).toBe('Updated role Description: description; removed Description, Price; added none');
    expect(saySentence(es, said)).toBe(
      'Actualizó el rol Description: descripción; quitó la descripción, el precio; añadió ninguno',
    );
  });

  it('says plurals and choices in each language', () => {
    expect(englishOf(tooManySentence(undefined, 30))).toBe('Too many attempts. Please wait 30 seconds and try again.');
    expect(englishOf(tooManySentence('messages', 61))).toBe(
      "You're sending messages too quickly. Please wait 2 minutes and try again.",
    );
    expect(saySentence(es, tooManySentence(undefined, 1))).toBe(
      'Demasiados intentos. Espera 1 segundo y vuelve a intentarlo.',
    );
    const partly = sentence(
      'This order is already {status, select, partially_refunded {partially refunded} other {{status}}}.',
      {
        status: 'partially_refunded',
      },
    );
    expect(saySentence(es, partly)).toBe('Este pedido ya está reembolsado en parte.');
    // English says the status in words too, never its name in the API.
    expect(saySentence(catalogueFor('en'), partly)).toBe('This order is already partially refunded.');
  });
});

describe('the messages in Spanish', () => {
  it('has the arguments of every English message', () => {
    for (const [id, english] of Object.entries(enMessages)) {
      const spanish = esMessages[id as keyof typeof enMessages];
      expect([...argumentsOf(parse(spanish))].sort(), id).toEqual([...argumentsOf(parse(english))].sort());
    }
  });

  it("says the profile's notice in the words of the server's refusal", () => {
    // The profile shows it before the customer tries; the server says it when they try anyway.
    const { template } = cancellationNoticeMessage(24);
    expect(enMessages['profile.tooLateToChange']).toBe(template);
    expect(esMessages['profile.tooLateToChange']).toBe(sentences[template]);
  });
});
