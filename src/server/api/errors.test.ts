import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { AppError } from '../app-error';
import { describeError, errorBody, UNAVAILABLE_RETRY_AFTER_SECONDS } from './errors';

// The one formatter behind every failure answer: tRPC, the REST paths, plain routes and Fastify's own errors.
describe('describeError', () => {
  const lostConnection = Object.assign(new Error('write CONNECTION_CLOSED 127.0.0.1:5432'), {
    code: 'CONNECTION_CLOSED',
  });

  it('answers a lost database with 503 and Retry-After, however it was wrapped', () => {
    for (const error of [
      lostConnection,
      new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: lostConnection }),
      new Error('query failed', { cause: lostConnection }),
    ]) {
      const answer = describeError(error, 'req-1');
      expect(answer).toMatchObject({
        httpStatus: 503,
        code: 'SERVICE_UNAVAILABLE',
        retryAfterSeconds: UNAVAILABLE_RETRY_AFTER_SECONDS,
      });
      expect(answer.message).toBe('The service is temporarily unavailable. Please try again in a moment.');
    }
  });

  it("keeps a service's own answer and its Retry-After", () => {
    const limited = new AppError('TOO_MANY_REQUESTS', 'Too many attempts. Please wait 2 minutes and try again.', {
      retryAfterSeconds: 120,
    });
    for (const error of [
      limited,
      new TRPCError({ code: 'TOO_MANY_REQUESTS', message: limited.message, cause: limited }),
    ]) {
      expect(describeError(error, 'req-1')).toMatchObject({
        httpStatus: 429,
        code: 'TOO_MANY_REQUESTS',
        message: limited.message,
        retryAfterSeconds: 120,
      });
    }
    expect(describeError(new AppError('NOT_FOUND', 'Product not found'), 'r')).toMatchObject({
      httpStatus: 404,
      retryAfterSeconds: undefined,
    });
  });

  it('words Fastify errors for people and maps their status', () => {
    const unsupported = Object.assign(new Error('Unsupported Media Type: text/plain'), { statusCode: 415 });
    expect(errorBody(describeError(unsupported, 'r'))).toEqual({
      message: 'Request bodies must be JSON (Content-Type: application/json).',
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
    const tooLarge = Object.assign(new Error('Request body is too large'), { statusCode: 413 });
    expect(describeError(tooLarge, 'r')).toMatchObject({ httpStatus: 413, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('never shows an internal message, and names the request id on 5xx only', () => {
    const answer = describeError(new Error('relation "secret_table" does not exist'), 'req-42');
    expect(errorBody(answer)).toEqual({
      message: 'Something went wrong on our side. Please try again. (request id req-42)',
      code: 'INTERNAL_SERVER_ERROR',
      requestId: 'req-42',
    });
    expect(errorBody(describeError(new AppError('CONFLICT', 'Taken'), 'req-42'))).toEqual({
      message: 'Taken',
      code: 'CONFLICT',
    });
  });

  it('carries validation issues per field', () => {
    const cause = z.object({ name: z.string({ error: 'Name is required' }) }).safeParse({}).error;
    const answer = describeError(
      new TRPCError({ code: 'BAD_REQUEST', message: 'Input validation failed', cause }),
      'r',
    );
    expect(errorBody(answer)).toEqual({
      message: 'Name is required',
      code: 'BAD_REQUEST',
      issues: [{ path: 'name', message: 'Name is required' }],
    });
    // Several: each sentence once, a full stop only at the end.
    const several = z
      .object({
        a: z.string({ error: 'Please answer "Skin type".' }),
        b: z.string({ error: 'Please answer "Skin type".' }),
        c: z.string({ error: 'Name is required.' }),
      })
      .safeParse({}).error;
    const joined = describeError(new TRPCError({ code: 'BAD_REQUEST', message: 'x', cause: several }), 'r');
    expect(joined.message).toBe('Please answer "Skin type"; Name is required.');
  });

  it("says zod's own bounds and options in words, in the request's language", () => {
    const schema = z.object({
      search: z.string().max(200).optional(),
      code: z.string().min(2).optional(),
      tags: z.array(z.string()).max(1).optional(),
      page: z.number().int().min(1).optional(),
      kind: z.enum(['ics', 'caldav']).optional(),
    });
    const said = (input: unknown, locale: 'en' | 'es') => {
      const cause = schema.safeParse(input).error;
      return describeError(new TRPCError({ code: 'BAD_REQUEST', cause }), 'r', locale).message;
    };
    const cases = [
      [
        { search: 'x'.repeat(201) },
        'search must be at most 200 characters',
        'search debe tener como máximo 200 caracteres',
      ],
      [{ code: 'x' }, 'code must be at least 2 characters', 'code debe tener al menos 2 caracteres'],
      [{ tags: ['a', 'b'] }, 'tags can have at most 1 item', 'tags puede tener como máximo 1 elemento'],
      [{ page: 0 }, 'page must be at least 1', 'page debe ser como mínimo 1'],
      [{ kind: 'x' }, 'kind must be one of: ics, caldav', 'kind debe ser uno de estos: ics, caldav'],
    ] as const;
    for (const [input, english, spanish] of cases)
      expect([said(input, 'en'), said(input, 'es')]).toEqual([english, spanish]);
  });
});
