import type { z } from 'zod';

export type FieldErrors = Partial<Record<string, string>>;

/**
 * Validates form values with the server's own schema, so the dialog shows the same messages the server
 * would send (docs/catalogue.md); the first message per field.
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

/** docs/catalogue.md: a non-numeric inventory becomes 0. */
export function inventoryFromInput(text: string): number | string {
  const trimmed = text.trim();
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? trimmed : 0;
}

/** docs/catalogue.md: an unparsable duration becomes 60. */
export function durationFromInput(text: string): number | string {
  const trimmed = text.trim();
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? trimmed : 60;
}
