import type { Job } from '@contract/jobs';
import { AccessDenied } from '@web/components/access-denied';
import { ListSkeleton } from '@web/components/list-skeleton';
import { LoadError } from '@web/components/load-error';
import { PageHeader } from '@web/components/page-header';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { toast } from '@web/components/ui/use-toast';
import { jobLabels as t } from '@web/i18n/jobs';
import { formatDateAndTime } from '@web/lib/format';
import { useSession } from '@web/lib/session';
import { toastFailure } from '@web/lib/toast-failure';
import { CircleCheck, RotateCcw } from 'lucide-react';
import { useFailedJobs, useRetryJob } from '../api/jobs';

/** /jobs, "Tarefas": admin only, the workspace's failed background jobs (docs/jobs.md). */
export default function JobsPage() {
  const { isAdmin } = useSession();
  return isAdmin ? <FailedJobs /> : <AccessDenied hint={t.accessDeniedHint} />;
}

function FailedJobs() {
  const jobs = useFailedJobs();
  const retry = useRetryJob();
  const { workspace } = useSession();
  const again = (job: Job) =>
    retry.mutate(job.id, { onSuccess: () => toast(t.retrySuccess), onError: toastFailure(t.retryFailure) });

  return (
    <>
      <PageHeader title={t.title} description={t.subtitle} />
      {jobs.isPending ? (
        <ListSkeleton label={t.loading} count={3} className="grid gap-3" itemClassName="h-24" />
      ) : jobs.isError ? (
        <LoadError error={jobs.error} />
      ) : jobs.data.length === 0 ? (
        <Card>
          <CardContent className="flex flex-col items-center gap-2 p-10 text-center">
            <CircleCheck className="text-muted-foreground mb-2 size-10" aria-hidden="true" />
            <p className="text-lg font-semibold">{t.empty}</p>
            <p className="text-muted-foreground text-sm">{t.emptyHint}</p>
          </CardContent>
        </Card>
      ) : (
        <ul aria-label={t.listLabel} className="grid gap-3">
          {jobs.data.map((job) => {
            const at = formatDateAndTime(job.finishedAt, workspace?.timeZone);
            return (
              <li key={job.id}>
                <Card>
                  <CardContent className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
                    <div className="min-w-0 space-y-1">
                      <p className="font-semibold">{job.label}</p>
                      <p className="text-muted-foreground text-sm">
                        {at ? `${t.failedAt(at.date, at.time)} · ` : ''}
                        {t.attempts(job.attempts, job.maxAttempts)}
                      </p>
                      <p className="text-sm break-words">{job.lastError ?? t.noReason}</p>
                    </div>
                    <Button
                      variant="outline"
                      disabled={retry.isPending && retry.variables === job.id}
                      onClick={() => again(job)}
                    >
                      <RotateCcw aria-hidden="true" />
                      {t.retry}
                    </Button>
                  </CardContent>
                </Card>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
