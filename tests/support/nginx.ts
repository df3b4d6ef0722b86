import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { freePort } from '#test/server-process';

const root = path.resolve(import.meta.dirname, '../..');

/** Debian's nginx (or NGINX_PATH), if installed. */
export const nginxPath = [process.env.NGINX_PATH, '/usr/sbin/nginx'].find((file): file is string => !!file && existsSync(file)) ?? null;

export interface Nginx {
  url: string;
  /** The access log's lines so far, each `status|method|uri|upstream_addr|upstream_status` (the last two lists, as "a, b", when nginx tried more than one instance). */
  accessLog(): string[];
  /** nginx's error log so far, for a failing test's message. */
  errorLog(): string;
  /**
   * Rewrites the upstream block, `down` marking the instances to leave out, and reloads nginx
   * (SIGHUP, as `nginx -s reload` sends): it resolves once the new workers have started and
   * the old ones have finished their requests and exited.
   */
  reload(down: string[]): Promise<void>;
  stop(): Promise<void>;
}

/**
 * nginx on a free loopback port, in front of `upstreams` (host:port each), with the site's
 * app part exactly as docs/deploy.md installs it (deploy/nginx/lakeshore-app.conf) and the
 * production upstream's failure settings. Everything it writes stays in a temporary directory.
 */
export async function startNginx(upstreams: string[]): Promise<Nginx> {
  if (!nginxPath) throw new Error('nginx is not installed');
  const dir = mkdtempSync(path.join(tmpdir(), 'nginx-'));
  for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(dir, temp));
  const port = await freePort();
  const config = (down: string[]) => `
daemon off;
${userInfo().uid === 0 ? 'user root root;' : ''}
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log notice;
events { worker_connections 1024; }
http {
  # A browser sends a request again when a kept-alive connection was closed before any answer
  # came (as nginx closes idle ones on reload); Node's fetch does not. Clients here open a
  # connection per request, so a reload's race does not count as the app's failure.
  keepalive_timeout 0;
  log_format upstreams '$status|$request_method|$uri|$upstream_addr|$upstream_status';
  access_log ${dir}/access.log upstreams;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream lakeshore {
${upstreams.map((upstream) => `    server ${upstream} max_fails=1 fail_timeout=5s${down.includes(upstream) ? ' down' : ''};`).join('\n')}
  }
  server {
    listen 127.0.0.1:${port};
    server_name localhost;
    include ${path.join(root, 'deploy/nginx/lakeshore-app.conf')};
  }
}
`;
  writeFileSync(path.join(dir, 'nginx.conf'), config([]));
  const child = spawn(nginxPath, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const errorLog = () => (existsSync(path.join(dir, 'error.log')) ? readFileSync(path.join(dir, 'error.log'), 'utf8') : '');
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`nginx exited:\n${output}\n${errorLog()}`);
    try {
      await fetch(`${url}/healthz`);
      break;
    } catch {
      if (i > 100) throw new Error(`nginx did not start:\n${output}\n${errorLog()}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return {
    url,
    errorLog,
    accessLog: () => {
      const file = path.join(dir, 'access.log');
      return existsSync(file) ? readFileSync(file, 'utf8').trim().split('\n') : [];
    },
    async reload(down) {
      const count = (text: string) => errorLog().split(text).length - 1;
      const [started, exited] = [count('start worker process'), count('exited with code')];
      writeFileSync(path.join(dir, 'nginx.conf'), config(down));
      child.kill('SIGHUP');
      // One worker: a reload starts one and retires one.
      for (let i = 0; count('start worker process') === started || count('exited with code') === exited; i++) {
        if (i > 200) throw new Error(`nginx did not reload:\n${errorLog()}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    async stop() {
      child.kill('SIGQUIT'); // graceful
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
