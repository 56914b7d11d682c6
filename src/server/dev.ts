import { spawn } from 'node:child_process';
import { createServer } from 'vite';
import { readEnvOrExit } from './env';

/**
 * `npm run dev`: the same app with reload on change. The API server restarts on server changes (tsx
 * watch) one port above PORT; Vite serves the client with hot module replacement on PORT and forwards
 * everything server-side to it, so the app keeps its usual address.
 */
const env = readEnvOrExit();
const apiPort = env.PORT + 1;
const api = spawn(process.execPath, ['--import', 'tsx', '--watch', 'src/server/main.ts'], {
  stdio: 'inherit',
  env: { ...process.env, PORT: String(apiPort), PUBLIC_URL: env.publicUrl },
});

const target = `http://127.0.0.1:${apiPort}`;
const vite = await createServer({
  configFile: 'vite.config.ts',
  server: {
    port: env.PORT,
    strictPort: true,
    proxy: { '/api': target, '/healthz': target, '/readyz': target, '/demo': target },
  },
});
await vite.listen();
console.log(`Development: open ${env.publicUrl} (client hot reload; API restarts on change).`);

const stop = async () => {
  api.kill('SIGTERM');
  await vite.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
