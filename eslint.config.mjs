import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import noWordList from './eslint-rules/no-word-list.mjs';

/** The rooms that read briefs, feedback and instructions: their words come from core/language/lexicon. */
const WORD_LIST_ROOMS = [
  'core/language/**/*.ts',
  'core/discovery/**/*.ts',
  'core/content/**/*.ts',
  'core/refinement/**/*.ts',
  'core/app-generation/**/*.ts',
  'core/intelligence/**/*.ts',
  'adapters/models/**/*.ts',
  'api/commands/**/*.ts',
];
const WORD_LISTS_TO_MOVE = [
  'core/app-generation/read-instruction.ts',
  'core/content/brief-fields.ts',
  'core/content/brief-words.ts',
  'core/content/field-roles.ts',
  'core/content/fill-text.ts',
  'core/content/generate-briefs.ts',
  'core/content/generate-image.ts',
  'core/content/option-senses.ts',
  'core/content/prompt-of.ts',
  'core/content/read-brief.ts',
  'core/content/runs.ts',
  'core/content/subject.ts',
  'core/discovery/adjust-score.ts',
  'core/discovery/brief-reading.ts',
  'core/discovery/brief-spans.ts',
  'core/discovery/carried-content.ts',
  'core/discovery/catalog-index.ts',
  'core/discovery/constraints.ts',
  'core/discovery/context-clauses.ts',
  'core/discovery/cue-words.ts',
  'core/discovery/deliverable.ts',
  'core/discovery/evidence.ts',
  'core/discovery/input-media.ts',
  'core/discovery/intent.ts',
  'core/discovery/judgement/features.ts',
  'core/discovery/match-reasons.ts',
  'core/discovery/operations.ts',
  'core/discovery/placement.ts',
  'core/discovery/rank-apps.ts',
  'core/discovery/read-token.ts',
  'core/discovery/requested-kinds.ts',
  'core/discovery/structured-brief.ts',
  'core/discovery/synonyms.ts',
  'core/discovery/token-marks.ts',
  'core/discovery/topic-cues.ts',
  'core/intelligence/activity.ts',
  'core/intelligence/brand-fit.ts',
  'core/intelligence/concept-features.ts',
  'core/intelligence/phrase-match.ts',
  'core/intelligence/platforms.ts',
  'core/language/normalize.ts',
  'core/language/typos.ts',
];

/**
 * The API's rooms: every folder of api/ is a resource folder (routes, schema, presenter), except the
 * two that serve them all. tRPC and OpenAPI count as resource folders.
 */
