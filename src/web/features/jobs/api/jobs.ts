import { jobListSchema, jobSchema, type Job } from '@contract/jobs';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@web/lib/api-client';

export const FAILED_JOBS_QUERY_KEY = ['/api/jobs?status=failed'] as const;

export async function getFailedJobs(signal?: AbortSignal): Promise<Job[]> {
  return jobListSchema.parse(await apiJson<unknown>('GET', FAILED_JOBS_QUERY_KEY[0], undefined, signal));
}

export const failedJobsQueryOptions = () =>
  queryOptions({ queryKey: FAILED_JOBS_QUERY_KEY, queryFn: ({ signal }) => getFailedJobs(signal) });

export function useFailedJobs() {
  return useQuery(failedJobsQueryOptions());
}

/** `POST /api/jobs/{id}/retry`; the list is read again (the job leaves it, queued). */
export function useRetryJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number): Promise<Job> =>
      jobSchema.parse(await apiJson<unknown>('POST', `/api/jobs/${id}/retry`)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: FAILED_JOBS_QUERY_KEY }),
  });
}
