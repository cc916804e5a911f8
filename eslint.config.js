import tseslint from 'typescript-eslint';

/**
 * A server module is used only through its `index.ts`, the module's public API (issue 11 §4): its repos,
 * services and helpers stay its own, so a module can change inside without breaking another. Tests and
 * test-only fixtures may reach into a module's files.
 */
const moduleBoundary = (parents) => ({
  regex: `^${parents}[a-z-]+/(?!index\\.ts$)`,
  message:
    "Import another server module only through its index.ts (the module's public API): re-export what you need there.",
});
const TEST_ONLY_FILES = [
  '**/*.test.ts',
  '**/*fixtures.ts',
  '**/test-support.ts',
  '**/*test-helpers.ts',
  '**/execution-test-setup.ts',
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'test-results/**', 'playwright-report/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/server/src/modules/*/*.ts'],
    ignores: TEST_ONLY_FILES,
    rules: { 'no-restricted-imports': ['error', { patterns: [moduleBoundary('\\.\\./')] }] },
  },
  {
    files: ['apps/server/src/modules/*/*/*.ts'],
    ignores: TEST_ONLY_FILES,
    rules: { 'no-restricted-imports': ['error', { patterns: [moduleBoundary('\\.\\./\\.\\./')] }] },
  },
  {
    // Every route is declared with route() (platform/http/define-route.ts): access, schemas and error statuses
    // in one place, so none is registered without them.
    files: ['apps/server/src/modules/**/*.routes.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.type='MemberExpression'][callee.object.name='app'][callee.property.name=/^(get|post|put|patch|delete|route)$/]",
          message: 'Declare routes with route(app, {...}) from platform/http/define-route.ts.',
        },
      ],
    },
  },
  { files: ['bench/**', 'apps/server/src/main.ts', 'e2e/**'], rules: { 'no-console': 'off' } },
  // Web: a feature uses another only through its index.ts; app/ reaches features the same way.
  ...webModuleBoundaries([
    { files: ['apps/web/src/features/*/*.{ts,tsx}'], regex: String.raw`^\.\./[^./][^/]*/(?!index\.ts$)` },
    { files: ['apps/web/src/features/*/*/**/*.{ts,tsx}'], regex: String.raw`^\.\./\.\./[^./][^/]*/(?!index\.ts$)` },
    { files: ['apps/web/src/app/**/*.{ts,tsx}'], regex: String.raw`/features/[^/]+/(?!index\.ts$)` },
    { files: ['apps/web/src/{ui,api}/**/*.{ts,tsx}'], regex: String.raw`/features/` },
  ]),
);

function webModuleBoundaries(boundaries) {
  return boundaries.map(({ files, regex }) => ({
    files,
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex, message: 'Import another feature through its index.ts (features/<module>/index.ts).' }] },
      ],
    },
  }));
}
