import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, weeklyHours } from '../../db/schema/index';
import { defaultEmployeePermissions } from '../shared/roles';
import { signInAs, useTestServer } from '../testing/test-server';

const server = useTestServer();

type Person = Awaited<ReturnType<typeof signInAs>>;
let admin: Person;
let maya: Person;
let liam: Person;
let customer: Person;
beforeAll(async () => {
  admin = await signInAs(server.database, 'admin');
  maya = await signInAs(server.database, 'employee', { firstName: 'Maya' });
  // Liam holds what a newly approved employee holds (appointments.view among it): the calendar reads weeks.
  liam = await signInAs(server.database, 'employee', { firstName: 'Liam', permissions: defaultEmployeePermissions });
  customer = await signInAs(server.database, 'customer');
});

const rowsOf = async (employeeId: string) =>
  server.database.db.select().from(weeklyHours).where(eq(weeklyHours.employeeId, employeeId));

describe('admin availability calls (days 0-6, isAvailable)', () => {
  it('PUT /employee-availability/{employeeId} takes the bare list the schedule screens send, and GET reads it back', async () => {
    // The original client repeats employeeId on every row and sends only days that are on.
    const list = [
      { dayOfWeek: 1, startTime: '09:00', endTime: '12:00', isAvailable: true, employeeId: maya.user.id },
      { dayOfWeek: 1, startTime: '13:00', endTime: '17:00', isAvailable: true, employeeId: maya.user.id },
      { dayOfWeek: 6, startTime: '10:00', endTime: '14:00', isAvailable: true, employeeId: maya.user.id },
    ];
    const res = await server.request('PUT', `/api/employee-availability/${maya.user.id}`, {
      cookie: admin.cookie,
      body: list,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual([
      {
        id: expect.any(String),
        employeeId: maya.user.id,
        locationId: expect.any(String),
        dayOfWeek: 1,
        startTime: '09:00',
        endTime: '12:00',
        isAvailable: true,
      },
      {
        id: expect.any(String),
        employeeId: maya.user.id,
        locationId: expect.any(String),
        dayOfWeek: 1,
        startTime: '13:00',
        endTime: '17:00',
        isAvailable: true,
      },
      {
        id: expect.any(String),
        employeeId: maya.user.id,
        locationId: expect.any(String),
        dayOfWeek: 6,
        startTime: '10:00',
        endTime: '14:00',
        isAvailable: true,
      },
    ]);
    const read = await server.request('GET', `/api/employee-availability/${maya.user.id}`, { cookie: liam.cookie });
    expect(read.body).toEqual(res.body);
    // Every week at once is the staff schedules screen's, for those who view staff.
    expect((await server.request('GET', '/api/employee-availability', { cookie: liam.cookie })).status).toBe(403);
    const all = await server.request('GET', '/api/employee-availability', { cookie: admin.cookie });
    expect(all.status).toBe(200);
    expect(all.body.filter((e: { employeeId: string }) => e.employeeId === maya.user.id)).toEqual(res.body);
  });

  it('PUT also takes {availability: [...]} and replaces the whole week', async () => {
    const res = await server.request('PUT', `/api/employee-availability/${maya.user.id}`, {
      cookie: maya.cookie,
      body: { availability: [{ dayOfWeek: 2, startTime: '08:30', endTime: '16:30', isAvailable: true }] },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual([
      {
        id: expect.any(String),
        employeeId: maya.user.id,
        locationId: expect.any(String),
        dayOfWeek: 2,
        startTime: '08:30',
        endTime: '16:30',
        isAvailable: true,
      },
    ]);
    expect(await rowsOf(maya.user.id)).toHaveLength(1);
    // An empty list clears the week.
    expect(
      (await server.request('PUT', `/api/employee-availability/${maya.user.id}`, { cookie: maya.cookie, body: [] }))
        .body,
    ).toEqual([]);
  });

  it('refuses a window whose end is not after its start, or that overlaps another that day, and keeps the week', async () => {
    await server.request('PUT', `/api/employee-availability/${liam.user.id}`, {
      cookie: admin.cookie,
      body: [{ dayOfWeek: 3, startTime: '09:00', endTime: '17:00', isAvailable: true }],
    });
    const backwards = await server.request('PUT', `/api/employee-availability/${liam.user.id}`, {
      cookie: admin.cookie,
      body: [{ dayOfWeek: 1, startTime: '17:00', endTime: '09:00', isAvailable: true }],
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body).toEqual({
      code: 'BAD_REQUEST',
      message: 'Monday 17:00-09:00: the end time must be after the start time.',
    });
    const equal = await server.request('POST', '/api/employee-availability', {
      cookie: admin.cookie,
      body: { employeeId: liam.user.id, dayOfWeek: 4, startTime: '10:00', endTime: '10:00', isAvailable: true },
    });
    expect(equal.status).toBe(400);
    const overlapping = await server.request('PUT', `/api/employee-availability/${liam.user.id}`, {
      cookie: admin.cookie,
      body: [
        { dayOfWeek: 5, startTime: '09:00', endTime: '12:00', isAvailable: true },
        { dayOfWeek: 5, startTime: '11:30', endTime: '14:00', isAvailable: true },
      ],
    });
    expect(overlapping.status).toBe(400);
    expect(overlapping.body.message).toBe(
      'Friday 11:30-14:00 overlaps 09:00-12:00 on the same day. Time slots of one day must not overlap.',
    );
    const added = await server.request('POST', '/api/employee-availability', {
      cookie: admin.cookie,
      body: { employeeId: liam.user.id, dayOfWeek: 3, startTime: '16:00', endTime: '18:00', isAvailable: true },
    });
    expect(added.status).toBe(400);
    expect(added.body.message).toBe(
      'Wednesday 16:00-18:00 overlaps 09:00-17:00 on the same day. Time slots of one day must not overlap.',
    );
    const rows = await rowsOf(liam.user.id);
    expect(rows.map((r) => [r.dayOfWeek, r.startTime, r.endTime])).toEqual([[3, '09:00:00', '17:00:00']]);
  });

  it('POST adds one window (touching windows are fine) and DELETE removes it', async () => {
    const employee = await signInAs(server.database, 'employee');
    const first = await server.request('POST', '/api/employee-availability', {
      cookie: admin.cookie,
      body: { employeeId: employee.user.id, dayOfWeek: 0, startTime: '09:00', endTime: '12:00', isAvailable: true },
    });
    expect(first.status, first.text).toBe(200);
    expect(first.body).toEqual({
      id: expect.any(String),
      employeeId: employee.user.id,
      locationId: expect.any(String),
      dayOfWeek: 0,
      startTime: '09:00',
      endTime: '12:00',
      isAvailable: true,
    });
    const second = await server.request('POST', '/api/employee-availability', {
      cookie: employee.cookie,
      body: { employeeId: employee.user.id, dayOfWeek: 0, startTime: '12:00', endTime: '15:30', isAvailable: true },
    });
    expect(second.status, second.text).toBe(200);
    const removed = await server.request('DELETE', `/api/employee-availability/${first.body.id}`, {
      cookie: employee.cookie,
    });
    expect(removed.body).toEqual({ success: true, id: first.body.id });
    expect(
      (await server.request('GET', `/api/employee-availability/${employee.user.id}`, { cookie: admin.cookie })).body,
    ).toEqual([second.body]);
    expect(
      (await server.request('DELETE', `/api/employee-availability/${first.body.id}`, { cookie: admin.cookie })).status,
    ).toBe(404);
  });

  it("an employee writes only their own week (403), an admin anyone's; staff read everyone's; customers none", async () => {
    const other = await server.request('PUT', `/api/employee-availability/${liam.user.id}`, {
      cookie: maya.cookie,
      body: [{ dayOfWeek: 1, startTime: '09:00', endTime: '10:00', isAvailable: true }],
    });
    expect(other.status).toBe(403);
    expect(other.body).toEqual({ code: 'FORBIDDEN', message: 'You can only change your own availability.' });
    const post = await server.request('POST', '/api/employee-availability', {
      cookie: maya.cookie,
      body: { employeeId: liam.user.id, dayOfWeek: 1, startTime: '09:00', endTime: '10:00', isAvailable: true },
    });
    expect(post.status).toBe(403);
    const [liamRow] = await rowsOf(liam.user.id);
    expect(
      (await server.request('DELETE', `/api/employee-availability/${liamRow!.id}`, { cookie: maya.cookie })).status,
    ).toBe(403);
    expect(await rowsOf(liam.user.id)).toHaveLength(1);

    // Reading another's week is the calendar's: appointments.view (Liam holds it, Maya holds nothing).
    expect(
      (await server.request('GET', `/api/employee-availability/${maya.user.id}`, { cookie: liam.cookie })).status,
    ).toBe(200);
    expect(
      (await server.request('GET', `/api/employee-availability/${liam.user.id}`, { cookie: maya.cookie })).status,
    ).toBe(403);
    expect((await server.request('GET', '/api/employee-availability', { cookie: customer.cookie })).status).toBe(403);
    expect((await server.request('GET', '/api/employee-availability')).status).toBe(401);
  });

  it('answers 404 for someone who is not staff, and 400 for a bad day or time', async () => {
    const res = await server.request('PUT', `/api/employee-availability/${customer.user.id}`, {
      cookie: admin.cookie,
      body: [],
    });
    expect(res.status).toBe(404);
    expect((await server.request('GET', '/api/employee-availability/not-an-id', { cookie: admin.cookie })).status).toBe(
      404,
    );
    const badDay = await server.request('POST', '/api/employee-availability', {
      cookie: admin.cookie,
      body: { employeeId: maya.user.id, dayOfWeek: 7, startTime: '09:00', endTime: '10:00', isAvailable: true },
    });
    expect(badDay.status).toBe(400);
    expect(badDay.body.message).toBe('Day of week must be a number from 0 (Sunday) to 6 (Saturday)');
    const badTime = await server.request('PUT', `/api/my-availability`, {
      cookie: maya.cookie,
      body: [{ dayOfWeek: 1, startTime: '9am', endTime: '10:00' }],
    });
    expect(badTime.status).toBe(400);
    expect(badTime.body.message).toBe('Start time must be a time like 09:00');
  });
});

describe("/my-availability (the caller's own week, admin shape)", () => {
  it('PUT takes a bare list without employeeId, or {availability}, and GET reads it back', async () => {
    const person = await signInAs(server.database, 'admin');
    const res = await server.request('PUT', '/api/my-availability', {
      cookie: person.cookie,
      body: [{ dayOfWeek: 4, startTime: '09:00', endTime: '17:00', isAvailable: true }],
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual([
      {
        id: expect.any(String),
        employeeId: person.user.id,
        locationId: expect.any(String),
        dayOfWeek: 4,
        startTime: '09:00',
        endTime: '17:00',
        isAvailable: true,
      },
    ]);
    await server.request('PUT', '/api/my-availability', {
      cookie: person.cookie,
      body: { availability: [{ dayOfWeek: 5, startTime: '10:00', endTime: '11:00', isAvailable: true }] },
    });
    const read = await server.request('GET', '/api/my-availability', { cookie: person.cookie });
    expect(read.body).toEqual([
      {
        id: expect.any(String),
        employeeId: person.user.id,
        locationId: expect.any(String),
        dayOfWeek: 5,
        startTime: '10:00',
        endTime: '11:00',
        isAvailable: true,
      },
    ]);
    expect((await server.request('GET', '/api/my-availability', { cookie: customer.cookie })).status).toBe(403);
  });
});

describe('/employee/availability (the portal: day names, isActive, three shapes)', () => {
  it('adds a slot with the times chosen, lists it by day name, clears a day and deletes a slot', async () => {
    const person = await signInAs(server.database, 'employee');
    const add = await server.request('POST', '/api/employee/availability', {
      cookie: person.cookie,
      body: { dayOfWeek: 'saturday', available: true, startTime: '10:00', endTime: '14:00' },
    });
    expect(add.status, add.text).toBe(200);
    // A slot added without a location is at the business's one location.
    const [only] = (await server.request('GET', '/api/locations', { cookie: admin.cookie })).body;
    expect(add.body).toEqual([
      {
        id: expect.any(String),
        employeeId: person.user.id,
        dayOfWeek: 'saturday',
        startTime: '10:00',
        endTime: '14:00',
        isActive: true,
        locationId: only.id,
      },
    ]);
    await server.request('POST', '/api/employee/availability', {
      cookie: person.cookie,
      body: { dayOfWeek: 'monday', available: true, startTime: '09:00', endTime: '17:00' },
    });
    const list = await server.request('GET', '/api/employee/availability', { cookie: person.cookie });
    expect(
      list.body.map(
        (s: { dayOfWeek: string; startTime: string; endTime: string }) => `${s.dayOfWeek} ${s.startTime}-${s.endTime}`,
      ),
    ).toEqual(['monday 09:00-17:00', 'saturday 10:00-14:00']);
    // The admin view reads the same rows with numbers.
    expect(
      (await server.request('GET', `/api/employee-availability/${person.user.id}`, { cookie: admin.cookie })).body.map(
        (e: { dayOfWeek: number }) => e.dayOfWeek,
      ),
    ).toEqual([1, 6]);

    const overlap = await server.request('POST', '/api/employee/availability', {
      cookie: person.cookie,
      body: { dayOfWeek: 'monday', available: true, startTime: '16:00', endTime: '17:30' },
    });
    expect(overlap.status).toBe(400);
    expect(overlap.body.message).toBe(
      'Monday 16:00-17:30 overlaps 09:00-17:00 on the same day. Time slots of one day must not overlap.',
    );

    const cleared = await server.request('POST', '/api/employee/availability', {
      cookie: person.cookie,
      body: { dayOfWeek: 'monday', available: false },
    });
    expect(cleared.body.map((s: { dayOfWeek: string }) => s.dayOfWeek)).toEqual(['saturday']);
    const removed = await server.request('POST', '/api/employee/availability', {
      cookie: person.cookie,
      body: { id: add.body[0].id, action: 'delete' },
    });
    expect([removed.status, removed.body]).toEqual([200, []]);
  });

  it("refuses anything but the three shapes with 400, and another person's slot is not found", async () => {
    const person = await signInAs(server.database, 'employee');
    const message =
      'Send one of: {dayOfWeek, available: true, startTime, endTime} to add a time slot, {dayOfWeek, available: false} to clear a day, or {id, action: "delete"} to remove a time slot.';
    for (const body of [
      {},
      { dayOfWeek: 'monday' },
      { dayOfWeek: 'monday', available: true, startTime: '09:00' },
      { dayOfWeek: 'monday', available: false, startTime: '09:00', endTime: '10:00' },
      { id: '00000000-0000-4000-8000-000000000000' },
      { id: '00000000-0000-4000-8000-000000000000', action: 'delete', dayOfWeek: 'monday' },
      // Two shapes mixed: a day cleared and a slot removed, a slot added and one removed.
      { dayOfWeek: 'sunday', available: false, id: 'x', action: 'delete' },
      { dayOfWeek: 'sunday', available: true, startTime: '09:00', endTime: '10:00', action: 'delete' },
      { id: '00000000-0000-4000-8000-000000000000', action: 'delete', startTime: '09:00' },
    ]) {
      const res = await server.request('POST', '/api/employee/availability', { cookie: person.cookie, body });
      expect([JSON.stringify(body), res.status, res.body.message]).toEqual([JSON.stringify(body), 400, message]);
    }
    const numeric = await server.request('POST', '/api/employee/availability', {
      cookie: person.cookie,
      body: { dayOfWeek: 1, available: false },
    });
    expect(numeric.status).toBe(400);
    expect(numeric.body.message).toContain('Day must be a lowercase day name, monday to sunday');
    const backwards = await server.request('POST', '/api/employee/availability', {
      cookie: person.cookie,
      body: { dayOfWeek: 'friday', available: true, startTime: '17:00', endTime: '09:00' },
    });
    expect(backwards.body).toEqual({
      code: 'BAD_REQUEST',
      message: 'Friday 17:00-09:00: the end time must be after the start time.',
    });

    const [mayaSlot] = await rowsOf(liam.user.id);
    const res = await server.request('POST', '/api/employee/availability', {
      cookie: person.cookie,
      body: { id: mayaSlot!.id, action: 'delete' },
    });
    expect(res.status).toBe(404);
    expect(await rowsOf(liam.user.id)).toHaveLength(1);
    expect(await rowsOf(person.user.id)).toHaveLength(0);
  });
});

describe('date overrides (days off and special hours)', () => {
  // Far enough ahead to never be in the past, whatever the business time zone.
  const day = '2031-07-14';

  it('adds a day off and special hours, lists them by date, filters, and removes them', async () => {
    const person = await signInAs(server.database, 'employee');
    const off = await server.request('POST', '/api/availability-overrides', {
      cookie: person.cookie,
      body: { date: day, isAvailable: false },
    });
    expect(off.status, off.text).toBe(200);
    expect(off.body).toEqual({
      id: expect.any(String),
      employeeId: person.user.id,
      locationId: expect.any(String),
      date: day,
      isAvailable: false,
      startTime: null,
      endTime: null,
    });
    const special = await server.request('POST', '/api/availability-overrides', {
      cookie: admin.cookie,
      body: { employeeId: person.user.id, date: '2031-07-15', isAvailable: true, startTime: '12:00', endTime: '16:00' },
    });
    expect(special.body).toEqual({
      id: expect.any(String),
      employeeId: person.user.id,
      locationId: expect.any(String),
      date: '2031-07-15',
      isAvailable: true,
      startTime: '12:00',
      endTime: '16:00',
    });
    const second = await server.request('POST', '/api/availability-overrides', {
      cookie: person.cookie,
      body: { date: '2031-07-15', isAvailable: true, startTime: '16:00', endTime: '18:00' },
    });
    expect(second.status).toBe(200);

    const list = await server.request('GET', `/api/availability-overrides?employeeId=${person.user.id}`, {
      cookie: liam.cookie,
    });
    expect(list.body.map((o: { date: string; startTime: string | null }) => `${o.date} ${o.startTime}`)).toEqual([
      `${day} null`,
      '2031-07-15 12:00',
      '2031-07-15 16:00',
    ]);
    const ranged = await server.request(
      'GET',
      `/api/availability-overrides?employeeId=${person.user.id}&from=2031-07-15&to=2031-07-31`,
      { cookie: person.cookie },
    );
    expect(ranged.body).toHaveLength(2);

    expect(
      (await server.request('DELETE', `/api/availability-overrides/${off.body.id}`, { cookie: person.cookie })).body,
    ).toEqual({ success: true, id: off.body.id });
    expect(
      (await server.request('DELETE', `/api/availability-overrides/${off.body.id}`, { cookie: person.cookie })).status,
    ).toBe(404);
  });

  it("refuses contradictions, overlaps, past dates and bad input, and other people's overrides for an employee", async () => {
    const person = await signInAs(server.database, 'employee');
    await server.request('POST', '/api/availability-overrides', {
      cookie: person.cookie,
      body: { date: day, isAvailable: false },
    });
    const again = await server.request('POST', '/api/availability-overrides', {
      cookie: person.cookie,
      body: { date: day, isAvailable: false },
    });
    expect([again.status, again.body.message]).toEqual([409, `${day} is already a day off.`]);
    const hours = await server.request('POST', '/api/availability-overrides', {
      cookie: person.cookie,
      body: { date: day, isAvailable: true, startTime: '09:00', endTime: '12:00' },
    });
    expect([hours.status, hours.body.message]).toEqual([
      409,
      `${day} is a day off. Remove the day off first to add special hours.`,
    ]);

    await server.request('POST', '/api/availability-overrides', {
      cookie: person.cookie,
      body: { date: '2031-07-16', isAvailable: true, startTime: '09:00', endTime: '12:00' },
    });
    const overlap = await server.request('POST', '/api/availability-overrides', {
      cookie: person.cookie,
      body: { date: '2031-07-16', isAvailable: true, startTime: '11:00', endTime: '13:00' },
    });
    expect([overlap.status, overlap.body.message]).toEqual([
      400,
      '2031-07-16 11:00-13:00 overlaps 09:00-12:00 on the same date.',
    ]);
    const dayOff = await server.request('POST', '/api/availability-overrides', {
      cookie: person.cookie,
      body: { date: '2031-07-16', isAvailable: false },
    });
    expect(dayOff.status).toBe(409);

    const past = await server.request('POST', '/api/availability-overrides', {
      cookie: person.cookie,
      body: { date: '2020-01-01', isAvailable: false },
    });
    expect([past.status, past.body.message]).toEqual([
      400,
      'The date is in the past. Please choose today or a later date.',
    ]);
    const backwards = await server.request('POST', '/api/availability-overrides', {
      cookie: person.cookie,
      body: { date: '2031-07-17', isAvailable: true, startTime: '12:00', endTime: '09:00' },
    });
    expect([backwards.status, backwards.body.message]).toEqual([400, 'The end time must be after the start time.']);
    const noTimes = await server.request('POST', '/api/availability-overrides', {
      cookie: person.cookie,
      body: { date: '2031-07-17', isAvailable: true },
    });
    expect([noTimes.status, noTimes.body.message]).toEqual([400, 'Special hours need a start and an end time.']);
    const badDate = await server.request('POST', '/api/availability-overrides', {
      cookie: person.cookie,
      body: { date: '2031-02-30', isAvailable: false },
    });
    expect([badDate.status, badDate.body.message]).toEqual([400, 'Date must be a real calendar date']);

    const forOther = await server.request('POST', '/api/availability-overrides', {
      cookie: person.cookie,
      body: { employeeId: liam.user.id, date: day, isAvailable: false },
    });
    expect(forOther.status).toBe(403);
    const liams = await server.request('POST', '/api/availability-overrides', {
      cookie: admin.cookie,
      body: { employeeId: liam.user.id, date: day, isAvailable: false },
    });
    expect(liams.status).toBe(200);
    expect(
      (await server.request('DELETE', `/api/availability-overrides/${liams.body.id}`, { cookie: person.cookie }))
        .status,
    ).toBe(403);
    expect(
      (
        await server.request('POST', '/api/availability-overrides', {
          cookie: admin.cookie,
          body: { employeeId: customer.user.id, date: day, isAvailable: false },
        })
      ).status,
    ).toBe(404);
    expect((await server.request('GET', '/api/availability-overrides', { cookie: customer.cookie })).status).toBe(403);
  });
});

describe('the activity log', () => {
  it("records each change of someone's weekly hours or of one date's hours, by whoever made it", async () => {
    const person = await signInAs(server.database, 'employee', { firstName: 'Rosa', lastName: 'Diaz' });
    const put = await server.request('PUT', `/api/employee-availability/${person.user.id}`, {
      cookie: admin.cookie,
      body: [{ dayOfWeek: 2, startTime: '09:00', endTime: '17:00', isAvailable: true }],
    });
    expect(put.status, put.text).toBe(200);
    const day = '2031-03-04';
    const off = await server.request('POST', '/api/availability-overrides', {
      cookie: person.cookie,
      body: { date: day, isAvailable: false },
    });
    expect(off.status, off.text).toBe(200);
    expect(
      (await server.request('DELETE', `/api/availability-overrides/${off.body.id}`, { cookie: person.cookie })).status,
    ).toBe(200);
    const entries = await server.database.db
      .select({ action: auditLog.action, summary: auditLog.summary, actorId: auditLog.actorId })
      .from(auditLog)
      .where(eq(auditLog.entityId, person.user.id))
      .orderBy(auditLog.createdAt);
    expect(entries).toEqual([
      { action: 'availability.weekly_changed', summary: "Changed Rosa Diaz's weekly hours.", actorId: admin.user.id },
      { action: 'availability.date_changed', summary: `Changed Rosa Diaz's hours on ${day}.`, actorId: person.user.id },
      { action: 'availability.date_changed', summary: `Changed Rosa Diaz's hours on ${day}.`, actorId: person.user.id },
    ]);
  });
});
