import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      'data/',
      'test-results/',
      'playwright-report/',
      'server/db/migrations/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Fastify hooks and handlers are async by contract even when they do not await anything.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
  },
  // The seams between the four parts (docs/ARCHITECTURE.md). `boundaries.test.ts` proves that each
  // rule fails on a deliberate violation.
  {
    files: ['xapi/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '**/server',
                '**/server/**',
                '**/web',
                '**/web/**',
                '**/common',
                '**/common/**',
              ],
              message:
                'xapi/ is a standalone library: it imports nothing from server/, web/ or common/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/modules/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['fastify', 'fastify/**', '@fastify/**', 'fastify-*', '**/http', '**/http/**'],
              message: 'Domain modules know nothing of HTTP: only server/http/ uses Fastify.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server', '**/server/**'],
              message:
                'The web app reaches the server only through web/api/, with types from common/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
);
