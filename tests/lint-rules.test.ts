import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The server's module rules in eslint.config.js, proven on fixtures: a deep import into another
 * module fails, and so does an import cycle between two modules; the public surface and a
 * module's own siblings pass. The cycle's two modules are written to src/server/modules for the
 * test (the rule resolves real files) and removed after it.
 */
const root = path.resolve(import.meta.dirname, '..');
const modules = path.join(root, 'src/server/modules');
const fixture = `zz-lint-fixture-${process.pid}`;
const moduleA = path.join(modules, `${fixture}-a`);
const moduleB = path.join(modules, `${fixture}-b`);

const ruleIds = (results: ESLint.LintResult[]) => results.flatMap((result) => result.messages.map((message) => message.ruleId));

describe('the server module rules', () => {
  let eslint: ESLint;

  beforeAll(() => {
    for (const [dir, other, name] of [
      [moduleA, moduleB, 'a'],
      [moduleB, moduleA, 'b'],
    ] as const) {
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, 'index.ts'), `export { ${name} } from './${name}';\n`);
      const otherName = name === 'a' ? 'b' : 'a';
      writeFileSync(
        path.join(dir, `${name}.ts`),
        `import { ${otherName} } from '../${path.basename(other)}';\n\nexport const ${name} = () => ${otherName}.name;\n`,
      );
    }
    // Made after the fixture modules exist: the config reads the list of modules when it loads.
    eslint = new ESLint({ cwd: root, overrideConfigFile: path.join(root, 'eslint.config.js') });
  });

  afterAll(() => {
    rmSync(moduleA, { recursive: true, force: true });
    rmSync(moduleB, { recursive: true, force: true });
  });

  const lint = (file: string, text: string) => eslint.lintText(text, { filePath: path.join(root, file) });

  it('refuses a deep import into a module from a route, and from another module', async () => {
    const route = await lint(
      'src/server/routes/console/zz-fixture.ts',
      "import { variantKey } from '../../modules/photos/photo-store';\n\nexport const key = variantKey('a', 1);\n",
    );
    expect(ruleIds(route)).toEqual(['no-restricted-imports']);
    expect(route[0]!.messages[0]!.message).toContain('public surface');

    const module = await lint(
      'src/server/modules/visits/zz-fixture.ts',
      "import { variantKey } from '../photos/photo-store';\n\nexport const key = variantKey('a', 1);\n",
    );
    expect(ruleIds(module)).toEqual(['no-restricted-imports']);
  });

  it('lets routes and modules import a module’s index, and a module its own siblings', async () => {
    const route = await lint(
      'src/server/routes/console/zz-fixture.ts',
      "import { variantKey } from '../../modules/photos';\n\nexport const key = variantKey('a', 1);\n",
    );
    expect(ruleIds(route)).toEqual([]);
    const module = await lint(
      'src/server/modules/visits/zz-fixture.ts',
      "import { variantKey } from '../photos';\nimport { recordVisitEvent } from './visit-events';\n\nexport const both = [variantKey, recordVisitEvent];\n",
    );
    expect(ruleIds(module)).toEqual([]);
  });

  it('refuses an import cycle between two modules', async () => {
    const results = await eslint.lintFiles([path.join(moduleA, 'a.ts'), path.join(moduleB, 'b.ts')]);
    expect(results.map((result) => ruleIds([result]))).toEqual([['import-x/no-cycle'], ['import-x/no-cycle']]);
  });

  it('finds no cycle among the real modules', async () => {
    const results = await eslint.lintFiles(['src/server/modules/*/index.ts']);
    const real = results.filter((result) => !result.filePath.includes(fixture));
    expect(real.length).toBeGreaterThan(10);
    expect(ruleIds(real)).toEqual([]);
  });
});
