import type { z } from 'zod';

export type FieldErrors = Partial<Record<string, string>>;

/**
 * Validates form values with the server's own schema, so the dialog shows the same messages the server
 * would send (SPEC.md §5); the first message per field.
 */
export function validate<S extends z.ZodType>(schema: S, values: unknown): { ok: true; data: z.output<S> } | { ok: false; errors: FieldErrors } {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? 'form');
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}

/** SPEC.md §5: a non-numeric inventory becomes 0. */
export function inventoryFromInput(text: string): number | string {
  const trimmed = text.trim();
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? trimmed : 0;
}

/** SPEC.md §5: an unparsable duration becomes 60. */
export function durationFromInput(text: string): number | string {
  const trimmed = text.trim();
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? trimmed : 60;
}
