import type { z } from 'zod';

/**
 * The output schema of an answer served from the figures cache (staff/figures-cache.ts): every caller gets the
 * same object for a few seconds, so it is checked against the schema once, the first time, and that checked
 * copy is answered after (checking a customers page took a fifth of the server's time per request). The
 * OpenAPI document is made from the schema exactly as before.
 */
export function checkedOncePerValue<T extends z.ZodType>(schema: T): T {
  const checked = new WeakMap<object, Promise<z.output<T>>>();
  const copy = schema.clone() as T;
  copy.parseAsync = (value: unknown): Promise<z.output<T>> => {
    if (typeof value !== 'object' || value === null) return schema.parseAsync(value);
    let result = checked.get(value);
    if (!result) checked.set(value, (result = schema.parseAsync(value)));
    return result;
  };
  return copy;
}
