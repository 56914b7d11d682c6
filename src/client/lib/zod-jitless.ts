/*
 * zod tries `new Function` when its first object schema is made, to compile faster parsers. The page's
 * Content-Security-Policy (script-src 'self') refuses it, and although zod catches the refusal, Chromium reports
 * the violation (Lighthouse's best practices: issues in the Issues panel). Told `jitless` up front, zod skips the
 * try and parses as it does after a refusal. zod keeps its settings in this global and adopts one already there;
 * setting it here rather than through `z.config` keeps zod's core out of the first script (4 kB gzipped), which
 * has no schema. Imported first by main.tsx, so it runs before any schema module (zod-jitless.test.ts).
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(holder.__zod_globalConfig ??= {}).jitless = true;
export {};
