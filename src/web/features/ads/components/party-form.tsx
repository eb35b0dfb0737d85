import type { UseMutationResult } from '@tanstack/react-query';
import { PendingButton } from '@web/components/pending-button';
import { Button } from '@web/components/ui/button';
import { DialogFooter } from '@web/components/ui/dialog';
import { TextField } from '@web/components/text-field';
import { toast } from '@web/components/ui/use-toast';
import { partyCommonLabels as t } from '@web/i18n/ads';
import { t as app } from '@web/i18n/pt-br';
import { applyServerIssues } from '@web/lib/form-issues';
import { toastFailure } from '@web/lib/toast-failure';
import type { ReactNode } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import type { SaveVariables } from '../api/party-api';

type Toast = { title: string; description: string };
type Labels = { createSuccess: Toast; createFailure: Toast; updateSuccess: Toast; updateFailure: Toast };

type PartyFormProps<V extends FieldValues, O> = {
  form: UseFormReturn<V, unknown, O>;
  /** The row edited; null creates one. */
  id: number | null;
  save: UseMutationResult<unknown, Error, SaveVariables<O>>;
  labels: Labels;
  /** Where the server's field issues go (docs/api.md#errors); others are in the toast only. */
  fields: readonly Path<V>[];
  onDone: () => void;
  children: ReactNode;
};

/**
 * The form of an advertiser or a partner, in its dialog: checked by the contract's schema before it
 * is sent; a refusal leaves the dialog open with every value typed, the server's pt-BR message in a
 * toast and its field issues under the fields.
 */
export function PartyForm<V extends FieldValues, O>({
  form,
  id,
  save,
  labels,
  fields,
  onDone,
  children,
}: PartyFormProps<V, O>) {
  const creating = id === null;
  const onSubmit = form.handleSubmit((input) =>
    save.mutate(
      { id, input },
      {
        onSuccess: () => {
          toast(creating ? labels.createSuccess : labels.updateSuccess);
          onDone();
        },
        onError: (error) => {
          applyServerIssues(form.setError, error, fields);
          toastFailure(creating ? labels.createFailure : labels.updateFailure)(error);
        },
      },
    ),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      {children}
      <DialogFooter className="pt-2">
        <Button variant="outline" type="button" onClick={onDone} disabled={save.isPending}>
          {app.common.cancel}
        </Button>
        <PendingButton type="submit" pending={save.isPending} pendingLabel={creating ? t.creating : app.common.saving}>
          {creating ? t.create : t.save}
        </PendingButton>
      </DialogFooter>
    </form>
  );
}

/**
 * Name and CPF/CNPJ, the first two fields of both forms (`<prefix>-name`, `<prefix>-document`);
 * `documentHint` says whether the document is optional.
 */
export function NameAndDocumentFields<V extends FieldValues>({
  form,
  prefix,
  documentHint,
}: {
  form: UseFormReturn<V, unknown, unknown>;
  prefix: string;
  documentHint: string;
}) {
  return (
    <>
      <TextField form={form} name={'name' as Path<V>} id={`${prefix}-name`} label={t.name} />
      <TextField
        form={form}
        name={'document' as Path<V>}
        id={`${prefix}-document`}
        label={t.document}
        hint={documentHint}
        inputMode="numeric"
      />
    </>
  );
}
