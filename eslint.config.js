import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '.tmp/**',
      'apps/server/drizzle/**',
      '**/*.js',
      '**/*.mjs',
      'vitest.config.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/consistent-type-assertions': ['error', { assertionStyle: 'never' }],
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-confusing-void-expression': 'off',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    files: ['apps/web/**/*.tsx', 'apps/web/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // DESIGN section 1: platform/ never imports modules/; what needs permissions or domain rules is handed in.
    files: ['apps/server/src/platform/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/modules/**'],
              message:
                'platform/ never imports modules/: declare an interface here and let a module implement it.',
            },
          ],
        },
      ],
    },
  },
  {
    // Issue 22 item 6: what every screen uses lives in shared/; a feature imports only shared/, app/'s session and
    // its own files, never admin's. The router alone wires admin's screens into routes.
    files: ['apps/web/src/**/*.ts', 'apps/web/src/**/*.tsx'],
    ignores: ['apps/web/src/features/admin/**', 'apps/web/src/app/router/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/admin/**', '../admin/**', '../../admin/**'],
              message:
                'features/admin/ is the administration screens only: import building blocks from shared/ (move one there if it is needed elsewhere).',
            },
          ],
        },
      ],
    },
  },
  {
    // Issue 22 item 4: the browser calls endpoints through shared/api/endpoints.ts, references without schemas, so
    // that the first screen carries neither zod nor every endpoint's schemas. Only forms that validate with an
    // endpoint's own schema (lazy screens) import the full contract.
    files: ['apps/web/src/**/*.ts', 'apps/web/src/**/*.tsx'],
    ignores: [
      'apps/web/src/**/*.test.{ts,tsx}',
      'apps/web/src/features/users/UserForm.tsx',
      'apps/web/src/features/assets/propertyRows.ts',
      'apps/web/src/features/assets/TemplatePropertyFields.tsx',
      'apps/web/src/features/coverage/WarrantyForm.tsx',
      'apps/web/src/features/coverage/ContractForm.tsx',
      'apps/web/src/features/monitorGroups/ruleDraft.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@kelvin/contract'],
              importNamePattern: '^(contract|allEndpoints|\\w+Endpoints)$',
              allowTypeImports: true,
              message:
                "Call endpoints through shared/api/endpoints.ts ('contract' there has no schemas), so the first screen stays small.",
            },
          ],
        },
      ],
    },
  },
  {
    // Issue 22: one date-time formatter (MM/dd/yyyy hh:mm:ss a, platform-core section 9). A screen that builds its
    // own Intl formatter or asks the browser's locale writes moments some other way; shared/formatting/ alone may.
    files: ['apps/web/src/**/*.ts', 'apps/web/src/**/*.tsx'],
    ignores: ['apps/web/src/shared/formatting/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          "NewExpression[callee.object.name='Intl'][callee.property.name='DateTimeFormat']",
          "CallExpression[callee.object.name='Intl'][callee.property.name='DateTimeFormat']",
          'CallExpression[callee.property.name=/^toLocale(Date|Time)String$/]',
          // A number's toLocaleString (counts, prices) is fine; a Date's is not.
          "CallExpression[callee.property.name='toLocaleString'][callee.object.type='NewExpression'][callee.object.callee.name='Date']",
          "MemberExpression[object.object.name='Date'][object.property.name='prototype'][property.name=/^toLocale/]",
        ].map((selector) => ({
          selector,
          message:
            'Format moments with formatDateTime / formatDate / formatTime from shared/formatting/dateTime.ts, the one date-time formatter.',
        })),
      ],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
