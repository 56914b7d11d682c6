import { fileURLToPath } from 'node:url';

// Defined (true) by the server build; absent when the TypeScript sources run directly.
declare const STOREFRONT_COMPILED: boolean | undefined;

/**
 * Folders the server reads at run time. The sources run from src/server; the build puts this module's code
 * directly in dist/server, with the client one folder up.
 */
const compiled = typeof STOREFRONT_COMPILED !== 'undefined' && STOREFRONT_COMPILED;

export const clientDistDir = fileURLToPath(new URL(compiled ? '../client' : '../../dist/client', import.meta.url));

/** The storefront's first screens as the server renders them (src/client/server-render.tsx, built by `vite build`). */
export const serverRenderDir = fileURLToPath(
  new URL(compiled ? '../server-render' : '../../dist/server-render', import.meta.url),
);
