// Compiles the server and its commands into dist/server: plain ES modules that run on Node with the
// production dependencies only (no TypeScript loader). Packages stay imports of node_modules; only the
// project's own code is bundled. esbuild is the compiler Vite itself uses.
import { cpSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const outdir = 'dist/server';
rmSync(outdir, { recursive: true, force: true });

await build({
  entryPoints: {
    main: 'src/server/main.ts',
    migrate: 'src/server/commands/migrate.ts',
    seed: 'src/server/commands/seed.ts',
    'admin-invite': 'src/server/commands/admin-invite.ts',
    backup: 'src/server/commands/backup.ts',
    restore: 'src/server/commands/restore.ts',
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

// The client's text assets compressed once, at the highest levels, for the server to send as they are
// (index.html is compressed by the server itself, which adds per-page preload links to it).
const compressible = /\.(js|css|svg|json|txt|webmanifest|xml)$/;
function precompress(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) precompress(path);
    else if (compressible.test(name) && statSync(path).size >= 1024) {
      const body = readFileSync(path);
      writeFileSync(`${path}.br`, brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
      writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
    }
  }
}
precompress('dist/client');
// Marks a complete build: `npm start` compares it with the sources to decide whether to rebuild.
writeFileSync('dist/.build-complete', `${new Date().toISOString()}\n`);
console.log(`Server compiled into ${outdir}/ (main, migrate, seed, admin-invite, backup, restore).`);
