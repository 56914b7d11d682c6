import { describe, expect, it } from 'vitest';
import { messages } from './en';
import { firstScriptTexts } from './first-script';

describe('what the first script says', () => {
  it('finds ids as written, and every id under a prefix the code completes at run time', () => {
    const code = `a("app.signOut");b={id:'home.featured'};c="orders.status."+s;d=\`catalog.\${k}Title\`;e="not.an.id"`;
    const { messages: found } = firstScriptTexts(code);
    expect(found).toContain('app.signOut');
    expect(found).toContain('home.featured');
    const under = (prefix: string) => Object.keys(messages).filter((id) => id.startsWith(prefix));
    expect(under('catalog.').length).toBeGreaterThan(1);
    for (const id of [...under('catalog.'), ...under('orders.status.')]) expect(found).toContain(id);
    expect(found).not.toContain('home.welcomeBack');
    expect(found.every((id) => id in messages)).toBe(true);
  });

  it('finds the sentences written in the code as they are written', () => {
    expect(firstScriptTexts('z.string().email("Invalid email address")').sentences).toEqual(['Invalid email address']);
    expect(firstScriptTexts('z.string().min(1,"Say something else")').sentences).toEqual([]);
  });
});
