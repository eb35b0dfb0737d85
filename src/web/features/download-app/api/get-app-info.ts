import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@web/lib/api-client';

/** `GET /api/app/info` (server: features/app-download). */
export interface AppInfo {
  /** The server has the installable file (APK) to offer. */
  available: boolean;
  version: string;
  sizeBytes: number | null;
  /** The player's address as the server was reached. */
  playerUrl: string;
}

export const APP_DOWNLOAD_URL = '/api/app/download';
export const appInfoQueryKey = ['/api/app/info'] as const;

export async function getAppInfo(signal?: AbortSignal): Promise<AppInfo> {
  const body = await apiJson<Partial<AppInfo>>('GET', appInfoQueryKey[0], undefined, signal);
  return {
    available: body.available === true,
    version: String(body.version ?? ''),
    sizeBytes: typeof body.sizeBytes === 'number' ? body.sizeBytes : null,
    playerUrl: typeof body.playerUrl === 'string' && body.playerUrl ? body.playerUrl : `${window.location.origin}/player`,
  };
}

export const appInfoQueryOptions = () => queryOptions({ queryKey: appInfoQueryKey, queryFn: ({ signal }) => getAppInfo(signal) });

export const useAppInfo = () => useQuery(appInfoQueryOptions());
