import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appointments, serviceProviders } from '../../db/schema/index';
import { signInAs, useTestServer } from '../testing/test-server';

const server = useTestServer();
let admin: string;
let customer: string;
beforeAll(async () => {
  admin = (await signInAs(server.database, 'admin')).cookie;
  customer = (await signInAs(server.database, 'customer')).cookie;
});

// The body the admin screen sends for POST /api/services (docs/catalogue.md), field for field.
const massage = {
  name: 'Swedish Massage',
  description: 'Full-body relaxation massage with warm oil.',
  price: '85.00',
  duration: 60,
  category: 'Massage',
  imageUrl: 'https://shop.example.com/images/massage.jpg',
  isFeatured: true,
  isActive: true,
};

// What a service without buffers, capacity or deposit answers besides the fields it was created with.
// The defaults every answer carries, and the instant of its last change.
const noBuffers = {
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
  capacity: 1,
  // Offered at every location (the one there is), needing no resource.
  locationIds: [expect.any(String)],
  resourceIds: [],
  deposit: { type: 'none' },
  questions: [],
  updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/),
};

async function create(body: Record<string, unknown>) {
  const res = await server.request('POST', '/api/services', { cookie: admin, body });
  expect(res.status, res.text).toBe(200);
  return res.body as { id: string } & Record<string, unknown>;
}

const ids = (res: { body: { id: string }[] }) => res.body.map((s) => s.id);

describe('POST /api/services', () => {
  it('creates a service; the client reads the id from the response', async () => {
    const service = await create(massage);
    expect(service).toEqual({ id: expect.any(String), ...massage, ...noBuffers });
  });

  it('takes buffers before and after (as numbers or text) and answers them', async () => {
    const service = await create({ ...massage, bufferBeforeMinutes: 10, bufferAfterMinutes: '15' });
    expect(service).toMatchObject({ bufferBeforeMinutes: 10, bufferAfterMinutes: 15 });
    expect((await server.request('GET', `/api/services/${service.id}`)).body).toMatchObject({
      bufferBeforeMinutes: 10,
      bufferAfterMinutes: 15,
    });
    const listed = (await server.request('GET', '/api/services')).body.find((s: { id: string }) => s.id === service.id);
    expect(listed).toMatchObject({ bufferBeforeMinutes: 10, bufferAfterMinutes: 15 });
  });

  it('accepts duration and price as text', async () => {
    expect(await create({ name: 'Facial', price: 55, duration: '45' })).toMatchObject({
      price: '55.00',
      duration: 45,
      category: '',
      imageUrl: null,
      isFeatured: false,
      isActive: true,
    });
  });

  it.each([
    [{ price: '10', duration: 60 }, 'Name is required', 'name'],
    [{ name: 'X', duration: 60 }, 'Price is required', 'price'],
    [{ name: 'X', price: '10' }, 'Duration is required', 'duration'],
    [{ name: 'X', price: '10', duration: 10 }, 'Duration must be at least 15 minutes', 'duration'],
    [{ name: 'X', price: '10', duration: 50 }, 'Duration must be a multiple of 15 minutes', 'duration'],
    [{ name: 'X', price: '10', duration: 'an hour' }, 'Duration must be a number', 'duration'],
    [{ name: 'X', price: '10', duration: 22.5 }, 'Duration must be a whole number', 'duration'],
    [{ name: 'X', price: '10', duration: 1455 }, 'Duration must be at most 1440 minutes', 'duration'],
    [{ name: 'X', price: '10', duration: 60, imageUrl: 'ftp://x' }, 'Image URL must be a valid URL', 'imageUrl'],
    [
      { name: 'X', price: '10', duration: 60, bufferBeforeMinutes: 7 },
      'Buffer before must be a multiple of 5 minutes',
      'bufferBeforeMinutes',
    ],
    [
      { name: 'X', price: '10', duration: 60, bufferAfterMinutes: 245 },
      'Buffer after must be at most 240 minutes',
      'bufferAfterMinutes',
    ],
    [
      { name: 'X', price: '10', duration: 60, bufferAfterMinutes: -5 },
      'Buffer after must be 0 or more',
      'bufferAfterMinutes',
    ],
    [
      { name: 'X', price: '10', duration: 60, bufferBeforeMinutes: 'ten' },
      'Buffer before must be a number',
      'bufferBeforeMinutes',
    ],
  ])('refuses %j with a readable 400: %s', async (body, message, path) => {
    const res = await server.request('POST', '/api/services', { cookie: admin, body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message, code: 'BAD_REQUEST', issues: [{ path, message }] });
  });

  it('needs services.create, and services.featured to feature', async () => {
    expect((await server.request('POST', '/api/services', { body: massage })).status).toBe(401);
    expect((await server.request('POST', '/api/services', { cookie: customer, body: massage })).status).toBe(403);
    const creator = (await signInAs(server.database, 'employee', { permissions: ['services.create'] })).cookie;
    expect((await server.request('POST', '/api/services', { cookie: creator, body: massage })).status).toBe(403);
    expect(
      (await server.request('POST', '/api/services', { cookie: creator, body: { ...massage, isFeatured: false } }))
        .status,
    ).toBe(200);
  });
});

