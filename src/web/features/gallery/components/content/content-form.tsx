import { contentCreateSchema, type ContentCreate, type ContentKind } from '@contract/content';
import type { Media } from '@contract/media';
import { zodResolver } from '@hookform/resolvers/zod';
import { ContentPreview } from '@web/components/content-preview/content-preview';
import { PendingButton } from '@web/components/pending-button';
import { Button } from '@web/components/ui/button';
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { Field, fieldA11y } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/use-toast';
import { t } from '@web/i18n/pt-br';
import { getServerMessage } from '@web/lib/api-error';
import { applyServerIssues } from '@web/lib/form-issues';
import { displayKindLabel } from '@web/lib/media-kinds';
import { toastFailure } from '@web/lib/toast-failure';
import { ArrowLeft } from 'lucide-react';
import { useForm, useWatch, type FieldPath, type Resolver } from 'react-hook-form';
import { useCreateContent, useUpdateMedia } from '../../api/save-content';
import { initialValues, type ContentFormValues } from '../../lib/content-form';
import { KIND_FIELDS } from './kind-fields';

const l = t.content;
// The contract's schema, the server's own (docs/content.md#the-model): the form's type is looser
// (options as a record) because one form serves every kind.
const resolver = zodResolver(contentCreateSchema) as unknown as Resolver<ContentFormValues, unknown, ContentCreate>;

type ContentFormProps = {
  kind: ContentKind;
  /** The saved item being edited; none for a new one. */
  media?: Media;
  /** Back to the kinds (a new item only). */
  onBack?: () => void;
  onDone: () => void;
};

/**
 * One kind's form beside its live preview. Saving sends `POST /api/media/content` (new) or
 * `PUT /api/media/{id}` (edit) with the values the schema parsed; the server's 400 issues land on
 * their fields, or above the buttons when they fit no field. Nothing is sent while a field is wrong.
 */
export function ContentForm({ kind, media, onBack, onDone }: ContentFormProps) {
  const create = useCreateContent();
  const update = useUpdateMedia();
  const form = useForm<ContentFormValues, unknown, ContentCreate>({
    resolver,
    defaultValues: initialValues(kind, media),
  });
  const options = useWatch({ control: form.control, name: 'options' });
  const { errors } = form.formState;
  const pending = create.isPending || update.isPending;
  const label = displayKindLabel(kind);
  const Fields = KIND_FIELDS[kind];

  const onError = (fallback: { title: string; description: string }) => (error: unknown) => {
    const fields = ['name', ...Object.keys(form.getValues('options')).map((key) => `options.${key}`)];
    const placed = applyServerIssues(form.setError, error, fields as FieldPath<ContentFormValues>[]);
    if (placed === 0) form.setError('root.server', { message: getServerMessage(error) ?? fallback.description });
    toastFailure(fallback)(error);
  };

  // A web page whose site refuses framing is saved, and the server's warning is what the toast says
  // (docs/content.md#web-pages-the-framing-check).
  const saved = (done: string) => (item: Media) => {
    toast(
      item.warning
        ? { title: l.savedWithWarning, description: item.warning }
        : { title: 'Sucesso!', description: done },
    );
    onDone();
  };

  const onSubmit = form.handleSubmit((values) => {
    if (media) {
      update.mutate(
        { id: media.id, body: { name: values.name, options: values.options } },
        {
          onSuccess: saved(l.updated),
          onError: onError(failure(l.updateFailure)),
        },
      );
    } else {
      create.mutate(values, {
        onSuccess: saved(l.created),
        onError: onError(failure(l.createFailure)),
      });
    }
  });

  return (
    <>
      <DialogHeader>
        <DialogTitle>{media ? l.editTitle(label) : l.createTitle(label)}</DialogTitle>
        <DialogDescription>{l.formDescription}</DialogDescription>
      </DialogHeader>
      <form onSubmit={onSubmit} noValidate className="grid gap-6 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <div className="grid content-start gap-4">
          <Field id="content-name" label={l.fields.name} error={errors.name?.message}>
            <Input
              {...fieldA11y('content-name', errors.name?.message)}
              autoComplete="off"
              placeholder={l.fields.namePlaceholder}
              {...form.register('name')}
            />
          </Field>
          <Fields form={form} />
        </div>
        <section aria-label={l.preview} className="grid content-start gap-2 md:sticky md:top-0">
          <h3 className="text-muted-foreground text-xs font-medium tracking-wide uppercase" aria-hidden="true">
            {l.preview}
          </h3>
          <ContentPreview kind={kind} options={options} className="border" />
        </section>
        {errors.root?.server?.message ? (
          <p role="alert" className="text-destructive text-sm font-medium md:col-span-2">
            {errors.root.server.message}
          </p>
        ) : null}
        <DialogFooter className="gap-2 md:col-span-2">
          {onBack ? (
            <Button type="button" variant="ghost" className="sm:mr-auto" onClick={onBack} disabled={pending}>
              <ArrowLeft aria-hidden="true" />
              {l.back}
            </Button>
          ) : null}
          <Button type="button" variant="outline" onClick={onDone} disabled={pending}>
            {t.common.cancel}
          </Button>
          <PendingButton type="submit" pending={pending} pendingLabel={l.saving}>
            {l.save}
          </PendingButton>
        </DialogFooter>
      </form>
    </>
  );
}

const failure = (description: string) => ({ title: 'Erro', description });
