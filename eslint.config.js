import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Import direction (DESIGN §2): web and player never import server; server never imports web or player; contract imports none of them. */
const forbid = (...groups) => ({
  'no-restricted-imports': ['error', { patterns: groups.map((group) => ({ group, message: 'Import direction: see docs/ARCHITECTURE.md.' })) }],
});

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', 'test-results', 'playwright-report', 'drizzle'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}', 'src/player/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  { files: ['src/contract/**'], rules: forbid(['**/server/**', '**/web/**', '**/player/**', '@web/*', 'node:*', 'react', 'react-dom']) },
  { files: ['src/web/**'], rules: forbid(['**/server/**', '**/player/**']) },
  { files: ['src/player/**'], rules: forbid(['**/server/**', '**/web/**', '@web/*']) },
  { files: ['src/server/**'], rules: forbid(['**/web/**', '**/player/**', '@web/*', 'react', 'react-dom']) },
);
