import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { buildOpenApiDocument } from '../../../openapi/document';

/** GET /api/openapi.json and the interactive reference at /api/docs. */
export const docsPlugin = fp(
  async (app) => {
    const document = buildOpenApiDocument();
    app.get('/api/openapi.json', async () => document);
    await app.register(fastifySwagger, { mode: 'static', specification: { document: document as never } });
    await app.register(fastifySwaggerUi, {
      routePrefix: '/api/docs',
      staticCSP: true,
      uiConfig: { docExpansion: 'list', deepLinking: true },
    });
  },
  { name: 'storefront-docs', fastify: '5.x' },
);
