// Lint rules for the whole tree: typescript-eslint's recommended set plus the rules of hooks for the client.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const LAYERS = 'Layers depend one way (README, Layers): move what both sides need down a layer.';

export default tseslint.config(
  { ignores: ['dist/**', '.tap/**', 'node_modules/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      // A variable a closure reads before its single assignment (teardowns, lazy lookups) stays `let`.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // Tests read replies of every shape; typing each one would only restate the assertions.
    files: ['test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // Layers depend one way: shared code knows neither server nor client; what both servers share
  // knows neither of them; the sign-in steps are called by routes, never the other way round.
  {
    files: ['shared/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**', '**/client/**', 'node:*'], message: LAYERS }] }] },
  },
  {
    files: ['server/common/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/bff/**', '**/member-service/**'], message: LAYERS }] }] },
  },
  {
    files: ['server/bff/sign-in/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/routes/**'], message: LAYERS }] }] },
  },
  // The client's API layer talks to the portal and reports what happened (api/api-events.ts);
  // dialogs, toasts, pages and navigation are the shell's.
  {
    files: ['client/api/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['**/ui/**', '**/state/**', '**/layout/**', '**/screens/**', '**/pages/**'], message: LAYERS }],
          paths: [{ name: 'wouter/use-browser-location', message: LAYERS }],
        },
      ],
    },
  },
);
