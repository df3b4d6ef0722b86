import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { bundleServer } from '../../scripts/lib/server-bundle';

/*
 * Vitest's global setup: the server and the operator commands are bundled once per run, as the
 * production build bundles them (scripts/lib/server-bundle.ts). The tests that start a real server
 * or run a command from the command line (server-process.ts) start that bundle with plain node, in
 * about half a second, instead of compiling the whole server through tsx on every start. The
 * bundle is made from the source as the run starts, and goes when it ends; in watch mode it is not
 * made again, so restart vitest to test a server change through a started server.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder holding main.js and admin.js for this run. */
    serverBundle: string;
  }
}

const root = path.resolve(import.meta.dirname, '../..');

export default async function setup(project: TestProject) {
  // Two levels under the project, as dist/server is: the external packages resolve from its node_modules.
  const outdir = path.join(root, '.cache', `test-server-${process.pid}`);
  await bundleServer(outdir);
  project.provide('serverBundle', outdir);
  return () => rm(outdir, { recursive: true, force: true });
}
