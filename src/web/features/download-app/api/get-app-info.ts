import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AppInfo } from '@contract/app-info';
import { apiJson } from '@web/lib/api-client';

/** `GET /api/app/info`: the shape lives in the contract, beside the server's schema. */
export type { AppInfo };

export const APP_DOWNLOAD_URL = '/api/app/download';
export const appInfoQueryKey = ['/api/app/info'] as const;

export async function getAppInfo(signal?: AbortSignal): Promise<AppInfo> {
  const body = await apiJson<Partial<AppInfo>>('GET', appInfoQueryKey[0], undefined, signal);
  return {
    available: body.available === true,
    version: String(body.version ?? ''),
    sizeBytes: typeof body.sizeBytes === 'number' ? body.sizeBytes : null,
    sha256: typeof body.sha256 === 'string' && /^[0-9a-f]{64}$/.test(body.sha256) ? body.sha256 : null,
    downloadUrl:
      typeof body.downloadUrl === 'string' && body.downloadUrl
        ? body.downloadUrl
        : `${window.location.origin}${APP_DOWNLOAD_URL}`,
    playerUrl:
      typeof body.playerUrl === 'string' && body.playerUrl ? body.playerUrl : `${window.location.origin}/player`,
  };
}

export const appInfoQueryOptions = () =>
  queryOptions({ queryKey: appInfoQueryKey, queryFn: ({ signal }) => getAppInfo(signal) });

export const useAppInfo = () => useQuery(appInfoQueryOptions());
