import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

// Runs every benchmark script in bench/ (each compares the full stack with a bare reference) one after another.
const only = process.argv.slice(2);
const scripts = readdirSync(new URL('.', import.meta.url))
  .filter((f) => f.endsWith('.ts') && !['run.ts', 'lib.ts'].includes(f) && !f.startsWith('bare-'))
  .filter((f) => only.length === 0 || only.some((name) => f.startsWith(name)));
for (const script of scripts) {
  console.log(`\n=== bench/${script}`);
  execFileSync(process.execPath, ['--import', 'tsx', `bench/${script}`], { stdio: 'inherit' });
}