describe('GET /api/services, /api/services/featured, /api/services/{id}', () => {
  let hidden: { id: string };
  let featured: { id: string };
  let plain: { id: string };
  beforeAll(async () => {
    hidden = await create({ ...massage, name: 'Retired Treatment', isActive: false });
    featured = await create({ ...massage, name: 'Hot Stone' });
    plain = await create({ ...massage, name: 'Manicure', isFeatured: false, duration: 45 });
  });

  it('shows customers and visitors active services with the fields the cards read', async () => {
    for (const cookie of [undefined, customer]) {
      const res = await server.request('GET', '/api/services', { cookie });
      expect(res.status).toBe(200);
      expect(ids(res)).not.toContain(hidden.id);
      expect(ids(res)).toEqual(expect.arrayContaining([featured.id, plain.id]));
      const manicure = res.body.find((s: { id: string }) => s.id === plain.id);
      expect(manicure).toEqual({
        ...massage,
        ...noBuffers,
        id: plain.id,
        name: 'Manicure',
        isFeatured: false,
        duration: 45,
      });
    }
  });

  it('shows staff inactive services too', async () => {
    expect(ids(await server.request('GET', '/api/services', { cookie: admin }))).toContain(hidden.id);
    const employee = (await signInAs(server.database, 'employee')).cookie;
    expect(ids(await server.request('GET', '/api/services', { cookie: employee }))).toContain(hidden.id);
  });

  it('lists active featured services', async () => {
    const res = await server.request('GET', '/api/services/featured', { cookie: customer });
    expect(ids(res)).toContain(featured.id);
    expect(ids(res)).not.toContain(hidden.id);
    expect(ids(res)).not.toContain(plain.id);
  });

  it('reads one service; an inactive one is 404 except for staff', async () => {
    expect((await server.request('GET', `/api/services/${plain.id}`)).body).toMatchObject({
      id: plain.id,
      duration: 45,
    });
    expect((await server.request('GET', `/api/services/${hidden.id}`, { cookie: customer })).body).toEqual({
      message: 'Service not found',
      code: 'NOT_FOUND',
    });
    expect((await server.request('GET', `/api/services/${hidden.id}`, { cookie: admin })).status).toBe(200);
  });

  it('supports ETag revalidation', async () => {
    const first = await server.request('GET', '/api/services');
    const again = await server.request('GET', '/api/services', {
      headers: { 'if-none-match': first.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
  });
});

describe('PUT and DELETE /api/services/{id}', () => {
  it('updates with the full body; the list shows it at once', async () => {
    const service = await create(massage);
    const res = await server.request('PUT', `/api/services/${service.id}`, {
      cookie: admin,
      body: { ...massage, duration: 90, price: 105 },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...massage, ...noBuffers, id: service.id, duration: 90, price: '105.00' });
    expect(
      (await server.request('GET', '/api/services')).body.find((s: { id: string }) => s.id === service.id).duration,
    ).toBe(90);
  });

  it('changes buffers on update and keeps them when a PUT leaves them out', async () => {
    const service = await create({ ...massage, bufferBeforeMinutes: 5 });
    const changed = await server.request('PUT', `/api/services/${service.id}`, {
      cookie: admin,
      body: { ...massage, bufferAfterMinutes: 20 },
    });
    expect(changed.body).toMatchObject({ bufferBeforeMinutes: 5, bufferAfterMinutes: 20 });
    const refused = await server.request('PUT', `/api/services/${service.id}`, {
      cookie: admin,
      body: { bufferBeforeMinutes: 300 },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Buffer before must be at most 240 minutes');
    expect((await server.request('GET', `/api/services/${service.id}`)).body).toMatchObject({
      bufferBeforeMinutes: 5,
      bufferAfterMinutes: 20,
    });
  });

  it('refuses a bad duration on update and changes nothing', async () => {
    const service = await create(massage);
    const res = await server.request('PUT', `/api/services/${service.id}`, {
      cookie: admin,
      body: { ...massage, duration: 0 },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Duration must be at least 15 minutes');
    expect((await server.request('GET', `/api/services/${service.id}`)).body.duration).toBe(60);
  });

  it('deletes a service; its appointments stay, without the service', async () => {
    const service = await create(massage);
    const staff = await signInAs(server.database, 'employee');
    const buyer = await signInAs(server.database, 'customer');
    const startsAt = new Date('2030-01-07T10:00:00Z');
    const [appointment] = await server.db
      .insert(appointments)
      .values({
        serviceId: service.id,
        employeeId: staff.user.id,
        customerId: buyer.user.id,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 3600000),
        duration: 60,
      })
      .returning();
    const res = await server.request('DELETE', `/api/services/${service.id}`, { cookie: admin });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, id: service.id });
    expect((await server.request('GET', `/api/services/${service.id}`, { cookie: admin })).status).toBe(404);
    const [kept] = await server.db
      .select({ serviceId: appointments.serviceId })
      .from(appointments)
      .where(eq(appointments.id, appointment!.id));
    expect(kept).toEqual({ serviceId: null });
  });

  it('needs services.edit and services.delete', async () => {
    const service = await create(massage);
    const viewer = (await signInAs(server.database, 'employee', { permissions: ['services.view'] })).cookie;
    expect(
      (await server.request('PUT', `/api/services/${service.id}`, { cookie: viewer, body: { name: 'X' } })).status,
    ).toBe(403);
    expect((await server.request('DELETE', `/api/services/${service.id}`, { cookie: viewer })).status).toBe(403);
    expect((await server.request('DELETE', `/api/services/${service.id}`, { cookie: customer })).status).toBe(403);
  });
});

describe('providers given with the service (employeeIds)', () => {
  it('creates the links with the service and replaces them on update, in one call each', async () => {
    const maya = await signInAs(server.database, 'employee');
    const liam = await signInAs(server.database, 'employee');
    const service = await create({ ...massage, employeeIds: [maya.user.id, liam.user.id] });
    const links = async () =>
      (
        await server.db
          .select({ employeeId: serviceProviders.employeeId })
          .from(serviceProviders)
          .where(eq(serviceProviders.serviceId, service.id))
      )
        .map((l) => l.employeeId)
        .sort();
    expect(await links()).toEqual([maya.user.id, liam.user.id].sort());
    await server.request('PUT', `/api/services/${service.id}`, {
      cookie: admin,
      body: { employeeIds: [liam.user.id] },
    });
    expect(await links()).toEqual([liam.user.id]);
    await server.request('PUT', `/api/services/${service.id}`, { cookie: admin, body: { name: 'Renamed' } });
    expect(await links()).toEqual([liam.user.id]);
  });

  it('refuses a customer as provider and creates nothing', async () => {
    const buyer = await signInAs(server.database, 'customer');
    const before = (await server.request('GET', '/api/services', { cookie: admin })).body.length;
    const res = await server.request('POST', '/api/services', {
      cookie: admin,
      body: { ...massage, employeeIds: [buyer.user.id] },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Only active staff members can perform services');
    expect((await server.request('GET', '/api/services', { cookie: admin })).body.length).toBe(before);
  });
});
