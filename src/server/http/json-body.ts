import fp from 'fastify-plugin';
import { checkInputText } from '../api/input-text';

/**
 * JSON bodies of the REST paths (tRPC's adapter reads its own, and its procedures check their input): parsed by
 * Fastify's parser and held to checkInputText before any hook sees them (the Idempotency-Key fingerprint walks the
 * body). A `__proto__` key (or `constructor.prototype`) is dropped rather than refused: it is valid JSON, no
 * input of the API has such a field, and unknown fields are ignored anyway.
 */
export const jsonBodyPlugin = fp(
  async (app) => {
    const parse = app.getDefaultJsonParser('remove', 'remove');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) =>
      parse(req, body as string, (error, value) => {
        if (error) return done(error, undefined);
        try {
          checkInputText(value);
        } catch (refused) {
          return done(refused as Error, undefined);
        }
        done(null, value);
      }),
    );
  },
  { name: 'storefront-json-body', fastify: '5.x' },
);
