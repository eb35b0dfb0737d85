import fs from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Import direction (docs/ARCHITECTURE.md#invariants): web and player never import server; server never imports web or
 * player; contract imports none of them.
 */
const DIRECTION = 'Import direction: see docs/ARCHITECTURE.md.';
const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
const globs = (...group) => ({ group, message: DIRECTION });
const forbid = (group) => restrict(globs(...group));

/**
 * Layers of src/web (docs/ARCHITECTURE.md, Web): `app/` (router, shell, realtime wiring and the
 * routes that compose features) may import anything; a feature imports lib, components and itself,
 * never another feature (so no cycles between features either) nor app; lib and components import
 * neither features nor app. Imports go through `@web/…` or relative paths: the patterns match both.
 * Flat config keeps only the last block's options for a rule, so every block repeats the web base.
 */
const WEB_BASE = globs('**/server/**', '**/player/**');
const WEB_FEATURES = fs
  .readdirSync(new URL('./src/web/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const webPath = (folder) => String.raw`^(?:@web/|(?:\.\./)+)${folder}(?:/|$)`;
const NO_APP = { regex: webPath('app'), message: 'Only src/web/app imports src/web/app (docs/ARCHITECTURE.md, Web).' };
const NO_FEATURES = {
  regex: webPath('features'),
  message: 'lib/ and components/ are shared by every feature and import none (docs/ARCHITECTURE.md, Web).',
};
/** From inside features/<name>: `@web/features/<other>/…`, `../../<other>/…` or `../../../features/<other>/…`. */
const otherFeatures = (name) => ({
  regex: String.raw`^(?:@web/features/|(?:\.\./)+(?:features/)?)(?:${WEB_FEATURES.filter((f) => f !== name).join('|')})(?:/|$)`,
  message:
    'A feature never imports another one: compose them in src/web/app/routes, or move what they share to src/web/lib (docs/ARCHITECTURE.md, Web).',
});
const webFeatureBlocks = WEB_FEATURES.map((name) => ({
  files: [`src/web/features/${name}/**`],
  rules: restrict(WEB_BASE, NO_APP, otherFeatures(name)),
}));

/** src/player: lib is the page's logic (no React screens); the service worker shares nothing with the page but the message types. */
const PLAYER_BASE = globs('**/server/**', '**/web/**', '@web/*');
const PLAYER_SCREENS = {
  regex: String.raw`^\.\.?/(?:components/|app$|main$)`,
  message: 'player/lib holds no screens (docs/ARCHITECTURE.md, Player).',
};
const PLAYER_PAGE = {
  regex: String.raw`^\.\.?/(?:lib/|components/|app$|main$)|^react`,
  message:
    'The service worker builds into one classic script: it imports nothing the page imports (docs/ARCHITECTURE.md, Player).',
};

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
  {
    files: ['src/contract/**'],
    rules: forbid(['**/server/**', '**/web/**', '**/player/**', '@web/*', 'node:*', 'react', 'react-dom']),
  },
  { files: ['src/web/**'], rules: restrict(WEB_BASE) },
  ...webFeatureBlocks,
  { files: ['src/web/lib/**', 'src/web/components/**'], rules: restrict(WEB_BASE, NO_APP, NO_FEATURES) },
  { files: ['src/player/**'], rules: restrict(PLAYER_BASE) },
  { files: ['src/player/lib/**'], rules: restrict(PLAYER_BASE, PLAYER_SCREENS) },
  { files: ['src/player/sw.ts', 'src/player/sw/**'], rules: restrict(PLAYER_BASE, PLAYER_PAGE) },
  { files: ['src/server/**'], rules: forbid(['**/web/**', '**/player/**', '@web/*', 'react', 'react-dom']) },
  {
    // Readable lines: no source line over 140 characters. Text data is exempt: strings, template
    // literals (pt-BR copy, SQL, class lists), regular expressions and URLs.
    rules: {
      'max-len': [
        'error',
        {
          code: 140,
          ignoreStrings: true,
          ignoreTemplateLiterals: true,
          ignoreRegExpLiterals: true,
          ignoreUrls: true,
        },
      ],
    },
  },
);
