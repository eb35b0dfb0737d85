import {
  commissionMonthListSchema,
  commissionStatementSchema,
  type CommissionStatus,
} from '@contract/partner-commissions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@web/lib/api-client';

/** `/api/partners/{id}/commissions` (docs/ads.md#commissions); every query of a partner under one key. */
const base = (partnerId: number) => `/api/partners/${partnerId}/commissions`;
export const commissionFileUrl = (partnerId: number, month: string, ext: 'pdf' | 'csv') =>
  `${base(partnerId)}/${month}.${ext}`;

export const useCommissionMonths = (partnerId: number) =>
  useQuery({
    queryKey: [base(partnerId)],
    queryFn: async ({ signal }) =>
      commissionMonthListSchema.parse(await apiJson<unknown>('GET', base(partnerId), undefined, signal)),
  });

export const useCommissionStatement = (partnerId: number, month: string) =>
  useQuery({
    queryKey: [base(partnerId), month],
    queryFn: async ({ signal }) =>
      commissionStatementSchema.parse(await apiJson<unknown>('GET', `${base(partnerId)}/${month}`, undefined, signal)),
  });

export function useSetCommissionStatus(partnerId: number, month: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (status: CommissionStatus) =>
      commissionStatementSchema.parse(await apiJson<unknown>('PUT', `${base(partnerId)}/${month}/status`, { status })),
    onSuccess: (statement) => {
      queryClient.setQueryData([base(partnerId), month], statement);
      return queryClient.invalidateQueries({ queryKey: [base(partnerId)], exact: true });
    },
  });
}
