import { createTRPCReact } from '@trpc/react-query';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../routers/index';
import { HttpError } from './rest';

export const trpc = createTRPCReact<AppRouter>();
export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;

/** HTTP status of a failed call, tRPC or REST, if the server sent one. */
export function errorStatus(error: unknown): number | undefined {
  if (error instanceof HttpError) return error.status;
  return (error as { data?: { httpStatus?: number } } | null)?.data?.httpStatus;
}

/**
 * The message to show a person for a failed call, the same rule for both paths: the server's `message`
 * (a tRPC error carries it; a REST error body is `{ message, code }`), else what the failure itself says.
 */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (error instanceof HttpError) return bodyMessage(error.body) ?? error.message;
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message ? message : fallback;
}

function bodyMessage(body: string): string | undefined {
  try {
    const message = (JSON.parse(body) as { message?: unknown } | null)?.message;
    return typeof message === 'string' && message ? message : undefined;
  } catch {
    return undefined;
  }
}
