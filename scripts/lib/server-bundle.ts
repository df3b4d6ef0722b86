import { cpSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * The server, the operator commands and the two PDF worker threads as one ESM bundle each, with
 * the migrations beside them: what `npm run build` ships in dist/server, and what the tests that
 * start a real server run (tests/support/server-bundle.ts), so each start loads a bundle instead
 * of compiling the source through tsx. `outdir` sits two levels under the project (dist/server,
 * .cache/…), where the packages, which stay external, resolve from node_modules as they do in production.
 */
export async function bundleServer(outdir: string) {
  await build({
    entryPoints: {
      main: path.join(root, 'src/server/main.ts'),
      admin: path.join(root, 'src/server/cli/admin.ts'),
      // The monthly report's worker thread, started by name beside the bundle (report-rendering.ts).
      'report-worker': path.join(root, 'src/server/modules/reports/report-worker.ts'),
      // The invoice PDF's worker thread, started by name beside the bundle (billing/invoice-rendering.ts).
      'invoice-pdf-worker': path.join(root, 'src/server/modules/billing/invoice-pdf-worker.ts'),
    },
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  cpSync(path.join(root, 'src/server/db/migrations'), path.join(outdir, 'migrations'), { recursive: true });
}
