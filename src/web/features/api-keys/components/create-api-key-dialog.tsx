import {
  API_KEY_RESOURCES,
  READ_ONLY_RESOURCES,
  createApiKeySchema,
  type CreateApiKeyInput,
  type CreatedApiKey,
} from '@contract/api-keys';
import { messages } from '@contract/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert } from '@web/components/ui/alert';
import { PendingButton } from '@web/components/pending-button';
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
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { toast } from '@web/components/ui/use-toast';
import { t } from '@web/i18n/pt-br';
import { toastFailure } from '@web/lib/toast-failure';
import { Copy, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useCreateApiKey } from '../api/api-keys';

type Props = { open: boolean; onOpenChange: (open: boolean) => void };

/** The create dialog; once created it shows the key, the only time it is ever shown. */
export function CreateApiKeyDialog({ open, onOpenChange }: Props) {
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const change = (next: boolean) => {
    if (!next) setCreated(null);
    onOpenChange(next);
  };
  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent>
        {created ? (
          <CreatedKey created={created} onDone={() => change(false)} />
        ) : (
          <CreateForm onCreated={setCreated} onCancel={() => change(false)} />
        )}
      </DialogContent>
    </Dialog>
  );
}

const defaults: CreateApiKeyInput = {
  name: '',
  permissions: {
    devices: 'none',
    groups: 'none',
    media: 'none',
    playlists: 'none',
    campaigns: 'none',
    stats: 'none',
    reports: 'none',
  },
  expiresAt: '',
};

function CreateForm({ onCreated, onCancel }: { onCreated: (key: CreatedApiKey) => void; onCancel: () => void }) {
  const create = useCreateApiKey();
  const form = useForm({ resolver: zodResolver(createApiKeySchema), defaultValues: defaults });
  const { errors } = form.formState;
  const permissionsError = errors.permissions?.message ?? errors.permissions?.root?.message;

  const onSubmit = form.handleSubmit((values) => {
    create.mutate(values, {
      onSuccess: (key) => {
        toast(messages.apiKeys.createSuccess);
        onCreated(key);
      },
      onError: toastFailure(messages.apiKeys.createFailure),
    });
  });

  return (
    <>
      <DialogHeader>
        <DialogTitle>{t.apiKeys.new}</DialogTitle>
        <DialogDescription>{t.apiKeys.form.description}</DialogDescription>
      </DialogHeader>
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <Field id="api-key-name" label={t.apiKeys.form.name} error={errors.name?.message}>
          <Input
            {...fieldA11y('api-key-name', errors.name?.message)}
            placeholder={t.apiKeys.form.namePlaceholder}
            autoComplete="off"
            {...form.register('name')}
          />
        </Field>
        <fieldset className="grid gap-2" aria-describedby={permissionsError ? 'api-key-permissions-error' : undefined}>
          <legend className="mb-1 text-sm font-medium">{t.apiKeys.permissions}</legend>
          {API_KEY_RESOURCES.map((resource) => (
            <div key={resource} className="flex items-center justify-between gap-3">
              <label id={`api-key-perm-${resource}-label`} className="text-sm">
                {t.apiKeys.resources[resource]}
              </label>
              <Controller
                control={form.control}
                name={`permissions.${resource}`}
                render={({ field }) => (
                  <Select value={field.value} onValueChange={field.onChange} name={field.name}>
                    <SelectTrigger
                      className="w-48"
                      aria-labelledby={`api-key-perm-${resource}-label`}
                      data-testid={`permission-${resource}`}
                      onBlur={field.onBlur}
                      ref={field.ref}
                    >
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {(READ_ONLY_RESOURCES.includes(resource)
                        ? (['none', 'read'] as const)
                        : (['none', 'read', 'write'] as const)
                      ).map((access) => (
                        <SelectItem key={access} value={access}>
                          {t.apiKeys.access[access]}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            </div>
          ))}
          {permissionsError ? (
            <p id="api-key-permissions-error" role="alert" className="text-destructive text-sm">
              {permissionsError}
            </p>
          ) : null}
        </fieldset>
        <Field
          id="api-key-expires"
          label={t.apiKeys.form.expiresAt}
          error={errors.expiresAt?.message}
          hint={t.apiKeys.form.expiresHint}
        >
          <Input
            {...fieldA11y('api-key-expires', errors.expiresAt?.message, t.apiKeys.form.expiresHint)}
            type="date"
            {...form.register('expiresAt')}
          />
        </Field>
        <DialogFooter className="pt-2">
          <Button variant="outline" type="button" onClick={onCancel} disabled={create.isPending}>
            {t.common.cancel}
          </Button>
          <PendingButton type="submit" pending={create.isPending} pendingLabel={t.apiKeys.form.creating}>
            {t.apiKeys.form.create}
          </PendingButton>
        </DialogFooter>
      </form>
    </>
  );
}

function CreatedKey({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.key);
      toast(messages.apiKeys.copied);
    } catch {
      // Without clipboard access (plain http), the field is selected for a manual copy.
      (document.getElementById('api-key-created') as HTMLInputElement | null)?.select();
    }
  };
  return (
    <>
      <DialogHeader>
        <DialogTitle>{t.apiKeys.created.title}</DialogTitle>
        <DialogDescription>{created.name}</DialogDescription>
      </DialogHeader>
      <Alert variant="warning">
        <TriangleAlert className="size-4 shrink-0" aria-hidden="true" />
        <span>{t.apiKeys.created.warning}</span>
      </Alert>
      <Field id="api-key-created" label={t.apiKeys.created.keyLabel}>
        <div className="flex gap-2">
          <Input
            id="api-key-created"
            readOnly
            value={created.key}
            className="font-mono text-xs"
            onFocus={(e) => e.currentTarget.select()}
            data-testid="created-api-key"
          />
          <Button type="button" variant="outline" onClick={() => void copy()}>
            <Copy aria-hidden="true" />
            {t.apiKeys.created.copy}
          </Button>
        </div>
      </Field>
      <DialogFooter>
        <Button type="button" onClick={onDone}>
          {t.apiKeys.created.done}
        </Button>
      </DialogFooter>
    </>
  );
}
