import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Import zones of the client (bulletproof-react): shared code, then features, then app
 * and entries. Features never import each other, shared layers never import features,
 * and client code never imports server code (component tests may: they start the real
 * server). ESLint's own no-restricted-imports, one block per feature generated from the
 * folder list, so a new feature is fenced in without touching this file.
 */
function clientImportZones() {
  const features = readdirSync('src/client/features', { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const server = { group: ['**/server/**'], message: 'Client code must not import server code.' };
  const upper = {
    group: ['**/features/**', '**/app/**', '**/entries/**'],
    message: 'Shared client code (lib, api, components) must not import features, app or entries.',
  };
  const tests = ['**/*.test.ts', '**/*.test.tsx'];
  /** The same zone for production files and for tests, which alone may import the server's test helpers. */
  const zone = (files, patterns) => [
    { files, ignores: tests, rules: { 'no-restricted-imports': ['error', { patterns: [server, ...patterns] }] } },
    {
      files: files.flatMap((glob) => tests.map((test) => glob.replace(/\*\*$/, test))),
      rules: { 'no-restricted-imports': ['error', { patterns }] },
    },
  ];
  return [
    ...zone(['src/client/**'], []),
    ...zone(['src/client/lib/**', 'src/client/api/**', 'src/client/components/**', 'src/client/content/**'], [upper]),
    ...features.flatMap((feature) => {
      const others = features.filter((other) => other !== feature);
      return zone(
        [`src/client/features/${feature}/**`],
        [
          {
            group: others.flatMap((other) => [`**/features/${other}/**`, `../${other}/**`, `../../${other}/**`, `../../../${other}/**`]),
            message: 'Features never import each other: move what they share to src/client/components, lib or api.',
          },
          { group: ['**/app/**', '**/entries/**'], message: 'Features must not import app or entries.' },
        ],
      );
    }),
  ];
}

/**
 * The server's modules (src/server/modules/<domain>) are used through their public surface only,
 * `modules/<domain>/index.ts`: routes, jobs, the CLI, plugins and other modules import that file,
 * never a deep one; files inside a module import their siblings directly. Generated from the folder
 * list, so a new module is fenced in without touching this file. Tests may reach inside.
 */
const serverModules = readdirSync('src/server/modules', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const surfaceMessage = 'Import another module only through its public surface, modules/<domain> (its index.ts).';
/** Deep imports into these modules, as written from outside src/server/modules. */
const deepImports = (modules) => ({ group: modules.map((module) => `**/modules/${module}/**`), message: surfaceMessage });
/** The patterns for server code outside the modules; the routes' own block repeats them (a later block replaces the rule). */
const outsideModules = [deepImports(serverModules)];

function serverModuleSurfaces() {
  const tests = ['**/*.test.ts'];
  return [
    {
      files: ['src/server/**'],
      ignores: ['src/server/modules/**', ...tests],
      rules: { 'no-restricted-imports': ['error', { patterns: outsideModules }] },
    },
    ...serverModules.map((module) => {
      const others = serverModules.filter((other) => other !== module);
      return {
        files: [`src/server/modules/${module}/**`],
        ignores: tests,
        rules: {
          'no-restricted-imports': [
            'error',
            { patterns: [{ group: others.flatMap((other) => [`../${other}/**`, `**/modules/${other}/**`]), message: surfaceMessage }] },
          ],
        },
      };
    }),
    {
      // No import cycles in the server: among modules above all (through their index files), where a
      // cycle means two modules that cannot be understood, tested or loaded one without the other.
      // Type-only imports do not count (they are gone at run time).
      files: ['src/server/**/*.ts'],
      ignores: tests,
      plugins: { 'import-x': importX },
      settings: {
        'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
        'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
        'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      },
      rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
    },
  ];
}

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'test-results/', 'playwright-report/', 'screenshots/', '.lighthouse/', '.cache/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  ...clientImportZones(),
  ...serverModuleSurfaces(),
  {
    files: ['src/shared/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/client/**', '**/server/**'] }] },
  },
  {
    // Route files are thin HTTP adapters: queries live in src/server/modules.
    files: ['src/server/routes/**'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'drizzle-orm', message: 'No SQL in routes: call a module function (src/server/modules).' }],
          patterns: [
            { group: ['**/db/schema', '**/db/database', '**/db/prepared'], message: 'No SQL in routes: call a module function.' },
            ...outsideModules,
          ],
        },
      ],
    },
  },
  {
    // Public routes have no guard, so no signed-in user: they read the session themselves if they must.
    files: ['src/server/routes/public/**'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='request'][property.name='user']",
          message: 'request.user is set only in the portal, console and crew groups; a public route calls request.sessionUser().',
        },
      ],
    },
  },
);
