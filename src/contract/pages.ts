/** The public pages of the admin UI (`src/web/app/router.tsx`); every other path is the signed-in area. */
export const PUBLIC_PAGE_PATHS: readonly string[] = [
  '/',
  '/login',
  '/privacy-policy',
  '/terms-of-service',
  '/download-app',
];

/** Public pages under a prefix: an advertiser's statement link (`/anunciante/{token}`, docs/ads.md#statement-links). */
const PUBLIC_PAGE_PREFIXES: readonly string[] = ['/anunciante/'];

/** Whether `pathname` is a public page (no session asked for, no signed-in chunks preloaded). */
export const isPublicPage = (pathname: string) =>
  PUBLIC_PAGE_PATHS.includes(pathname) || PUBLIC_PAGE_PREFIXES.some((prefix) => pathname.startsWith(prefix));

/**
 * What every signed-in page needs first: the session (the shell) and the device list (the sidebar
 * badge, the dashboard). index.html asks for both on a private path (`<link rel="preload" as="fetch">`
 * in the `app` group, vite.config.ts) and the entry takes the answers (`early-requests.ts`), so they
 * travel with the first chunks instead of after the entry has downloaded and run.
 */
export const EARLY_API_PATHS: readonly string[] = ['/api/auth/me', '/api/devices'];

/**
 * The groups of `modulepreload` links the build writes into index.html (vite.config.ts tags each
 * link with `data-preload="<group>"`): the landing page's chunks, the signed-in area's (shell, 404
 * page), and the dashboard page's.
 */
export const PRELOAD_GROUPS = ['landing', 'app', 'dashboard'] as const;
export type PreloadGroup = (typeof PRELOAD_GROUPS)[number];

/**
 * Which of those groups the page at `pathname` will need at once, so the server sends each path an
 * index.html that preloads only its own chunks (docs/benchmarks.md#targets: the landing and the dashboard Lighthouse
 * targets; a signed-in page used to download the landing page first).
 */
export function preloadGroupsFor(pathname: string): PreloadGroup[] {
  if (pathname === '/') return ['landing'];
  if (isPublicPage(pathname)) return [];
  return pathname === '/dashboard' ? ['app', 'dashboard'] : ['app'];
}
