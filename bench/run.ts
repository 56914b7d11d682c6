import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

// Runs every benchmark script in bench/ one after another. Five compare the full stack with a bare Fastify +
// postgres.js route (`bare-*.ts`): settings, auth-user, api-key, products and slots; the bare api-key and slots
// routes do less work on purpose (no rate-limit counting; no slot computation). The others measure the app alone.
const only = process.argv.slice(2);
console.log("The benchmarks' servers run with LOG_LEVEL=warn (default: info, two log lines per request).");
const scripts = readdirSync(new URL('.', import.meta.url))
  .filter(
    (f) => f.endsWith('.ts') && !f.endsWith('.d.ts') && !['run.ts', 'lib.ts'].includes(f) && !f.startsWith('bare-'),
  )
  .filter((f) => only.length === 0 || only.some((name) => f.startsWith(name)));
for (const script of scripts) {
  console.log(`\n=== bench/${script}`);
  execFileSync(process.execPath, ['--import', 'tsx', `bench/${script}`], { stdio: 'inherit' });
}
