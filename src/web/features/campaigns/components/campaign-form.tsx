import { campaignFormSchema } from '@contract/campaign-forms';
import type { Campaign, CampaignStatus } from '@contract/campaigns';
import { messages } from '@contract/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { PendingButton } from '@web/components/pending-button';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Field, fieldA11y } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/components/ui/use-toast';
import { t } from '@web/i18n/pt-br';
import { applyServerIssues } from '@web/lib/form-issues';
import { useSession } from '@web/lib/session';
import { toastFailure } from '@web/lib/toast-failure';
import { Save, Send } from 'lucide-react';
import { useLayoutList, zoneChoices } from '@web/lib/layout-list';
import { useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link, useLocation } from 'wouter';
import { useCreateCampaign } from '../api/create-campaign';
import { useUpdateCampaign } from '../api/update-campaign';
import { campaignValues, newCampaignValues, type CampaignFormControl } from '../lib/campaign-form';
import type { CampaignRefs } from '../lib/refs';
import { AdFields, CampaignTypeField } from './ad-fields';
import { PlaylistSelect } from './playlist-select';
import { ScheduleFields } from './schedule-fields';
import { TargetsPicker } from './targets-picker';
import { ZonesPicker } from './zones-picker';

type CampaignFormProps = CampaignRefs & { campaign?: Campaign; timeZone: string };

const fieldNames = [
  'name',
  'description',
  'playlistId',
  'deviceIds',
  'groupIds',
  'allDevices',
  'startDate',
  'endDate',
  'status',
  'priority',
  'schedule.weekdays',
  'schedule.startTime',
  'schedule.endTime',
  'zones',
  'type',
  'advertiserId',
  'goalKind',
  'goalPlays',
  'capPerHour',
] as const;

/**
 * Create and edit a campaign (issue 14): what (name, playlist), where (screens), when (dates,
 * weekdays, hours on the workspace clock) and its priority. The status is the button pressed:
 * "Salvar rascunho" or "Publicar" (a published or paused one being edited keeps its status on "Salvar").
 * An admin also chooses its type; an ad has its advertiser, goal and cap (docs/ads.md#ad-campaigns).
 */
