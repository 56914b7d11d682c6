import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const repositoryRoot = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Another app instance as a process of its own, to be killed mid-job: a job runner on the database at `url` with a
 * lease of `leaseMs`, running `jobs` (the source of an array of runnable jobs, which may use `database` and what
 * `imports` brings; paths from the repository's root). `output()` is what it has printed; `kill()` SIGKILLs it, as a
 * crash would end it (no shutdown, the lease left to run out).
 */
export function startRunnerProcess(url: string, opts: { imports: string; jobs: string; leaseMs: number }) {
  const source = `
    import { createDb } from './db/client.ts';
    import { createJobRunner } from './src/server/jobs/runner.ts';
    ${opts.imports}
    const database = await createDb({ url: ${JSON.stringify(url)}, maxConnections: 2 });
    const runner = createJobRunner({
      database,
      log: { info() {}, warn() {}, error() {} },
      leaseMs: ${opts.leaseMs},
      jobs: ${opts.jobs},
    });
    await runner.start();
    setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', source], {
    cwd: repositoryRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    output: () => output,
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
  };
}
