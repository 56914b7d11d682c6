import { generateOpenApiDocument } from 'trpc-to-openapi';
import { appRouter } from '../src/routers/index';
import type { Meta } from '../src/server/trpc';

/** Every tag the operations use, so the document defines each one. */
function operationTags(): string[] {
  const tags = Object.values(appRouter._def.procedures).flatMap(
    (procedure) => (procedure as unknown as { _def: { meta?: Meta } })._def.meta?.openapi?.tags ?? [],
  );
  return [...new Set(tags)].sort();
}

/** The OpenAPI 3.1 document of every REST operation, generated from the router. */
export function buildOpenApiDocument() {
  return generateOpenApiDocument(appRouter, {
    title: 'Storefront API',
    description:
      'REST API of the storefront: catalogue, cart, bookings, orders, chat, staff and settings. ' +
      'Authenticate with the session cookie set at sign-in. Errors are JSON {"message", "code"}.',
    version: '1.0.0',
    baseUrl: '/api',
    securitySchemes: {
      sessionCookie: { type: 'apiKey', in: 'cookie', name: 'sid', description: 'Session cookie set at sign-in.' },
    },
    license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    contact: { name: 'Storefront', url: 'https://example.com' },
    tags: operationTags(),
  });
}
