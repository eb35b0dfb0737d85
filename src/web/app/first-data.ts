import { meQueryOptions } from '@web/lib/session';
import { devicesQueryOptions } from '@web/features/devices/api/get-devices';
import type { QueryClient } from '@tanstack/react-query';

/** How long the signed-in area waits for its first data before it renders without it. */
export const FIRST_DATA_WAIT_MS = 3000;

let ready: Promise<void> | null = null;

/**
 * The session and the device list (which the entry already requested, `early-requests.ts`) in the
 * cache before the signed-in area first renders. Rendered with its data, the area is one render,
 * which React time-slices (a Suspense retry), instead of a render per answer: those come from the
 * query cache's store subscription, which React must render in one blocking task each (the main
 * part of the dashboard's Total Blocking Time, docs/benchmarks.md#targets). Never rejects; a slow or failing server
 * only delays the first render by FIRST_DATA_WAIT_MS, and the pages show their own loading and error
 * states as before.
 */
export function firstDataReady(queryClient: QueryClient): Promise<void> {
  ready ??= Promise.race([
    (async () => {
      const user = await queryClient.fetchQuery(meQueryOptions()).catch(() => null);
      if (user) await queryClient.prefetchQuery(devicesQueryOptions());
    })(),
    new Promise<void>((resolve) => setTimeout(resolve, FIRST_DATA_WAIT_MS)),
  ]);
  return ready;
}
