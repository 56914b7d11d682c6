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
import { englishOf, listed, saySentence, sentence } from './sentence';

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

/** The text of a literal; a template's `${…}` parts become a sample value (`7`). */
const textOf = (node: ts.Node) =>
  ts.isTemplateExpression(node)
    ? node
        .getText()
        .slice(1, -1)
        .replace(/\$\{[^}]*\}/g, '7')
    : (node as ts.StringLiteral).text;

/** What the server and the shared schemas say to people: plain sentences, and the templates of `sentence(…)`. */
function writtenSentences() {
  const files = [...sourceFiles('server'), ...sourceFiles('routers'), ...sourceFiles('shared')];
  // Types across our own files only (no node_modules): a few seconds instead of a whole type check.
  const program = ts.createProgram(files, { noResolve: true, types: [], skipLibCheck: true, strict: true });
  const checker = program.getTypeChecker();
  const plain = new Set<string>();
  const templates = new Set<string>();
  const add = (text: string) => {
    if (/[a-z]{2}/i.test(text) && !neverShown.has(text)) plain.add(text);
  };
  const said = (node: ts.Expression) => {
    if (ts.isTemplateExpression(node) || ts.isStringLiteralLike(node)) return add(textOf(node));
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
      if (ts.isCallExpression(node) && node.expression.getText() === 'sentence') {
        const [template] = node.arguments;
        if (template && ts.isStringLiteralLike(template)) templates.add(template.text);
        return;
      }
      if (ts.isNewExpression(node) && node.expression.getText() === 'AppError' && node.arguments?.[1])
        said(node.arguments[1]);
      if (ts.isPropertyAssignment(node) && node.name.getText() === 'message' && !schema) said(node.initializer);
      // Arguments that become a message further on (`requirePermission(actor, permission, message)`).
      if (ts.isCallExpression(node)) {
        const parameters = checker.getResolvedSignature(node)?.getParameters() ?? [];
        node.arguments.forEach((arg, i) => {
          if (/^(message|refusal)$/.test(parameters[i]?.getName() ?? '')) said(arg);
        });
      }
      // In the schemas every text with a space is a message (or a label a message names).
      if (schema && (ts.isStringLiteralLike(node) || ts.isTemplateExpression(node))) {
        const text = textOf(node);
        if (/[a-z] /i.test(text)) add(text);
        return;
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return { plain: [...plain], templates: [...templates] };
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
    expect(written.plain).toContain('7 must be a number');
    expect(written.templates).toContain('{name} is out of stock.');
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

  it('has no key the code does not write', () => {
    const source = [...sourceFiles('server'), ...sourceFiles('routers'), ...sourceFiles('shared')]
      .filter((f) => !f.includes('/i18n/'))
      .map((f) => readFileSync(f, 'utf8'))
      .join('\n');
    // A key's `{name}` parts stand for whatever the code puts there (`${label}`, a number, a constant).
    const written = (key: string) =>
      source.includes(key) ||
      new RegExp(
        key
          .split(/\{\w+\}/)
          .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
          .join('(?:\\$\\{[^}]*\\}|\\w+)'),
      ).test(source);
    expect(Object.keys(sentences).filter((key) => !written(key))).toEqual([]);
  });

  it('fills in values, names a label in the sentence, and leaves a field name as it is', () => {
    expect(saySentence(es, sentence('Only {count} of {name} in stock.', { count: 2, name: 'Tea' }))).toBe(
      'Solo quedan 2 de Tea en existencias.',
    );
    expect(saySentence(es, 'Price must be a number')).toBe('El precio debe ser un número');
    expect(saySentence(es, 'Duration must be at most 480 minutes')).toBe(
      'La duración debe ser como máximo de 480 minutos',
    );
    expect(saySentence(es, 'isActive must be true or false')).toBe('isActive debe ser true o false');
    expect(saySentence(es, 'A sentence nobody translated.')).toBe('A sentence nobody translated.');
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
    expect(saySentence(es, sentence('This order is already {status}.', { status: 'partially_refunded' }))).toBe(
      'Este pedido ya está reembolsado en parte.',
    );
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
