import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from '../../routers/index';
import { allPermissions, type Permission } from '../../shared/roles';
import { buildOpenApiDocument } from '../../../openapi/document';
import { accessLabel } from './access';
import { accessTable } from './access-table';
import { roles } from '../../../db/schema/index';
import { signInAs, startTestServer } from '../testing';
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

  beforeAll(async () => {
    await server.db
      .insert(roles)
      .values({ name: 'front_desk', displayName: 'Front desk', permissions: rolePermissions });
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

  function expected(tableLabel: string, caller: string): 'allowed' | 401 | 403 {
    if (tableLabel === 'public') return 'allowed';
    if (caller === 'anonymous') return 401;
    if (tableLabel === 'signedIn' || caller === 'admin') return 'allowed';
    if (tableLabel === 'admin') return 403;
    if (caller === 'customer') return 403;
    if (tableLabel === 'staff') return 'allowed';
    const permission = tableLabel.replace('permission:', '') as Permission;
    return held[caller]!.includes(permission) ? 'allowed' : 403;
  }

  const operations = procedures.filter((p) => p.meta?.openapi);
  it.each(operations.map((p) => [p.path, p] as const))('%s', async (path, { meta }) => {
    const { method, path: template } = meta!.openapi!;
    // Path parameters get a well-formed id that names nothing.
    const url = `/api${template.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000')}`;
    const cookies = await callers();
    for (const caller of Object.keys(cookies)) {
      const res = await server.request(method, url, {
        cookie: cookies[caller],
        ...(method === 'GET' || method === 'DELETE' ? {} : { body: {} }),
      });
      const want = expected(accessTable[path]!, caller);
      if (want === 'allowed') expect([401, 403], `${caller} was refused: ${res.text}`).not.toContain(res.status);
      else expect([caller, res.status]).toEqual([caller, want]);
      expect(res.status, `${caller} ${method} ${url}: ${res.text}`).toBeLessThan(500);
    }
  });
});
