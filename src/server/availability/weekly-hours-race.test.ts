import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { weeklyHours, dateOverrides } from '../../../db/schema/index';
import { signInAs, useTestServer } from '../../testing/test-server';

/*
 * Concurrency: many overlapping windows added to one day at the same moment. The employee's row is locked while
 * a week is judged and written, so exactly one wins. Only PostgreSQL has the connections to race; on PGlite the
 * requests run one after another and show the same outcome by the plain overlap check.
 */

const PARALLEL = 20;
const server = useTestServer();

describe('overlap checks under concurrent writes', () => {
  it('of 20 overlapping windows sent at once for one day, exactly one is saved', async () => {
    const person = await signInAs(server.database, 'employee');
    const results = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        server.request('POST', '/api/employee/availability', {
          cookie: person.cookie,
          // Every window covers 12:00-12:30, so any two overlap.
          body: {
            dayOfWeek: 'tuesday',
            available: true,
            startTime: `${String(9 + (i % 3)).padStart(2, '0')}:00`,
            endTime: `${String(13 + (i % 4)).padStart(2, '0')}:00`,
          },
        }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 400)).toHaveLength(PARALLEL - 1);
    expect(await server.db.select().from(weeklyHours).where(eq(weeklyHours.employeeId, person.user.id))).toHaveLength(
      1,
    );
  });

  it('whole-week saves at once leave one of the weeks, never a mix', async () => {
    const person = await signInAs(server.database, 'employee');
    const weeks = Array.from({ length: 10 }, (_, i) => [
      { dayOfWeek: 1, startTime: '09:00', endTime: `${10 + i}:00`, isAvailable: true },
      { dayOfWeek: 2, startTime: '09:00', endTime: `${10 + i}:00`, isAvailable: true },
    ]);
    const results = await Promise.all(
      weeks.map((body) => server.request('PUT', '/api/my-availability', { cookie: person.cookie, body })),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    const rows = await server.db.select().from(weeklyHours).where(eq(weeklyHours.employeeId, person.user.id));
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((r) => r.endTime)).size).toBe(1);
  });

  it('windows at two shops in two time zones sent at once: only ones that never share an instant are saved', async () => {
    const admin = await signInAs(server.database, 'admin');
    const person = await signInAs(server.database, 'employee');
    const madrid = await server.request('POST', '/api/admin/locations', {
      cookie: admin.cookie,
      body: { name: `Madrid ${person.user.id}`, timeZone: 'Europe/Madrid' },
    });
    expect(madrid.status, madrid.text).toBe(200);
    const [london] = (await server.request('GET', '/api/locations')).body;
    await server.request('PUT', '/api/business/settings', {
      cookie: admin.cookie,
      body: { timezone: 'Europe/London' },
    });
    // London 09:00-12:00 and Madrid 12:00-14:00 (11:00-13:00 London time) share an hour whichever is saved first.
    const results = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        server.request('POST', '/api/employee/availability', {
          cookie: person.cookie,
          body: {
            dayOfWeek: 'wednesday',
            available: true,
            ...(i % 2
              ? { startTime: '09:00', endTime: '12:00', locationId: london.id }
              : { startTime: '12:00', endTime: '14:00', locationId: madrid.body.id }),
          },
        }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 400)).toHaveLength(PARALLEL - 1);
    expect(await server.db.select().from(weeklyHours).where(eq(weeklyHours.employeeId, person.user.id))).toHaveLength(
      1,
    );
  });

  it('of 20 day-off requests for one date sent at once, exactly one is saved', async () => {
    const person = await signInAs(server.database, 'employee');
    const results = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        server.request('POST', '/api/availability-overrides', {
          cookie: person.cookie,
          body: { date: '2031-03-04', isAvailable: false },
        }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(PARALLEL - 1);
    expect(
      await server.db.select().from(dateOverrides).where(eq(dateOverrides.employeeId, person.user.id)),
    ).toHaveLength(1);
  });
});
