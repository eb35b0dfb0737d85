import { alertSettingsInputSchema, type AlertSettings, type AlertSettingsInput } from '@contract/alerts';
import { zodResolver } from '@hookform/resolvers/zod';
import { PendingButton } from '@web/components/pending-button';
import { RemoveIconButton } from '@web/components/remove-icon-button';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Field, fieldA11y } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { toast } from '@web/components/ui/use-toast';
import { alertLabels } from '@web/i18n/alerts';
import { applyServerIssues } from '@web/lib/form-issues';
import { toastFailure } from '@web/lib/toast-failure';
import { Plus, TriangleAlert } from 'lucide-react';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useSaveAlertSettings } from '../api/alerts';

const t = alertLabels.settings;

/**
 * The settings of docs/alerts.md: who gets the emails and after how many minutes offline a screen
 * opens an incident. Validated by the server's own schema (`alertSettingsInputSchema`) before sending.
 */
export function AlertSettingsForm({ settings }: { settings: AlertSettings }) {
  const save = useSaveAlertSettings();
  const headingId = useId();
  const form = useForm({
    resolver: zodResolver(alertSettingsInputSchema),
    defaultValues: { emails: settings.emails, offlineMinutes: settings.offlineMinutes } as AlertSettingsInput,
  });
  const { errors } = form.formState;
  const emails = useWatch({ control: form.control, name: 'emails' });
  const [draft, setDraft] = useState('');
  const listError = errors.emails?.message ?? errors.emails?.root?.message;
  const minutesError = errors.offlineMinutes?.message;

  const setEmails = (next: string[]) => {
    form.setValue('emails', next, { shouldDirty: true });
    // Item errors are by position: after a change they could point at another address.
    form.clearErrors('emails');
  };
  const addDraft = (): string[] => {
    const value = draft.trim();
    if (!value) return emails;
    const next = [...emails, value];
    setEmails(next);
    setDraft('');
    return next;
  };
  const onDraftKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    addDraft();
  };

  const submit = form.handleSubmit((values) => {
    save.mutate(values, {
      onSuccess: (saved) => {
        form.reset({ emails: saved.emails, offlineMinutes: saved.offlineMinutes });
        toast(t.saveSuccess);
      },
      onError: (error) => {
        applyServerIssues(form.setError, error);
        toastFailure(t.saveFailure)(error);
      },
    });
  });
  // An address typed but not added yet is saved too: pressing Salvar is what the person meant.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    addDraft();
    void submit(event);
  };

  return (
    <Card aria-labelledby={headingId} role="region">
      <CardHeader>
        <CardTitle id={headingId}>{t.title}</CardTitle>
        <CardDescription>{t.description}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-5">
          {settings.emailConfigured ? null : (
            <Alert variant="warning" data-testid="alerts-no-smtp">
              <TriangleAlert aria-hidden="true" />
              <span>{t.noSmtp}</span>
            </Alert>
          )}
          <fieldset className="grid gap-2" aria-describedby={listError ? 'alert-emails-error' : 'alert-emails-hint'}>
            <legend className="mb-1 text-sm font-medium">{t.emails}</legend>
            <p id="alert-emails-hint" className="text-muted-foreground text-xs">
              {t.emailsHint}
            </p>
            {emails.length === 0 ? (
              <p className="text-muted-foreground text-sm">{t.noEmails}</p>
            ) : (
              <ul aria-label={t.emailsListLabel} className="grid gap-1">
                {emails.map((email, index) => {
                  const error = errors.emails?.[index]?.message;
                  return (
                    <li key={`${index}-${email}`} className="grid gap-1">
                      <div className="flex items-center justify-between gap-2 rounded-md border px-3 py-1">
                        <span className="truncate text-sm" aria-invalid={error ? true : undefined}>
                          {email}
                        </span>
                        <RemoveIconButton
                          label={t.removeEmail(email)}
                          onClick={() => setEmails(emails.filter((_, i) => i !== index))}
                        />
                      </div>
                      {error ? <p className="text-destructive text-sm font-medium">{error}</p> : null}
                    </li>
                  );
                })}
              </ul>
            )}
            <Label htmlFor="alert-new-email" className="mt-2">
              {t.newEmail}
            </Label>
            <div className="flex gap-2">
              <Input
                id="alert-new-email"
                type="email"
                autoComplete="off"
                placeholder={t.newEmailPlaceholder}
                value={draft}
                onChange={(e) => setDraft(e.target.value)}
                onKeyDown={onDraftKey}
              />
              <Button type="button" variant="outline" onClick={() => addDraft()}>
                <Plus aria-hidden="true" />
                {t.addEmail}
              </Button>
            </div>
            {listError ? (
              <p id="alert-emails-error" className="text-destructive text-sm font-medium">
                {listError}
              </p>
            ) : null}
          </fieldset>
          <Field id="alert-minutes" label={t.minutes} error={minutesError} hint={t.minutesHint}>
            <Input
              {...fieldA11y('alert-minutes', minutesError, t.minutesHint)}
              type="number"
              inputMode="numeric"
              min={1}
              max={1440}
              className="w-32"
              {...form.register('offlineMinutes', { valueAsNumber: true })}
            />
          </Field>
          <div>
            <PendingButton type="submit" pending={save.isPending} pendingLabel={t.saving}>
              {t.save}
            </PendingButton>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
