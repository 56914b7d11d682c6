// Compiles the server and its commands into dist/server: plain ES modules that run on Node with the
// production dependencies only (no TypeScript loader). Packages stay imports of node_modules; only the
// project's own code is bundled. esbuild is the compiler Vite itself uses.
import { cpSync, rmSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';

const outdir = 'dist/server';
rmSync(outdir, { recursive: true, force: true });

await build({
  entryPoints: {
    main: 'src/server/main.ts',
    migrate: 'db/migrate.ts',
    seed: 'db/seed-cli.ts',
    'admin-invite': 'src/server/commands/admin-invite.ts',
  },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  // Shared code stays directly in outdir, where src/server/paths.ts expects to be.
  chunkNames: '[name]-[hash]',
  define: { STOREFRONT_COMPILED: 'true' },
  logLevel: 'warning',
});

cpSync('db/migrations', `${outdir}/migrations`, { recursive: true });
// Marks a complete build: `npm start` compares it with the sources to decide whether to rebuild.
writeFileSync('dist/.build-complete', `${new Date().toISOString()}\n`);
console.log(`Server compiled into ${outdir}/ (main, migrate, seed, admin-invite).`);
