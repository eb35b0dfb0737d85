import type { Delivery, Webhook } from '@contract/alerts';
import { ConfirmRemovalDialog } from '@web/components/confirm-removal-dialog';
import { LoadError } from '@web/components/load-error';
import { PendingButton } from '@web/components/pending-button';
import { RemoveIconButton } from '@web/components/remove-icon-button';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { toast } from '@web/components/ui/use-toast';
import { alertLabels } from '@web/i18n/alerts';
import { formatDate } from '@web/lib/format';
import { toastFailure } from '@web/lib/toast-failure';
import { CircleCheck, CircleX, Plus, Send } from 'lucide-react';
import { useId, useState } from 'react';
import { useDeleteWebhook, useTestWebhook, useWebhooks } from '../api/alerts';
import { CreateWebhookDialog } from './create-webhook-dialog';

const t = alertLabels.webhooks;

/** The webhooks: list, add (the secret shown once), "Testar" with its result, remove after a question. */
export function WebhooksCard() {
  const webhooks = useWebhooks();
  const test = useTestWebhook();
  const remove = useDeleteWebhook();
  const headingId = useId();
  const [creating, setCreating] = useState(false);
  const [removing, setRemoving] = useState<Webhook | null>(null);
  const [results, setResults] = useState<Record<number, Delivery>>({});

  const runTest = (hook: Webhook) =>
    test.mutate(hook.id, {
      onSuccess: (delivery) => setResults((prev) => ({ ...prev, [hook.id]: delivery })),
      onError: toastFailure(t.testFailure),
    });
  const confirmRemoval = () => {
    if (!removing) return;
    remove.mutate(removing.id, {
      onSuccess: () => toast(t.removeSuccess),
      onError: toastFailure(t.removeFailure),
      onSettled: () => setRemoving(null),
    });
  };

  return (
    <Card aria-labelledby={headingId} role="region">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle id={headingId}>{t.title}</CardTitle>
          <CardDescription>{t.description}</CardDescription>
        </div>
        <Button onClick={() => setCreating(true)}>
          <Plus aria-hidden="true" />
          {t.add}
        </Button>
      </CardHeader>
      <CardContent>
        {webhooks.isPending ? (
          <p role="status" className="text-muted-foreground text-sm">
            {alertLabels.loading}
          </p>
        ) : webhooks.isError ? (
          <LoadError error={webhooks.error} />
        ) : webhooks.data.length === 0 ? (
          <p className="text-muted-foreground text-sm">{t.empty}</p>
        ) : (
          <ul aria-label={t.listLabel} className="divide-y">
            {webhooks.data.map((hook) => (
              <li key={hook.id} className="grid gap-2 py-3" data-testid={`webhook-${hook.id}`}>
                <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
                  <div className="min-w-0">
                    <p className="font-medium break-all">{hook.url}</p>
                    <p className="text-muted-foreground text-sm">
                      <code>{t.secretShown(hook.secretHint)}</code> · {t.createdAt(formatDate(hook.createdAt))}
                    </p>
                  </div>
                  <div className="flex shrink-0 gap-1">
                    <PendingButton
                      variant="outline"
                      aria-label={t.testAria(hook.url)}
                      pending={test.isPending && test.variables === hook.id}
                      pendingLabel={t.testing}
                      icon={<Send aria-hidden="true" />}
                      onClick={() => runTest(hook)}
                    >
                      {t.test}
                    </PendingButton>
                    <RemoveIconButton label={t.removeAria(hook.url)} onClick={() => setRemoving(hook)} />
                  </div>
                </div>
                <TestResult delivery={results[hook.id]} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <CreateWebhookDialog open={creating} onOpenChange={setCreating} />
      <ConfirmRemovalDialog
        open={removing !== null}
        title={t.removeTitle}
        description={t.removeConfirm}
        subject={removing?.url}
        confirmLabel={t.remove}
        pendingLabel={t.removing}
        pending={remove.isPending}
        onConfirm={confirmRemoval}
        onClose={() => setRemoving(null)}
      />
    </Card>
  );
}

/** The last "Testar" of a webhook: its HTTP status when it went, else what went wrong in Portuguese. */
function TestResult({ delivery }: { delivery: Delivery | undefined }) {
  if (!delivery) return null;
  const ok = delivery.status === 'ok';
  return (
    <p
      role="status"
      data-testid="webhook-test-result"
      className={`flex items-center gap-2 text-sm ${ok ? 'text-success' : 'text-destructive'}`}
    >
      {ok ? <CircleCheck className="size-4" aria-hidden="true" /> : <CircleX className="size-4" aria-hidden="true" />}
      {ok ? t.testOk(delivery.httpStatus) : t.testFailed(delivery.detail)}
    </p>
  );
}
