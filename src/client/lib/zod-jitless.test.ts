import { expect, it } from 'vitest';

it('zod takes the jitless setting made before it loads, so it never tries new Function', async () => {
  await import('./zod-jitless');
  const { z } = await import('zod');
  expect(z.config().jitless).toBe(true);
});
