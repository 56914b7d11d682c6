// `npm run db:migrate | db:seed | db:backup | db:restore | admin:invite`: one command, run from the TypeScript sources when the
// development tools are installed (so it is always current), otherwise from the build in dist/server.
// Production always runs the build.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const commands = {
  migrate: 'src/server/commands/migrate.ts',
  seed: 'src/server/commands/seed.ts',
  'admin-invite': 'src/server/commands/admin-invite.ts',
  backup: 'src/server/commands/backup.ts',
  restore: 'src/server/commands/restore.ts',
};
const [name, ...args] = process.argv.slice(2);
const source = commands[name];
if (!source) {
  console.error(`Unknown command "${name}"; one of: ${Object.keys(commands).join(', ')}.`);
  process.exit(2);
}

const root = fileURLToPath(new URL('..', import.meta.url));
const compiled = `dist/server/${name}.js`;
const hasTsx = existsSync(`${root}/node_modules/tsx/package.json`);
let nodeArgs;
if (process.env.NODE_ENV !== 'production' && hasTsx) nodeArgs = ['--import', 'tsx', source];
else if (existsSync(`${root}/${compiled}`)) nodeArgs = ['--enable-source-maps', compiled];
else {
  console.error('No build found in dist/: run "npm run build" first.');
  process.exit(1);
}
const result = spawnSync(process.execPath, [...nodeArgs, ...args], { cwd: root, stdio: 'inherit' });
process.exit(result.status ?? 1);
