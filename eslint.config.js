// @ts-check
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/*
 * Three import boundaries, besides the recommended rules (the third, test doubles under src/testing, is below):
 * - Domain code under src/server (services, caches, rules) knows neither Fastify nor tRPC nor the API layer; only
 *   the HTTP layer (src/server/http), the API layer (src/server/api) and the files that assemble the app do.
 *   AppError (src/server/app-error.ts) imports nothing, so every layer can throw it.
 * - The client's layers import downwards only: app/ (routes, layouts) puts features together; a feature
 *   (src/client/features/<x>/) imports entities/, components/ and lib/, never another feature or app/; an entity
 *   (a domain piece several features share) imports components/ and lib/; components/ui is generic kit and
 *   imports only lib/.
 */

const serverFrameworks = {
  paths: [{ name: 'fastify', message: 'Domain code does not know Fastify: put HTTP concerns in src/server/http.' }],
  patterns: [
    {
      group: ['@fastify/*', 'fastify-plugin'],
      message: 'Domain code does not know Fastify: put HTTP concerns in src/server/http.',
    },
    { group: ['@trpc/*'], message: 'Domain code does not know tRPC: throw AppError and let the routers translate it.' },
    {
      group: ['**/api/*', '**/http/*', '**/routers/*'],
      message: 'Domain code does not import the API or HTTP layer: decide access with can() from src/shared/roles.ts.',
    },
  ],
};

/** A client layer that may import none of `above` (folders of src/client). */
function layerBoundary(above) {
  return {
    patterns: [
      {
        regex: `^(\\.\\./)+(${above.join('|')})(/|$)`,
        message: `This layer sits below ${above.join(', ')}: it may not import them.`,
      },
    ],
  };
}

/** From a file `depth` folders below src/client/features/<x>/: "../" that leaves the feature, and app/. */
function featureBoundary(depth) {
  const up = '\\.\\./'.repeat(depth + 1);
  return {
    patterns: [
      {
        regex: `^${up}(?!\\.\\./)`,
        message: 'Features do not import each other: move what they share to entities/, components/ or lib/.',
      },
      {
        regex: `^${up}\\.\\./(app|features)(/|$)`,
        message: 'Features do not import src/client/app or other features.',
      },
    ],
  };
}

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.tmp/**', 'drizzle/**', 'openapi/openapi.json'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2022, sourceType: 'module', globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
    },
    rules: {
      // A cycle makes start-up order matter and hides which layer depends on which.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // `_`-prefixed names are deliberately unused (placeholders in destructuring and signatures).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['src/server/**/*.ts'],
    ignores: [
      'src/server/http/**',
      // The API layer: tRPC setup, context, procedure builders, access, the error mapper and the REST adapter.
      'src/server/api/**',
      'src/server/app.ts',
      'src/server/main.ts',
      'src/server/dev.ts',
      'src/server/**/*.test.ts',
    ],
    rules: { 'no-restricted-imports': ['error', serverFrameworks] },
  },
  {
    files: ['src/server/app-error.ts'],
    rules: {
      // Only the sentence it carries (plain data and its English), so every layer can still depend on it.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(?!\\.\\./shared/i18n/sentence$)', message: 'AppError imports nothing but its sentence.' },
          ],
        },
      ],
    },
  },
  {
    // The job runner runs what it is given: each domain declares its kinds (defineJob) and buildApp lists them.
    files: ['src/server/jobs/**/*.ts', 'src/server/events/**/*.ts'],
    ignores: ['src/server/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          ...serverFrameworks,
          patterns: [
            ...serverFrameworks.patterns,
            {
              regex: '^\\.\\./(?!(jobs|events|webhooks/events)$|jobs/|events/)[\\w-]+/',
              message: 'src/server/jobs and src/server/events import no domain (but the webhook record of events).',
            },
          ],
        },
      ],
    },
  },
  {
    // Test doubles (the Stripe fake, the SMTP, webhook and CalDAV test servers, the test app) serve tests, journeys
    // and benchmarks only: production code never imports them.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/testing/**', 'src/**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [{ target: './src', from: './src/testing', message: 'Production code does not import test doubles.' }],
        },
      ],
    },
  },
  {
    // The database layer sits below everything: schema, migrations and the factory, knowing nothing of the app.
    files: ['db/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/src/**'], message: 'db/ imports nothing from src/: it sits below the app.' }] },
      ],
    },
  },
  {
    files: ['src/client/entities/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', layerBoundary(['app', 'features'])] },
  },
  {
    files: ['src/client/components/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', layerBoundary(['app', 'features', 'entities'])] },
  },
  {
    files: ['src/client/lib/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', layerBoundary(['app', 'features', 'entities', 'components'])] },
  },
  ...[0, 1, 2].map((depth) => ({
    files: [`src/client/features/*/${'*/'.repeat(depth)}*.{ts,tsx}`],
    rules: { 'no-restricted-imports': ['error', featureBoundary(depth)] },
  })),
);
