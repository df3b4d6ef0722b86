/**
 * No supported Node.js version may warn at install (`npm warn EBADENGINE`): every package
 * `npm ci` installs from the lock file must accept the oldest Node our own `engines` allows
 * (20.19.0) and the Node running the tests. npm copies each package's `engines` into the lock
 * file, and checks the same field at install.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const readJson = (file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8')) as Record<string, unknown>;

interface LockedPackage {
  version?: string;
  engines?: { node?: string } | string[];
}

/** Every package in the lock file (nested copies included) whose `engines.node` the given Node does not satisfy. */
function engineMismatches(lock: { packages: Record<string, LockedPackage> }, node: string): string[] {
  return Object.entries(lock.packages)
    .filter(([where]) => where !== '')
    .flatMap(([where, pkg]) => {
      const wanted = pkg.engines && !Array.isArray(pkg.engines) ? pkg.engines.node : undefined;
      if (!wanted || semver.satisfies(node, wanted, { includePrerelease: true })) return [];
      return [`${where.replace(/^.*node_modules\//, '')}@${pkg.version} requires node ${wanted} (in ${where})`];
    });
}

describe('Node.js engines of the installed packages', () => {
  const ours = (readJson('package.json').engines as { node: string }).node;
  const oldest = semver.minVersion(ours)!.version;
  const lock = readJson('package-lock.json') as { packages: Record<string, LockedPackage> };

  it('finds a package that asks for a newer Node (the check itself)', () => {
    const sample = { packages: { '': {}, 'node_modules/cookie': { version: '2.0.2', engines: { node: '>=22' } } } };
    expect(engineMismatches(sample, '20.19.0')).toEqual(['cookie@2.0.2 requires node >=22 (in node_modules/cookie)']);
    expect(engineMismatches(sample, '22.0.0')).toEqual([]);
  });

  it.each([
    [`the oldest our engines allow (${ours})`, oldest],
    ['the one running the tests', process.versions.node],
  ])('every locked package accepts Node %s', (_label, node) => {
    expect(engineMismatches(lock, node)).toEqual([]);
  });
});
