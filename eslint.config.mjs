import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['node_modules/**', '.data/**', '.tools/**', '.test-data/**', 'test/fixtures/**', '*.config.js'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    // Workflow code runs in Temporal's deterministic sandbox: only core/ and activity types may be imported.
    files: ['workflows/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'fs', 'path', 'crypto', 'http', 'https', 'child_process'],
              message: 'Workflows are deterministic: no Node builtins.',
            },
            {
              group: ['**/adapters/**', '**/api/**'],
              message: 'Workflows import only core/ and activity types.',
            },
            {
              group: ['**/activities/**'],
              allowTypeImports: true,
              message: 'Workflows may import activity types only (import type).',
            },
          ],
        },
      ],
    },
  },
  {
    // Domain code is pure: workflows import it, so it may not reach Node, I/O or the layers above it.
    files: ['core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'fs', 'path', 'crypto', 'http', 'https', 'child_process', 'os', 'stream'],
              message: 'core/ is pure domain code: no Node built-ins.',
            },
            {
              group: ['**/adapters/**', '**/api/**', '**/activities/**', '**/workflows/**', '**/worker/**'],
              message: 'core/ imports nothing from the layers above it.',
            },
          ],
        },
      ],
    },
  },
);
