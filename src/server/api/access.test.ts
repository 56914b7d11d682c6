import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from '../../routers/index';
import { allPermissions, type Permission } from '../../shared/roles';
import { buildOpenApiDocument } from '../../../openapi/document';
import { accessLabel } from './access';
import { accessTable } from './access-table';
import { roles } from '../../../db/schema/index';
import { integrationMessages } from '../../shared/integrations-schema';
import { signInAs, startTestServer } from '../../testing/test-server';
import type { Meta } from './trpc';

interface ProcedureInfo {
  path: string;
  meta: Meta | undefined;
}

const procedures: ProcedureInfo[] = Object.entries(appRouter._def.procedures).map(([path, procedure]) => ({
  path,
  meta: (procedure as unknown as { _def: { meta?: Meta } })._def.meta,
}));

describe('access declarations', () => {
  it('every procedure declares who may call it, as the table says', () => {
    const undeclared = procedures.filter((p) => !p.meta?.access).map((p) => p.path);
    expect(undeclared).toEqual([]);
    const declared = Object.fromEntries(procedures.map((p) => [p.path, accessLabel(p.meta!.access!)]));
    expect(declared).toEqual(accessTable);
  });

  it("no API key reaches a person's own cart, profile, chat, waitlist, portal or week, whatever it holds", () => {
    const own = Object.keys(accessTable).filter(
      (path) =>
        /^(cart|waitlist|employeePortal)\./.test(path) ||
        (path.startsWith('chat.') && path !== 'chat.conversations') ||
        ['auth.user', 'auth.setLocale', 'employee.me', 'orders.pay', 'orders.createPaymentIntent'].includes(path) ||
        ['mine', 'replaceMine', 'portalList', 'portalChange'].some((p) => path === `availability.${p}`),
    );
    expect(own.length).toBeGreaterThan(20);
    expect(own.filter((path) => !['person', 'staffPerson'].includes(accessTable[path]!))).toEqual([]);
  });

  it('the OpenAPI document asks for credentials exactly where the operation is not public', () => {
    const document = buildOpenApiDocument();
    for (const { path, meta } of procedures) {
      if (!meta?.openapi) continue;
      const operation = document.paths?.[meta.openapi.path]?.[meta.openapi.method.toLowerCase() as 'get'];
      expect([path, !!operation?.security?.length]).toEqual([path, meta.access!.kind !== 'public']);
    }
  });
});

// Over HTTP, for every REST operation and every kind of caller: the access check answers as the table says.
// An allowed caller may still get 400/404/409 from the operation itself; only 401 and 403 are access answers.
describe('authorization matrix over REST', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  // A custom role holds half the catalogue; an employee holds the other half as individual grants. Each
  // must be let through exactly where their effective permissions reach.
  const rolePermissions = allPermissions.filter((_, i) => i % 2 === 0);
  const ownGrants = allPermissions.filter((_, i) => i % 2 === 1);
  const held: Record<string, readonly Permission[]> = {
    customer: [],
    employee: [],
    employeeWithAll: allPermissions,
    customRole: rolePermissions,
    employeeWithGrants: ownGrants,
    customRoleWithGrants: [...rolePermissions, 'customers.view'],
  };

  // Programs: API keys made by an admin, so each holds exactly what it was given. A key acts on no person's own
  // things (cart, profile, chat, waitlist, bookings, an employee's own week and portal) whatever it holds.
  const keyPermissions: Record<string, readonly Permission[]> = {
    keyWithNone: [],
    keyWithOne: ['products.view'],
    keyWithOrders: ['orders.view'],
    keyWithAll: allPermissions,
  };
  Object.assign(held, keyPermissions);
  const keys: Record<string, string> = {};

  beforeAll(async () => {
    await server.db
      .insert(roles)
      .values({ name: 'front_desk', displayName: 'Front desk', permissions: rolePermissions });
    const creator = await signInAs(server.database, 'admin');
    for (const [name, permissions] of Object.entries(keyPermissions)) {
      const res = await server.request('POST', '/api/admin/api-keys', {
        cookie: creator.cookie,
        body: { name, permissions },
      });
      keys[name] = res.body.key;
    }
  });

  // Fresh sessions for every operation: some operations (sign-out) end the caller's session.
  async function callers(): Promise<Record<string, string | undefined>> {
    return {
      anonymous: undefined,
      customer: (await signInAs(server.database, 'customer', { permissions: allPermissions })).cookie,
      employee: (await signInAs(server.database, 'employee')).cookie,
      employeeWithAll: (await signInAs(server.database, 'employee', { permissions: allPermissions })).cookie,
      customRole: (await signInAs(server.database, 'front_desk')).cookie,
      employeeWithGrants: (await signInAs(server.database, 'employee', { permissions: ownGrants })).cookie,
      customRoleWithGrants: (await signInAs(server.database, 'front_desk', { permissions: ['customers.view'] })).cookie,
      admin: (await signInAs(server.database, 'admin', { permissions: [] })).cookie,
    };
  }

  /** A label of the table as who it admits (signedIn, person, staffPerson, admin, permission) and the permissions. */
  function parseLabel(tableLabel: string) {
    const [who, list] = tableLabel.startsWith('permission:')
      ? ['permission', tableLabel.slice('permission:'.length)]
      : tableLabel.split('|permission:');
    return { who: who!, permissions: (list ?? '').split('|').filter(Boolean) as Permission[] };
  }

  function expected(tableLabel: string, caller: string): 'allowed' | 401 | 403 {
    if (tableLabel === 'public') return 'allowed';
    if (caller === 'anonymous') return 401;
    const { who, permissions } = parseLabel(tableLabel);
    const holds = permissions.some((p) => held[caller]?.includes(p));
    if (caller in keys) {
      if (who === 'signedIn') return 'allowed';
      if (who === 'admin') return 403;
      return holds ? 'allowed' : 403;
    }
    if (who === 'signedIn' || who === 'person' || caller === 'admin') return 'allowed';
    if (who === 'admin' || caller === 'customer') return 403;
    if (who === 'staffPerson') return 'allowed';
    return holds ? 'allowed' : 403;
  }

  const operations = procedures.filter((p) => p.meta?.openapi);
  it.each(operations.map((p) => [p.path, p] as const))('%s', async (path, { meta }) => {
    const { method, path: template } = meta!.openapi!;
    // Path parameters get a well-formed id that names nothing.
    const url = `/api${template.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000')}`;
    const cookies = await callers();
    for (const caller of [...Object.keys(cookies), ...Object.keys(keys)]) {
      const res = await server.request(method, url, {
        cookie: cookies[caller],
        ...(keys[caller] && { headers: { authorization: `Bearer ${keys[caller]}` } }),
        ...(method === 'GET' || method === 'DELETE' ? {} : { body: {} }),
      });
      const label = accessTable[path]!;
      const want = expected(label, caller);
      if (want === 'allowed') expect([401, 403], `${caller} was refused: ${res.text}`).not.toContain(res.status);
      else expect([caller, res.status]).toEqual([caller, want]);
      // A program at a person's own things is told why, whatever else it holds; where a permission would let
      // it in, that it lacks the permission.
      if (caller in keys && want === 403 && ['person', 'staffPerson'].includes(parseLabel(label).who))
        expect([caller, res.body.message]).toEqual([
          caller,
          label.includes('|permission:') ? "You don't have permission to do that." : integrationMessages.notAPerson,
        ]);
      expect(res.status, `${caller} ${method} ${url}: ${res.text}`).toBeLessThan(500);
    }
  });
});