const API_SHARED_FOLDERS = ['commands', 'middleware'];
const API_RESOURCE_FOLDERS = readdirSync(join(import.meta.dirname, 'api'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !API_SHARED_FOLDERS.includes(entry.name))
  .map((entry) => entry.name);

/**
 * A resource folder imports api/commands/, api/middleware/, api/validate, api/deps, core/ and its own
 * files; never another resource folder (routes call commands, not each other) and never I/O directly:
 * adapters/ only for row types (`import type`). api/openapi describes every request, so it alone may read
 * the other folders' schema.ts files; api/mcp takes the same requests and gives the same answers as
 * tools, so it may read their schema.ts and presenter.ts files. Nothing else of theirs.
 */
function apiResourceFolder(folder) {
  const shared = { openapi: '|[\\w-]+/schema$', mcp: '|[\\w-]+/(schema|presenter)$' };
  const schemas = shared[folder] ?? '';
  return {
    files: [`api/${folder}/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // A sibling of api/ other than the shared ones, or a way back into api/ from above.
              regex: `^\\.\\./(?!commands/|middleware/|validate$|deps$|\\.\\./${schemas})|^(\\.\\./)+api/`,
              message: `api/${folder}/ is a resource folder: it imports api/commands/, api/middleware/, api/validate, api/deps and its own files, never another resource folder or the app.`,
            },
            {
              regex: '^(\\.\\./){2,}adapters(/|$)',
              allowTypeImports: true,
              message:
                'Routes reach I/O through api/commands/; from adapters/ they may import row types only (import type).',
            },
            {
              regex: '^(\\.\\./){2,}(activities|workflows|worker|nodes)(/|$)',
              message:
                'Routes start and steer runs through api/commands/ and the run engine, never through worker code.',
            },
          ],
        },
      ],
    },
  };
}

export default tseslint.config(
  {
    // console/ is TSX with its own tsconfig and lint (console/eslint.config.js; scripts/test.sh runs it).
    ignores: [
      'node_modules/**',
      '.data/**',
      '.tools/**',
      '.test-data/**',
      'test/fixtures/**',
      '*.config.js',
      'console/**',
      // The client package is linted here from its sources (its own tsconfig); its build is not.
      'clients/*/dist/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      // `npm run cycles` (dpdm) fails on any import circle; an ignore comment would hide one from it.
      'no-warning-comments': ['error', { terms: ['@dpdm-ignore'], location: 'anywhere' }],
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
            {
              // Anything under nodes/ but the registry and the per-type definitions.
              regex: '(^|/)nodes/(?!definitions$|[\\w-]+/definition$)',
              allowTypeImports: true,
              message: 'Workflows import node definitions only (nodes/definitions, nodes/<type>/definition).',
            },
          ],
        },
      ],
    },
  },
  ...API_RESOURCE_FOLDERS.map(apiResourceFolder),
  {
    // Commands are the application services below the routes: no HTTP, and no route or resource folder.
    files: ['api/commands/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['koa', '@koa/*', 'koa-*'],
              message: 'Commands know nothing of HTTP: the route reads the request and writes the response.',
            },
            {
              regex: '^\\.\\./[\\w-]+/schema$',
              allowTypeImports: true,
              message:
                'A command may take its request type from a resource schema (import type), nothing more.',
            },
            {
              regex: '^\\.\\./(?!validate$|deps$|\\.\\./|[\\w-]+/schema$)',
              message:
                'Commands never import a resource folder, the app or the server: routes call commands, not the reverse.',
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
            {
              regex: '(^|/)nodes/(?!definitions$|[\\w-]+/definition$)',
              message: 'core/ may import node definitions (pure), never node activities.',
            },
          ],
        },
      ],
    },
  },
  {
    // A node type's definition is pure data the workflow bundle and core/ import: zod, core/ and types only.
    files: ['nodes/definitions.ts', 'nodes/node-definition.ts', 'nodes/*/definition.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(node:|(fs|path|crypto|http|https|child_process|os|stream)(/|$))',
              message: 'Node definitions are pure: no Node built-ins.',
            },
            {
              group: ['**/adapters/**', '**/api/**', '**/activities/**', '**/workflows/**', '**/worker/**'],
              message: 'Node definitions import only zod, core/ and other definitions.',
            },
            {
              regex: '^\\.\\.?/(.*/)?(activity|activities|media-inputs|failures|aspect-ratio)$',
              message: 'A node definition never imports an activity or its helpers (workflows import it).',
            },
            {
              group: ['@temporalio/activity', '@temporalio/worker', '@temporalio/client', 'sharp'],
              allowTypeImports: true,
              message: 'Node definitions are pure: types only from worker-side runtime packages.',
            },
          ],
        },
      ],
    },
  },
  {
    // Benches share fixtures with the tests through scripts/dev-stack; test/ may import that, never the reverse.
    files: ['bench/**/*.ts', 'scripts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)test/',
              message: 'bench/ and scripts/ never import test/: shared fixtures live in scripts/dev-stack.',
            },
          ],
        },
      ],
    },
  },
  {
    // Words the engine reads live in core/language/lexicon (issue 23): a word list in the rooms that read
    // briefs, feedback and instructions is an error. WORD_LISTS_TO_MOVE are the files whose lists have
    // not moved yet; it only shrinks.
    files: WORD_LIST_ROOMS,
    ignores: WORD_LISTS_TO_MOVE,
    plugins: { atelier: { rules: { 'no-word-list': noWordList } } },
    rules: { 'atelier/no-word-list': 'error' },
  },
);
