import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { inject } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * node's arguments to run one of the bundled entries, `main` (the server) or `admin` (the operator
 * commands), from this run's bundle (server-bundle.ts, a global setup); through tsx from the source
 * when a run has no bundle.
 */
export function nodeArgs(entry: 'main' | 'admin'): string[] {
  const bundle = inject('serverBundle');
  if (bundle) return ['--enable-source-maps', path.join(bundle, `${entry}.js`)];
  return ['--import', import.meta.resolve('tsx'), path.join(root, entry === 'main' ? 'src/server/main.ts' : 'src/server/cli/admin.ts')];
}

export { freePort } from '../../scripts/lib/free-port';

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  output(): string;
  exited: Promise<number | null>;
}

/** Starts the real server (this run's bundle of src/server/main.ts) as a child process. */
export function startServer(env: Record<string, string>, port: number): ServerProcess {
  const child = spawn(process.execPath, nodeArgs('main'), {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'info', HOST: '127.0.0.1', PORT: String(port), CLIENT_DIR: '/nonexistent-client-build', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // 'close', not 'exit': it comes once the output pipes are read to their end, so output() is whole.
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return { child, url: `http://127.0.0.1:${port}`, output: () => output, exited };
}

/** Stops servers as a supervisor would (SIGTERM), all at once, and gives their exit codes. */
export function stopServers(...servers: ServerProcess[]): Promise<Array<number | null>> {
  for (const server of servers) server.child.kill('SIGTERM');
  return Promise.all(servers.map((server) => server.exited));
}

export async function waitUntilReady(server: ServerProcess, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`server exited early:\n${server.output()}`);
    try {
      if ((await fetch(`${server.url}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server not ready in ${timeoutMs} ms:\n${server.output()}`);
}

/**
 * Waits until the server's output matches: its log lines come through a pipe, which the test
 * reads on its own time, so a line written before /readyz answered may arrive after it.
 */
export async function waitForOutput(server: ServerProcess, pattern: RegExp, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (!pattern.test(server.output())) {
    if (Date.now() > deadline) throw new Error(`no output matching ${pattern} in ${timeoutMs} ms:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return server.output();
}

/** Polls `check` every 10 ms until it holds (true) or the time is up (false); a check that throws counts as not yet. */
export async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return true;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return false;
}
