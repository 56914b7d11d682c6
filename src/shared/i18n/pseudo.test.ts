import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { printAST } from '@formatjs/icu-messageformat-parser/printer.js';
import { createIntl } from '@formatjs/intl';
import { describe, expect, it } from 'vitest';
import { messages as en } from './en';
import { pseudoCatalogue, pseudoMessage, withoutPseudoText } from './pseudo';
import { labelMessage, saySentence, sentence } from './sentence';

const pseudo = pseudoCatalogue();

/** A message without its literal texts: its arguments, plurals, selects and tags, as ICU. */
function structure(message: string): string {
  const strip = (elements: MessageFormatElement[]): MessageFormatElement[] =>
    elements.flatMap((element): MessageFormatElement[] => {
      if (element.type === TYPE.literal) return [];
      if (element.type === TYPE.tag) return [{ ...element, children: strip(element.children) }];
      if (element.type === TYPE.plural || element.type === TYPE.select)
        return [
          {
            ...element,
            options: Object.fromEntries(
              Object.entries(element.options).map(([key, option]) => [key, { ...option, value: strip(option.value) }]),
            ),
          },
        ];
      return [element];
    });
  return printAST(strip(parse(message)));
}
const intl = createIntl({ locale: 'en-US', messages: pseudo.messages });

describe('the pseudo language', () => {
  it('accents and marks the literal text, and keeps arguments, plurals and tags', () => {
    expect(pseudoMessage('Save')).toBe('⟦Šàṽé⟧');
    expect(pseudoMessage('Class · {count, plural, one {# attendee} other {# attendees}}')).toBe(
      '⟦Çļàšš · ⟧{count,plural,one{#⟦ àţţéñđéé⟧} other{#⟦ àţţéñđééš⟧}}',
    );
    expect(pseudoMessage('New here? <link>Apply</link>')).toBe('⟦Ñéŵ ĥéŕé? ⟧<link>⟦Àþþļý⟧</link>');
    expect(pseudoMessage("It's {name}'s turn")).toBe("⟦Íţ'š ⟧{name}⟦'š ţúŕñ⟧");
  });

  it('has every message, and each one formats with its values', () => {
    expect(Object.keys(pseudo.messages).sort()).toEqual(Object.keys(en).sort());
    const attendees = (count: number) => intl.formatMessage({ id: 'entities.classAttendees' }, { count });
    expect(attendees(1)).toBe('⟦Çļàšš · ⟧1⟦ àţţéñđéé⟧');
    expect(attendees(3)).toBe('⟦Çļàšš · ⟧3⟦ àţţéñđééš⟧');
    expect(
      intl.formatMessage({ id: 'employeePortal.newHere' }, { link: (chunks: string[]) => `[${chunks.join('')}]` }),
    ).toBe('⟦Ñéŵ ĥéŕé? ⟧[⟦Àþþļý ţó ĵóíñ óúŕ ţéàɱ⟧]');
    // Every message keeps its arguments, plurals, selects and tags: only the literal texts differ.
    const changed = (Object.keys(en) as (keyof typeof en)[]).filter(
      (id) => structure(pseudo.messages[id]) !== structure(en[id]),
    );
    expect(changed).toEqual([]);
  });

  it('says the sentences the code writes: plain, a schema message with its label said too, and ICU templates', () => {
    expect(saySentence(pseudo, 'Price')).toBe('⟦Þŕíçé⟧');
    expect(saySentence(pseudo, labelMessage('{label} must be a number', 'Price'))).toBe('⟦Þŕíçé⟧⟦ ɱúšţ ƀé à ñúɱƀéŕ⟧');
    expect(saySentence(pseudo, sentence('A discount code {code} already exists.', { code: 'SPRING' }))).toBe(
      '⟦À đíšçóúñţ çóđé ⟧SPRING⟦ àļŕéàđý éẋíšţš.⟧',
    );
  });

  it('leaves only what is not marked once the marked text is taken out', () => {
    expect(withoutPseudoText('⟦Ŵéļçóɱé ţó ⟧Harbor & Pine⟦!⟧ Save')).toBe(' Harbor & Pine  Save');
    expect(withoutPseudoText('⟦Þŕíçé ⟦ɱúšţ⟧ ƀé⟧ $1.00')).toBe('  $1.00');
  });
});
