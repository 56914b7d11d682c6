// `npm start`. In production: the compiled server from `npm run build`, nothing else (no build tools, no
// TypeScript loader; the production dependencies are enough). Elsewhere: builds first when the build is
// missing or older than the sources, so a fresh clone's `npm install && npm start` just works.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const stamp = join(root, 'dist/.build-complete');
const entry = join(root, 'dist/server/main.js');
const built = existsSync(stamp) && existsSync(entry) && existsSync(join(root, 'dist/client/index.html'));

function newestSource(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestSource(join(path, name))));
}

if (process.env.NODE_ENV === 'production') {
  if (!built) {
    console.error(
      'No build found in dist/: run "npm run build" (with development dependencies installed) before starting in production.',
    );
    process.exit(1);
  }
} else {
  const sources = ['src', 'db', 'scripts', 'vite.config.ts', 'package-lock.json'].map((p) =>
    newestSource(join(root, p)),
  );
  if (!built || Math.max(...sources) > statSync(stamp).mtimeMs) {
    console.log(
      built
        ? 'Sources changed since the last build: building again.'
        : 'No build yet: building the client and the server.',
    );
    const result = spawnSync('npm', ['run', 'build'], {
      cwd: root,
      stdio: 'inherit',
      shell: process.platform === 'win32',
    });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}

process.setSourceMapsEnabled(true);
await import(new URL('../dist/server/main.js', import.meta.url).href);