export function CampaignForm({ campaign, playlists, devices, groups, advertisers, timeZone }: CampaignFormProps) {
  const [, navigate] = useLocation();
  const create = useCreateCampaign();
  const update = useUpdateCampaign();
  const [defaultValues] = useState(() => (campaign ? campaignValues(campaign) : newCampaignValues()));
  const form: CampaignFormControl = useForm({ resolver: zodResolver(campaignFormSchema), defaultValues });
  const { isAdmin } = useSession();
  const { errors } = form.formState;
  const [sending, setSending] = useState<CampaignStatus | null>(null);
  const pending = create.isPending || update.isPending;
  const targets = useWatch({ control: form.control, name: ['deviceIds', 'groupIds', 'allDevices'] });
  const [zones, priority, type] = useWatch({ control: form.control, name: ['zones', 'priority', 'type'] });
  const ad = type === 'ad';
  const layouts = useLayoutList();
  const zoneOptions = useMemo(() => zoneChoices(layouts.data), [layouts.data]);
  // An emergency takes the whole screen (docs/layouts.md#campaigns): it names no zones.
  const emergency = priority === 'emergency';
  const l = t.campaigns.form;

  const onError = (fallback: { title: string; description: string }) => (error: unknown) => {
    applyServerIssues(form.setError, error, fieldNames);
    toastFailure(fallback)(error);
  };

  const send = (status: CampaignStatus) => {
    form.setValue('status', status);
    if (emergency) form.setValue('zones', null);
    form.clearErrors();
    void form.handleSubmit((data) => {
      setSending(status);
      const done = (success: { title: string; description: string }) => () => {
        toast(success);
        navigate('/campaigns');
      };
      if (campaign) {
        update.mutate(
          { id: campaign.id, data },
          { onSuccess: done(messages.campaigns.updateSuccess), onError: onError(messages.campaigns.updateFailure) },
        );
      } else {
        create.mutate(data, {
          onSuccess: done(messages.campaigns.createSuccess),
          onError: onError(messages.campaigns.createFailure),
        });
      }
    })();
  };

  const current = campaign?.status ?? 'draft';

  return (
    <form
      noValidate
      className="grid gap-6"
      onSubmit={(e) => {
        e.preventDefault();
        send(current === 'draft' ? 'draft' : current);
      }}
    >
      <Card>
        <CardHeader>
          <CardTitle>{l.info}</CardTitle>
          <CardDescription>{l.infoHint}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <Field id="campaign-name" label={l.name} error={errors.name?.message}>
            <Input
              {...fieldA11y('campaign-name', errors.name?.message)}
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
                id="campaign-playlist"
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
          <Field
            id="campaign-description"
            label={l.description}
            error={errors.description?.message}
            className="sm:col-span-2"
          >
            <Textarea
              {...fieldA11y('campaign-description', errors.description?.message)}
              placeholder={l.descriptionPlaceholder}
              rows={2}
              {...form.register('description')}
            />
          </Field>
          {isAdmin ? <CampaignTypeField form={form} /> : null}
        </CardContent>
      </Card>

      {isAdmin && ad ? <AdFields form={form} advertisers={advertisers} /> : null}

      <Card>
        <CardHeader>
          <CardTitle>{l.targets}</CardTitle>
          <CardDescription>{l.targetsHint}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          <TargetsPicker
            id="campaign-targets"
            devices={devices}
            groups={groups}
            value={{ deviceIds: targets[0] ?? [], groupIds: targets[1] ?? [], allDevices: targets[2] ?? false }}
            onChange={(next) => {
              form.setValue('deviceIds', next.deviceIds, { shouldDirty: true });
              form.setValue('groupIds', next.groupIds, { shouldDirty: true });
              form.setValue('allDevices', next.allDevices, { shouldDirty: true });
              form.clearErrors('deviceIds');
            }}
            error={errors.deviceIds?.message ?? errors.groupIds?.message ?? errors.allDevices?.message}
          />
          {emergency ? null : (
            <ZonesPicker
              id="campaign-zones"
              value={zones ?? null}
              onChange={(next) => {
                form.setValue('zones', next, { shouldDirty: true });
                form.clearErrors('zones');
              }}
              choices={zoneOptions}
              error={errors.zones?.message}
            />
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{l.when}</CardTitle>
          <CardDescription>{l.whenHint(timeZone)}</CardDescription>
        </CardHeader>
        <CardContent>
          <ScheduleFields form={form} timeZone={timeZone} ad={ad} />
        </CardContent>
      </Card>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" asChild>
          <Link href="/campaigns">{l.cancel}</Link>
        </Button>
        {current === 'draft' ? (
          <PendingButton
            type="button"
            variant="outline"
            icon={<Save aria-hidden="true" />}
            pending={pending && sending === 'draft'}
            disabled={pending}
            pendingLabel={l.saving}
            onClick={() => send('draft')}
          >
            {l.saveDraft}
          </PendingButton>
        ) : (
          <PendingButton
            type="button"
            variant="outline"
            icon={<Save aria-hidden="true" />}
            pending={pending && sending === current}
            disabled={pending}
            pendingLabel={l.saving}
            onClick={() => send(current)}
          >
            {l.save}
          </PendingButton>
        )}
        {current !== 'published' ? (
          <PendingButton
            type="button"
            icon={<Send aria-hidden="true" />}
            pending={pending && sending === 'published'}
            disabled={pending}
            pendingLabel={l.saving}
            onClick={() => send('published')}
          >
            {l.publish}
          </PendingButton>
        ) : null}
      </div>
    </form>
  );
}
