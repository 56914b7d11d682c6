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
  });
});
