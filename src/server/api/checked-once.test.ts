import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkedOncePerValue } from './checked-once';

describe('checkedOncePerValue', () => {
  const schema = z.object({ total: z.number().int(), items: z.array(z.object({ name: z.string() })) });

  it('checks a value the first time it is answered and gives the same checked copy after', async () => {
    let checks = 0;
    const counted = z.object({
      total: z
        .number()
        .int()
        .refine(() => ++checks > 0),
    });
    const output = checkedOncePerValue(counted);
    const value = { total: 3, extra: 'dropped' };
    const first = await output.parseAsync(value);
    expect(first).toEqual({ total: 3 });
    expect(await output.parseAsync(value)).toBe(first);
    expect(checks).toBe(1);
    // Another object (the next computation) is checked again.
    await output.parseAsync({ total: 4 });
    expect(checks).toBe(2);
  });

  it('still refuses a value that does not match, every time it is answered', async () => {
    const output = checkedOncePerValue(schema);
    const wrong = { total: 1.5, items: [] };
    await expect(output.parseAsync(wrong)).rejects.toThrow();
    await expect(output.parseAsync(wrong)).rejects.toThrow();
    await expect(output.parseAsync(null)).rejects.toThrow();
  });

  it('describes the same shape as the schema it wraps (the OpenAPI document is made from it)', () => {
    expect(z.toJSONSchema(checkedOncePerValue(schema))).toEqual(z.toJSONSchema(schema));
  });
});
