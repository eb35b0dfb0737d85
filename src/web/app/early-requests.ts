import { EARLY_API_PATHS, isPublicPage } from '@contract/pages';
import { startEarlyGet } from '@web/lib/api-client';

/**
 * On a private page the shell needs the session and every signed-in page needs the device list (the
 * sidebar badge, the dashboard): both start here, before React renders, side by side. Otherwise the
 * list would wait for the area's chunk, then for `/api/auth/me`. The browser has usually started
 * both already, from index.html's preload links: the fetch here takes that answer (same URL and
 * credentials mode) rather than asking again. A signed-out visitor pays one 401 more, and the login
 * clears what was fetched (`dropEarlyRequests`).
 */
export function startEarlyRequests(pathname: string): void {
  if (isPublicPage(pathname)) return;
  for (const url of EARLY_API_PATHS) startEarlyGet(url);
}
