import { ORIENTATIONS } from '@contract/devices';
import {
  layoutInputSchema,
  validateZones,
  type Layout,
  type LayoutData,
  type LayoutInput,
  type ZoneInput,
} from '@contract/layouts';
import { zodResolver } from '@hookform/resolvers/zod';
import { PendingButton } from '@web/components/pending-button';
import { Button } from '@web/components/ui/button';
import { Field, fieldA11y } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/use-toast';
import { t } from '@web/i18n/pt-br';
import { applyServerIssues } from '@web/lib/form-issues';
import { toastFailure } from '@web/lib/toast-failure';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useCreateLayout } from '../api/create-layout';
import { useUpdateLayout } from '../api/update-layout';
import { editorValues, isOrientation, templatesFor, topLayer, zoneErrorMessages } from '../lib/editor-values';
import { newZoneRect, type Rect } from '../lib/zone-geometry';
import { ZoneCanvas } from './zone-canvas';
import { ZonePanel } from './zone-panel';

type Props = {
  /** The workspace's layout being edited; null for a new one. */
  layout: Layout | null;
  /** A built-in whose zones a new layout starts from. */
  template?: Layout | null;
  /** Back to the list, after saving or on Cancelar. */
  onDone: () => void;
};

const editorLabels = t.layouts.editor;
const selectClass =
  'border-input bg-card h-10 rounded-md border px-3 text-sm focus-visible:ring-ring focus-visible:ring-2 focus-visible:outline-none';

/**
 * The layout editor (docs/layouts.md#the-editor): name, orientation and the zones on a canvas. The
 * contract's `validateZones` checks the zones live while they are drawn; `layoutInputSchema` checks
 * the whole form on submit, as the server does; a 400's issues land under their fields.
 */
export function LayoutEditor({ layout, template = null, onDone }: Props) {
  const create = useCreateLayout();
  const update = useUpdateLayout();
  const form = useForm<LayoutInput, unknown, LayoutData>({
    resolver: zodResolver(layoutInputSchema),
    defaultValues: editorValues(layout, template),
  });
  const { errors, isSubmitted } = form.formState;
  const zones = useWatch({ control: form.control, name: 'zones' });
  const orientation = useWatch({ control: form.control, name: 'orientation' });
  const [selected, setSelected] = useState<number | null>(null);
  const [templateId, setTemplateId] = useState('');
  const pending = create.isPending || update.isPending;

  const setZones = (next: ZoneInput[]) =>
    form.setValue('zones', next, { shouldDirty: true, shouldValidate: isSubmitted });
  const changeZone = (index: number, zone: ZoneInput) => setZones(zones.map((z, i) => (i === index ? zone : z)));
  const moveZone = (index: number, rect: Rect) => changeZone(index, { ...zones[index]!, ...rect });
  const addZone = () => {
    const names = new Set(zones.map((z) => z.name));
    let n = zones.length + 1;
    while (names.has(editorLabels.newZoneName(n))) n++;
    setZones([
      ...zones,
      { name: editorLabels.newZoneName(n), ...newZoneRect(zones.length), z: topLayer(zones), fit: 'contain' },
    ]);
    setSelected(zones.length);
  };
  const removeZone = (index: number) => {
    setZones(zones.filter((_, i) => i !== index));
    setSelected(null);
  };
  const templates = templatesFor(isOrientation(orientation) ? orientation : 'horizontal');
  const chosen = templates.find((l) => String(l.id) === templateId);
  const applyTemplate = () => {
    if (!chosen) return;
    setZones(chosen.zones.map((z) => ({ ...z })));
    setSelected(null);
  };

  const live = validateZones(zones).map((issue) => issue.message);
  const problems = [...new Set([...live, ...zoneErrorMessages(errors.zones)])];
  const zone = selected !== null ? zones[selected] : undefined;

  const failed = (fallback: { title: string; description: string }) => (error: unknown) => {
    applyServerIssues(form.setError, error);
    toastFailure(fallback)(error);
  };
  const onSubmit = form.handleSubmit((data) => {
    if (layout) {
      update.mutate(
        { id: layout.id, data },
        {
          onSuccess: () => {
            toast(editorLabels.updateSuccess);
            onDone();
          },
          onError: failed(editorLabels.updateFailure),
        },
      );
      return;
    }
    create.mutate(data, {
      onSuccess: () => {
        toast(editorLabels.createSuccess);
        onDone();
      },
      onError: failed(editorLabels.createFailure),
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-6">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="layout-name" label={editorLabels.name} error={errors.name?.message}>
          <Input
            {...fieldA11y('layout-name', errors.name?.message)}
            placeholder={editorLabels.namePlaceholder}
            autoComplete="off"
            {...form.register('name')}
          />
        </Field>
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">{editorLabels.orientation}</legend>
          <div className="flex gap-4">
            {ORIENTATIONS.map((value) => (
              <label key={value} className="flex items-center gap-2 text-sm">
                <input type="radio" value={value} {...form.register('orientation')} />
                {t.layouts.orientation[value]}
              </label>
            ))}
          </div>
          {errors.orientation?.message ? (
            <p className="text-destructive text-sm font-medium">{errors.orientation.message}</p>
          ) : null}
        </fieldset>
      </div>

      <div className="flex flex-wrap items-end gap-2">
        <div className="grid gap-2">
          <label htmlFor="layout-template" className="text-sm font-medium">
            {editorLabels.template}
          </label>
          <select
            id="layout-template"
            className={selectClass}
            value={chosen ? templateId : ''}
            onChange={(event) => setTemplateId(event.target.value)}
          >
            <option value="">{editorLabels.templateNone}</option>
            {templates.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name}
              </option>
            ))}
          </select>
        </div>
        <Button type="button" variant="outline" disabled={!chosen} onClick={applyTemplate}>
          {editorLabels.useTemplate}
        </Button>
        <Button type="button" variant="outline" onClick={addZone} className="sm:ml-auto">
          <Plus aria-hidden="true" />
          {editorLabels.addZone}
        </Button>
      </div>

      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="grid content-start gap-2">
          <ZoneCanvas
            orientation={isOrientation(orientation) ? orientation : 'horizontal'}
            zones={zones}
            selected={selected}
            onSelect={setSelected}
            onChange={moveZone}
          />
          <p className="text-muted-foreground text-xs">{t.layouts.editor.subtitle}</p>
          <div aria-live="polite">
            {problems.length > 0 ? (
              <ul
                id="layout-zones-error"
                aria-label={editorLabels.problems}
                className="text-destructive grid gap-1 text-sm font-medium"
              >
                {problems.map((message) => (
                  <li key={message}>{message}</li>
                ))}
              </ul>
            ) : null}
          </div>
        </div>
        {zone && selected !== null ? (
          <ZonePanel
            key={selected}
            zone={zone}
            nameError={errors.zones?.[selected]?.name?.message}
            onChange={(next) => changeZone(selected, next)}
            onRemove={() => removeZone(selected)}
          />
        ) : (
          <p className="text-muted-foreground text-sm">{editorLabels.noSelection}</p>
        )}
      </div>

      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onDone} disabled={pending}>
          {editorLabels.cancel}
        </Button>
        <PendingButton
          type="submit"
          pending={pending}
          pendingLabel={layout ? editorLabels.updating : editorLabels.creating}
        >
          {layout ? editorLabels.update : editorLabels.create}
        </PendingButton>
      </div>
    </form>
  );
}
