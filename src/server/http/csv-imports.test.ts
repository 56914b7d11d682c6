import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { products, services, users } from '../../../db/schema/index';
import { signInAs, useTestServer } from '../../testing/test-server';

// CSV imports over HTTP: a preview of every error, all or nothing, and the same file twice creating nothing new.
const server = useTestServer();
let admin: Awaited<ReturnType<typeof signInAs>>;

const csv = (text: string) => ({ rawBody: text, headers: { 'content-type': 'text/csv' } });

beforeAll(async () => {
  admin = await signInAs(server.database, 'admin', { email: 'boss@example.com' });
});

describe('POST /api/admin/imports/{kind}', () => {
  const customers = [
    'E-mail,First name,Last name,Tags',
    'ines@example.com,Inés,Muñoz,VIP; Sensitive skin',
    'Leo@Example.com,Leo,Ruiz,',
    '"ana@example.com","Ana","García, ""la jefa""",',
  ].join('\r\n');

  it('lists every bad row by line and column and writes nothing; the fixed file writes all, once', async () => {
    const bad = [
      'E-mail,First name,Last name',
      'not-an-email,A,B',
      'ok@example.com,C,D',
      'boss@example.com,E,F',
      'OK@example.com,G,H',
    ].join('\n');
    const refused = await server.request('POST', '/api/admin/imports/customers', { cookie: admin.cookie, ...csv(bad) });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      { line: 2, column: 'E-mail', message: 'Please enter a valid email address' },
      { line: 4, column: 'E-mail', message: 'This e-mail belongs to a staff member.' },
      { line: 5, column: 'E-mail', message: 'This row repeats an earlier one (line 3).' },
    ]);
    expect(await server.db.select().from(users)).toHaveLength(1);

    const preview = await server.request('POST', '/api/admin/imports/customers?dryRun=true', {
      cookie: admin.cookie,
      ...csv(customers),
    });
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({ created: 3, updated: 0, errors: [] });
    expect(await server.db.select().from(users)).toHaveLength(1);

    const first = await server.request('POST', '/api/admin/imports/customers', {
      cookie: admin.cookie,
      ...csv(customers),
    });
    expect(first.body).toEqual({ created: 3, updated: 0, errors: [] });
    const again = await server.request('POST', '/api/admin/imports/customers', {
      cookie: admin.cookie,
      ...csv(customers),
    });
    expect(again.body).toEqual({ created: 0, updated: 3, errors: [] });
    const people = await server.db.select().from(users);
    expect(people).toHaveLength(4);
    expect(people.find((p) => p.email === 'ines@example.com')).toMatchObject({
      firstName: 'Inés',
      tags: ['VIP', 'Sensitive skin'],
      role: 'customer',
    });
    expect(people.find((p) => p.email === 'ana@example.com')?.lastName).toBe('García, "la jefa"');
  });

  it("holds a customer's tags and notes to the record's rules", async () => {
    const file = [
      'E-mail,Tags,Notes',
      `tags.long@example.com,ok; ${'x'.repeat(41)},`,
      `tags.many@example.com,${Array.from({ length: 21 }, (_, i) => `t${i}`).join(';')},`,
      `notes.long@example.com,,${'n'.repeat(5001)}`,
      'tags.case@example.com,VIP; vip ;Vip,',
    ].join('\n');
    const refused = await server.request('POST', '/api/admin/imports/customers', {
      cookie: admin.cookie,
      ...csv(file),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      { line: 2, column: 'Tags', message: 'A tag can be at most 40 characters' },
      { line: 3, column: 'Tags', message: 'A customer can have at most 20 tags' },
      { line: 4, column: 'Notes', message: 'Notes can be at most 5000 characters' },
    ]);
    const kept = await server.request('POST', '/api/admin/imports/customers', {
      cookie: admin.cookie,
      ...csv(['E-mail,Tags', 'tags.case@example.com,VIP; vip ;Vip'].join('\n')),
    });
    expect(kept.body).toEqual({ created: 1, updated: 0, errors: [] });
    const [person] = await server.db.select().from(users).where(eq(users.email, 'tags.case@example.com'));
    expect(person!.tags).toEqual(['VIP']);
  });

  it('imports products matched by name, says errors in Spanish, and checks permission and the body', async () => {
    const file = '\uFEFFName,Price,Inventory\nSerum,38,5\nCandle,abc,-1\n';
    const refused = await server.request('POST', '/api/admin/imports/products', {
      cookie: admin.cookie,
      ...csv(file),
      headers: { 'content-type': 'text/csv', 'accept-language': 'es' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.map((e: { line: number; column: string }) => [e.line, e.column])).toEqual([
      [3, 'Price'],
      [3, 'Inventory'],
    ]);
    expect(refused.body.message).toBe('El archivo tiene errores; no se ha importado nada.');
    const fixed = 'Name,Price,Inventory\nSerum,38,5\nCandle,22.50,1\n';
    expect(
      (await server.request('POST', '/api/admin/imports/products', { cookie: admin.cookie, ...csv(fixed) })).body,
    ).toEqual({
      created: 2,
      updated: 0,
      errors: [],
    });
    const again = await server.request('POST', '/api/admin/imports/products', {
      cookie: admin.cookie,
      ...csv(fixed.replace('Serum', 'SERUM')),
    });
    expect(again.body).toMatchObject({ created: 0, updated: 2 });
    expect(await server.db.select().from(products)).toHaveLength(2);

    const clerk = await signInAs(server.database, 'employee', { permissions: ['products.view'] });
    expect(
      (await server.request('POST', '/api/admin/imports/products', { cookie: clerk.cookie, ...csv(fixed) })).status,
    ).toBe(403);
    const json = await server.request('POST', '/api/admin/imports/products', { cookie: admin.cookie, body: { a: 1 } });
    expect(json.status).toBe(400);
    const missing = await server.request('POST', '/api/admin/imports/products', {
      cookie: admin.cookie,
      ...csv('Title\nx\n'),
    });
    expect(missing.body.errors).toEqual([
      { line: 1, column: 'Name', message: 'This column is missing from the header row.' },
      { line: 1, column: 'Price', message: 'This column is missing from the header row.' },
    ]);
  });

  it('writes files larger than a batch, and an empty cell keeps what a matched row has', async () => {
    const many = ['E-mail,First name,Last name,Notes'];
    for (let i = 1; i <= 2_500; i++) many.push(`many${i}@example.com,Ana ${i},Pérez,First note`);
    const first = await server.request('POST', '/api/admin/imports/customers', {
      cookie: admin.cookie,
      ...csv(many.join('\n')),
    });
    expect(first.body).toEqual({ created: 2_500, updated: 0, errors: [] });
    const changed = [
      'E-mail,First name,Last name,Notes,Tags',
      'MANY2@example.com,Anita,,,regular',
      'many2400@example.com,,Gil,"",',
    ];
    const again = await server.request('POST', '/api/admin/imports/customers', {
      cookie: admin.cookie,
      ...csv(changed.join('\n')),
    });
    expect(again.body).toEqual({ created: 0, updated: 2, errors: [] });
    const people = await server.db.select().from(users);
    expect(people.filter((p) => p.email.startsWith('many'))).toHaveLength(2_500);
    expect(people.find((p) => p.email === 'many2@example.com')).toMatchObject({
      firstName: 'Anita',
      lastName: 'Pérez',
      notes: 'First note',
      tags: ['regular'],
    });
    expect(people.find((p) => p.email === 'many2400@example.com')).toMatchObject({
      firstName: 'Ana 2400',
      lastName: 'Gil',
      tags: [],
    });

    const file = 'Name,Price,Duration (minutes),Description\nFacial,45,45,Deep clean\nMassage,60.5,,\n';
    expect(
      (await server.request('POST', '/api/admin/imports/services', { cookie: admin.cookie, ...csv(file) })).body,
    ).toEqual({ created: 2, updated: 0, errors: [] });
    const edited = 'Name,Price,Duration (minutes),Description\nfacial,48,,\nMassage,60.50,90,Relaxing\n';
    expect(
      (await server.request('POST', '/api/admin/imports/services', { cookie: admin.cookie, ...csv(edited) })).body,
    ).toEqual({ created: 0, updated: 2, errors: [] });
    const byName = Object.fromEntries((await server.db.select().from(services)).map((s) => [s.name, s]));
    expect(Object.keys(byName).sort()).toEqual(['Massage', 'facial']);
    expect(byName.facial).toMatchObject({ price: '48.00', duration: 45, description: 'Deep clean' });
    expect(byName.Massage).toMatchObject({ price: '60.50', duration: 90, description: 'Relaxing' });
  });
  it('announces what it writes as the one-at-a-time writes do: products created and changed, customers added', async () => {
    const events = async (type: string) =>
      (
        (await server.request('GET', `/api/events?type=${type}&limit=100`, { cookie: admin.cookie })).body as {
          data: { name?: string; email?: string; price?: string };
        }[]
      ).map((e) => e.data.name ?? e.data.email);
    const products = ['Name,Price', 'Announced Oil,12.00', 'Announced Soap,4.50'].join('\n');
    expect(
      (await server.request('POST', '/api/admin/imports/products', { cookie: admin.cookie, ...csv(products) })).body,
    ).toMatchObject({ created: 2, updated: 0 });
    expect(await events('product.created')).toEqual(expect.arrayContaining(['Announced Oil', 'Announced Soap']));
    const changed = ['Name,Price', 'Announced Oil,13.00'].join('\n');
    await server.request('POST', '/api/admin/imports/products', { cookie: admin.cookie, ...csv(changed) });
    expect(await events('product.updated')).toContain('Announced Oil');

    const people = ['E-mail,First name,Last name', 'announced@example.com,Ann,Ounced'].join('\n');
    await server.request('POST', '/api/admin/imports/customers', { cookie: admin.cookie, ...csv(people) });
    expect(await events('customer.created')).toContain('announced@example.com');
    // A preview announces nothing.
    const preview = ['E-mail,First name,Last name', 'previewed@example.com,Pre,View'].join('\n');
    await server.request('POST', '/api/admin/imports/customers?dryRun=true', { cookie: admin.cookie, ...csv(preview) });
    expect(await events('customer.created')).not.toContain('previewed@example.com');
  });
});
