import {
  adLinkCreatedSchema,
  adLinkListSchema,
  adStatementSchema,
  type AdLinkCreated,
  type AdLinkInput,
  type AdStatement,
} from '@contract/ad-statements';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson, apiRequest } from '@web/lib/api-client';
import { ApiRequestError } from '@web/lib/api-error';

/** docs/ads.md#statements: an advertiser's statement, its files and its links. */
export type StatementPeriod = { from: string; to: string };

const statementBase = (id: number) => `/api/advertisers/${id}/statement`;
const search = (period: StatementPeriod) => new URLSearchParams(period).toString();

/** The CSV and PDF: plain links, so the browser downloads them with the session cookie. */
export const statementFileUrl = (id: number, period: StatementPeriod, kind: 'csv' | 'pdf') =>
  `${statementBase(id)}.${kind}?${search(period)}`;

/**
 * The statement of a period (null: the server's default, the current month of the workspace); the
 * previous answer stays on screen while another period loads.
 */
export function useAdvertiserStatement(id: number, period: StatementPeriod | null, enabled: boolean) {
  const url = period ? `${statementBase(id)}?${search(period)}` : statementBase(id);
  return useQuery({
    queryKey: [url],
    queryFn: async ({ signal }): Promise<AdStatement> =>
      adStatementSchema.parse(await apiJson<unknown>('GET', url, undefined, signal)),
    placeholderData: keepPreviousData,
    enabled,
  });
}

const linksUrl = (id: number) => `/api/advertisers/${id}/links`;

export function useStatementLinks(id: number) {
  return useQuery({
    queryKey: [linksUrl(id)],
    queryFn: async ({ signal }) =>
      adLinkListSchema.parse(await apiJson<unknown>('GET', linksUrl(id), undefined, signal)),
  });
}

export function useCreateStatementLink(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: AdLinkInput): Promise<AdLinkCreated> =>
      adLinkCreatedSchema.parse(await apiJson<unknown>('POST', linksUrl(id), input)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [linksUrl(id)] }),
  });
}

export function useRevokeStatementLink(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (linkId: number) => {
      await apiRequest('DELETE', `${linksUrl(id)}/${linkId}`);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [linksUrl(id)] }),
  });
}

/** The public link's statement, read again every 30 s (it is live); a 410 is "Link expirado". */
export const PUBLIC_STATEMENT_REFRESH_MS = 30_000;
export const publicStatementUrl = (token: string) => `/api/public/advertiser-statements/${encodeURIComponent(token)}`;

export function usePublicStatement(token: string) {
  return useQuery({
    queryKey: [publicStatementUrl(token)],
    queryFn: async ({ signal }): Promise<AdStatement> =>
      adStatementSchema.parse(await apiJson<unknown>('GET', publicStatementUrl(token), undefined, signal)),
    // Until the link is gone: a 410 stays (a failure of the network is tried again at the next turn).
    refetchInterval: (query) => (isLinkGone(query.state.error) ? false : PUBLIC_STATEMENT_REFRESH_MS),
    refetchIntervalInBackground: true,
  });
}

/** The server's "Link expirado": expired, revoked or unknown alike. */
export const isLinkGone = (error: unknown) =>
  error instanceof ApiRequestError && (error.status === 410 || error.status === 404);
