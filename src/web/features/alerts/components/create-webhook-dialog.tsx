import { webhookInputSchema, type Webhook, type WebhookInput } from '@contract/alerts';
import { zodResolver } from '@hookform/resolvers/zod';
import { PendingButton } from '@web/components/pending-button';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { Field, fieldA11y } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/use-toast';
import { alertLabels } from '@web/i18n/alerts';
import { t as common } from '@web/i18n/pt-br';
import { applyServerIssues } from '@web/lib/form-issues';
import { toastFailure } from '@web/lib/toast-failure';
import { Copy, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useCreateWebhook } from '../api/alerts';

const t = alertLabels.webhooks;
type Props = { open: boolean; onOpenChange: (open: boolean) => void };

/** Adds a webhook; once created it shows the secret, the only time it is ever shown (docs/alerts.md#webhooks). */
export function CreateWebhookDialog({ open, onOpenChange }: Props) {
  const [created, setCreated] = useState<Webhook | null>(null);
  const change = (next: boolean) => {
    if (!next) setCreated(null);
    onOpenChange(next);
  };
  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent>
        {created ? (
          <CreatedSecret created={created} onDone={() => change(false)} />
        ) : (
          <CreateForm onCreated={setCreated} onCancel={() => change(false)} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function CreateForm({ onCreated, onCancel }: { onCreated: (hook: Webhook) => void; onCancel: () => void }) {
  const create = useCreateWebhook();
  const form = useForm<WebhookInput>({ resolver: zodResolver(webhookInputSchema), defaultValues: { url: '' } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    create.mutate(values, {
      onSuccess: (hook) => {
        toast(t.createSuccess);
        onCreated(hook);
      },
      onError: (error) => {
        applyServerIssues(form.setError, error, ['url', 'secret']);
        toastFailure(t.createFailure)(error);
      },
    });
  });

  return (
    <>
      <DialogHeader>
        <DialogTitle>{t.add}</DialogTitle>
        <DialogDescription>{t.formDescription}</DialogDescription>
      </DialogHeader>
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <Field id="webhook-url" label={t.url} error={errors.url?.message}>
          <Input
            {...fieldA11y('webhook-url', errors.url?.message)}
            type="url"
            autoComplete="off"
            placeholder={t.urlPlaceholder}
            {...form.register('url')}
          />
        </Field>
        <Field id="webhook-secret" label={t.secret} error={errors.secret?.message} hint={t.secretHint}>
          <Input
            {...fieldA11y('webhook-secret', errors.secret?.message, t.secretHint)}
            autoComplete="off"
            // An empty field is no secret: the server makes one.
            {...form.register('secret', { setValueAs: (v: string) => (v ? v : undefined) })}
          />
        </Field>
        <DialogFooter className="pt-2">
          <Button variant="outline" type="button" onClick={onCancel} disabled={create.isPending}>
            {common.common.cancel}
          </Button>
          <PendingButton type="submit" pending={create.isPending} pendingLabel={t.creating}>
            {t.create}
          </PendingButton>
        </DialogFooter>
      </form>
    </>
  );
}

function CreatedSecret({ created, onDone }: { created: Webhook; onDone: () => void }) {
  const secret = created.secret ?? '';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      toast(t.copied);
    } catch {
      // Without clipboard access (plain http), the field is selected for a manual copy.
      (document.getElementById('webhook-created-secret') as HTMLInputElement | null)?.select();
    }
  };
  return (
    <>
      <DialogHeader>
        <DialogTitle>{t.createdTitle}</DialogTitle>
        <DialogDescription className="break-all">{created.url}</DialogDescription>
      </DialogHeader>
      <Alert variant="warning">
        <TriangleAlert className="size-4 shrink-0" aria-hidden="true" />
        <span>{t.createdWarning}</span>
      </Alert>
      <Field id="webhook-created-secret" label={t.secretLabel}>
        <div className="flex gap-2">
          <Input
            id="webhook-created-secret"
            readOnly
            value={secret}
            className="font-mono text-xs"
            onFocus={(e) => e.currentTarget.select()}
          />
          <Button type="button" variant="outline" onClick={() => void copy()}>
            <Copy aria-hidden="true" />
            {t.copy}
          </Button>
        </div>
      </Field>
      <DialogFooter>
        <Button type="button" onClick={onDone}>
          {t.done}
        </Button>
      </DialogFooter>
    </>
  );
}
