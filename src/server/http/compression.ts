import fastifyCompress from '@fastify/compress';
import fp from 'fastify-plugin';

/**
 * brotli/gzip for the routes registered after this plugin (REST, the client), except the tRPC adapter's:
 * it replies with a Fetch Response, which @fastify/compress re-wraps and loses the status code of (errors
 * would arrive as 200). Routes that compress their own bytes (catalog-http) set `compress: false` first.
 */
export const compressionPlugin = fp(
  async (app) => {
    // Added before @fastify/compress's own onRoute hook, which reads the flag.
    app.addHook('onRoute', (route) => {
      if (route.url.startsWith('/api/trpc')) route.compress = false;
    });
    await app.register(fastifyCompress, {
      global: true,
      encodings: ['br', 'gzip'],
      threshold: 1024,
      // Request bodies stay plain JSON (docs/api-conventions.md).
      globalDecompression: false,
    });
  },
  { name: 'storefront-compression', fastify: '5.x', dependencies: ['storefront-catalog-http'] },
);
