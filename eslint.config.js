import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'test-results/**', 'playwright-report/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
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
