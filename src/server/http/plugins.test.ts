import fastifyCookie from '@fastify/cookie';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client';
import { appRouter } from '../../routers/index';
import { createAppServices } from '../api/context';
import { createTestDatabase, testEnv } from '../../testing/test-server';
import { catalogHttpPlugin } from './catalog-http';
import { compressionPlugin } from './compression';
import { errorHandlingPlugin } from '../api/error-reply';
import { restPlugin } from '../api/rest';

// Registration order is code: a plugin registered before what it names as its dependencies stops the start.
describe('HTTP plugins', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('refuses the REST routes before the catalogue cache and compression are in place', async () => {
    const app = Fastify();
    const services = createAppServices({ database, env: testEnv() });
    await app.register(errorHandlingPlugin);
    await app.register(fastifyCookie);
    app.register(restPlugin, { ...services, router: appRouter });
    await expect(app.ready()).rejects.toThrow(/storefront-compression/);
    await app.close().catch(() => {});
  });

  it('starts when they are', async () => {
    const app = Fastify();
    const services = createAppServices({ database, env: testEnv() });
    await app.register(errorHandlingPlugin);
    await app.register(fastifyCookie);
    await app.register(catalogHttpPlugin, services);
    await app.register(compressionPlugin);
    await app.register(restPlugin, { ...services, router: appRouter });
    await app.ready();
    expect((await app.inject({ method: 'GET', url: '/api/auth/user' })).statusCode).toBe(401);
    await app.close();
    await services.stop();
  });
});
