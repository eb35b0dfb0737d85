import { emergencyInputSchema, type EmergencyInput } from '@contract/campaigns';
import { messages } from '@contract/messages';
import { zodResolver } from '@hookform/resolvers/zod';
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
import { toast } from '@web/components/ui/use-toast';
import { t } from '@web/i18n/pt-br';
import { applyServerIssues } from '@web/lib/form-issues';
import { toastFailure } from '@web/lib/toast-failure';
import { Siren } from 'lucide-react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useStartEmergency } from '../api/start-emergency';
import type { CampaignRefs } from '../lib/refs';
import { PlaylistSelect } from './playlist-select';
import { TargetsPicker } from './targets-picker';

type EmergencyDialogProps = CampaignRefs & { open: boolean; onOpenChange: (open: boolean) => void };
type EmergencyData = ReturnType<typeof emergencyInputSchema.parse>;

const emptyValues = (): EmergencyInput => ({
  name: '',
  playlistId: undefined as unknown as number,
  deviceIds: [],
  groupIds: [],
  allDevices: false,
});

/**
 * Emergência (docs/scheduling.md#what-plays): a playlist on the whole screen of the chosen screens, now, until it is
 * ended. Confirming sends `POST /api/campaigns/emergency`.
 */
export function EmergencyDialog({ open, onOpenChange, playlists, devices, groups }: EmergencyDialogProps) {
  const start = useStartEmergency();
  const form = useForm<EmergencyInput, unknown, EmergencyData>({
    resolver: zodResolver(emergencyInputSchema),
    defaultValues: emptyValues(),
  });
  const { errors } = form.formState;
  const targets = useWatch({ control: form.control, name: ['deviceIds', 'groupIds', 'allDevices'] });
  const l = t.campaigns.emergency;

  const close = (next: boolean) => {
    if (start.isPending) return;
    if (!next) form.reset(emptyValues());
    onOpenChange(next);
  };

  const onSubmit = form.handleSubmit((data) =>
    start.mutate(data, {
      onSuccess: () => {
        toast(messages.campaigns.emergencySuccess);
        form.reset(emptyValues());
        onOpenChange(false);
      },
      onError: (error) => {
        applyServerIssues(form.setError, error, ['name', 'playlistId', 'deviceIds', 'groupIds', 'allDevices']);
        toastFailure(messages.campaigns.emergencyFailure)(error);
      },
    }),
  );

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] max-w-2xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle className="text-destructive flex items-center gap-2">
            <Siren className="size-5" aria-hidden="true" />
            {l.title}
          </DialogTitle>
          <DialogDescription>{l.description}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="emergency-name" label={l.name} error={errors.name?.message}>
              <Input
                {...fieldA11y('emergency-name', errors.name?.message)}
                placeholder={l.namePlaceholder}
                autoComplete="off"
                {...form.register('name')}
              />
            </Field>
            <Controller
              control={form.control}
              name="playlistId"
              render={({ field }) => (
                <PlaylistSelect
                  id="emergency-playlist"
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  name={field.name}
                  triggerRef={field.ref}
                  playlists={playlists}
                  error={errors.playlistId?.message}
                />
              )}
            />
          </div>
          <TargetsPicker
            id="emergency-targets"
            devices={devices}
            groups={groups}
            value={{ deviceIds: targets[0] ?? [], groupIds: targets[1] ?? [], allDevices: targets[2] ?? false }}
            onChange={(next) => {
              form.setValue('deviceIds', next.deviceIds);
              form.setValue('groupIds', next.groupIds);
              form.setValue('allDevices', next.allDevices);
              form.clearErrors('deviceIds');
            }}
            error={errors.deviceIds?.message}
          />
          <DialogFooter>
            <Button variant="outline" disabled={start.isPending} onClick={() => close(false)}>
              {t.common.cancel}
            </Button>
            <PendingButton
              type="submit"
              variant="destructive"
              icon={<Siren aria-hidden="true" />}
              pending={start.isPending}
              pendingLabel={l.pending}
            >
              {l.confirm}
            </PendingButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
