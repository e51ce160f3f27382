import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { entryConstructsNothingRule, noModuleStateRule } from './eslint/composition-rules.js';
import { justifiedCastsRule } from './eslint/cast-rules.js';
import { gedcomOperationPlaceRule } from './eslint/gedcom-operation-rule.js';
import { layeringRule } from './eslint/layering-rule.js';
import { providerPlaceRule } from './eslint/provider-place-rule.js';

export default tseslint.config(
  { ignores: ['dist/', 'test/.sidecar/', 'client/dist/', 'node_modules/', 'coverage/', 'client/generated/', '.bench/', '.scratch/', '.dev/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        Buffer: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        setImmediate: 'readonly',
        URL: 'readonly',
        TextDecoder: 'readonly',
        TextEncoder: 'readonly',
        AbortController: 'readonly',
        AbortSignal: 'readonly',
        fetch: 'readonly',
        structuredClone: 'readonly',
        queueMicrotask: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/**/*.ts'],
    plugins: {
      local: {
        rules: {
          layering: layeringRule,
          'no-module-state': noModuleStateRule,
          'entry-constructs-nothing': entryConstructsNothingRule,
          'justified-casts': justifiedCastsRule,
          'provider-place': providerPlaceRule,
        },
      },
    },
    rules: {
      'local/layering': 'error',
      'local/no-module-state': 'error',
      'local/entry-constructs-nothing': 'error',
      'local/justified-casts': 'error',
      'local/provider-place': 'error',
    },
  },
  {
    // src/main/gedcom-command.ts: `gedcom inspect` is the command line's own command over a local file, not the service operation
    files: ['src/**/*.ts', 'client/**/*.ts'],
    plugins: { operations: { rules: { 'gedcom-operation-place': gedcomOperationPlaceRule } } },
    rules: { 'operations/gedcom-operation-place': ['error', { allow: { 'src/main/gedcom-command.ts': ['inspect'] } }] },
  },
  {
    files: ['client/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/src/**'], message: 'layering: the client is a package of its own and imports nothing from src/ (types come from client/generated/)' },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly', __dirname: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
