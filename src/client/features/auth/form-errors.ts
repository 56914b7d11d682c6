import type { z } from 'zod';

/** First message per top-level field of a failed parse; null when the values are valid. */
export function fieldErrors(schema: z.ZodType, values: unknown): Record<string, string> | null {
  const result = schema.safeParse(values);
  if (result.success) return null;
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[String(issue.path[0] ?? '')] ??= issue.message;
  return errors;
}
