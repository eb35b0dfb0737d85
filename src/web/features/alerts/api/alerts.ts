import {
  alertSettingsSchema,
  deliverySchema,
  incidentSchema,
  webhookSchema,
  type AlertSettings,
  type AlertSettingsInput,
  type Delivery,
  type Incident,
  type Webhook,
  type WebhookInput,
} from '@contract/alerts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson, apiRequest } from '@web/lib/api-client';
import { z } from 'zod';

/** The alerts API (docs/alerts.md#api): each query key is its GET URL. */
export const ALERT_SETTINGS_QUERY_KEY = ['/api/alerts/settings'] as const;
export const WEBHOOKS_QUERY_KEY = ['/api/alerts/webhooks'] as const;
export const DELIVERIES_QUERY_KEY = ['/api/alerts/deliveries'] as const;
export const ALL_INCIDENTS_QUERY_KEY = ['/api/alerts/incidents?status=all'] as const;
export const OPEN_INCIDENTS_QUERY_KEY = ['/api/alerts/incidents?status=open'] as const;

const get = async <T>(schema: z.ZodType<T>, url: string, signal?: AbortSignal): Promise<T> =>
  schema.parse(await apiJson<unknown>('GET', url, undefined, signal));

export const alertSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ALERT_SETTINGS_QUERY_KEY,
    queryFn: ({ signal }) => get(alertSettingsSchema, ALERT_SETTINGS_QUERY_KEY[0], signal),
  });

/** The settings are the admins' (403 for others): `enabled` false leaves the query idle. */
export const useAlertSettings = (enabled = true) => useQuery({ ...alertSettingsQueryOptions(), enabled });

export const useWebhooks = () =>
  useQuery({
    queryKey: WEBHOOKS_QUERY_KEY,
    queryFn: ({ signal }) => get(z.array(webhookSchema), WEBHOOKS_QUERY_KEY[0], signal),
  });

export const useDeliveries = () =>
  useQuery({
    queryKey: DELIVERIES_QUERY_KEY,
    queryFn: ({ signal }) => get(z.array(deliverySchema), DELIVERIES_QUERY_KEY[0], signal),
  });

/** Incidents are opened and closed by a pass every minute (docs/alerts.md#incidents): read again as often. */
const INCIDENTS_REFRESH_MS = 60_000;

export const useIncidents = (status: 'open' | 'all') => {
  const key = status === 'open' ? OPEN_INCIDENTS_QUERY_KEY : ALL_INCIDENTS_QUERY_KEY;
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }): Promise<Incident[]> => get(z.array(incidentSchema), key[0], signal),
    refetchInterval: INCIDENTS_REFRESH_MS,
  });
};

export function useSaveAlertSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: AlertSettingsInput): Promise<AlertSettings> =>
      alertSettingsSchema.parse(await apiJson<unknown>('PUT', ALERT_SETTINGS_QUERY_KEY[0], input)),
    onSuccess: (saved) => queryClient.setQueryData(ALERT_SETTINGS_QUERY_KEY, saved),
  });
}

/** Each webhook change reads the list again, whose answers never carry a secret. */
function useWebhookMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_QUERY_KEY }) });
}

/** `POST /api/alerts/webhooks`: the answer is the only one that carries the secret. */
export const useCreateWebhook = () =>
  useWebhookMutation(async (input: WebhookInput): Promise<Webhook> =>
    webhookSchema.parse(await apiJson<unknown>('POST', WEBHOOKS_QUERY_KEY[0], input)),
  );

export const useDeleteWebhook = () =>
  useWebhookMutation(async (id: number): Promise<void> => {
    await apiRequest('DELETE', `${WEBHOOKS_QUERY_KEY[0]}/${id}`);
  });

/** "Testar": the answer is the attempt's log line, which the delivery log then shows too. */
export function useTestWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number): Promise<Delivery> =>
      deliverySchema.parse(await apiJson<unknown>('POST', `${WEBHOOKS_QUERY_KEY[0]}/${id}/test`)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: DELIVERIES_QUERY_KEY }),
  });
}
