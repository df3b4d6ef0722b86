/**
 * `npm run dev`: the API server under `tsx watch` (restarts on change) and Vite's
 * dev server with hot reload in front of it, proxying /api to the API.
 * Open http://localhost:3000 (or PORT).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createServer } from 'vite';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.PORT ?? 3000);
const apiPort = Number(process.env.API_PORT ?? port + 1);
process.env.API_PORT = String(apiPort);

const api = spawn(process.execPath, ['--import', 'tsx', '--watch', path.join(root, 'src/server/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: String(apiPort),
    APP_URL: process.env.APP_URL ?? `http://localhost:${port}`,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
  },
});

const vite = await createServer({ root, server: { port, strictPort: true } });
await vite.listen();
vite.printUrls();

const stop = async () => {
  api.kill('SIGTERM');
  await vite.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
