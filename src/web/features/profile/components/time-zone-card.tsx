import { messages } from '@contract/messages';
import { DEFAULT_TIME_ZONE } from '@contract/schedule';
import type { Workspace } from '@contract/workspaces';
import { PendingButton } from '@web/components/pending-button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Label } from '@web/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { toast } from '@web/components/ui/use-toast';
import { t } from '@web/i18n/pt-br';
import { toastFailure } from '@web/lib/toast-failure';
import { Globe, Save } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useUpdateWorkspaceSettings } from '../api/update-workspace-settings';
import { timeZoneOptions } from '../lib/time-zones';

/**
 * "Fuso horário das campanhas" (docs/scheduling.md#time-zone): admins choose the workspace's IANA zone; users see it.
 * Until the session has answered the workspace is unknown and nothing is shown.
 */
export function TimeZoneCard({ workspace, isAdmin }: { workspace: Workspace | null; isAdmin: boolean }) {
  // Here, not in the form: a save re-keys the form, and an unmounted caller's callbacks (the toast) never run.
  const update = useUpdateWorkspaceSettings();
  if (!workspace) return null;
  const current = workspace.timeZone || DEFAULT_TIME_ZONE;
  return (
    <Card className="mt-6" data-testid="workspace-time-zone">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Globe className="size-5" aria-hidden="true" />
          {t.profile.timeZone}
        </CardTitle>
        <CardDescription>{t.profile.timeZoneHint}</CardDescription>
      </CardHeader>
      <CardContent>
        {isAdmin ? (
          // Keyed by the saved zone: a save (or another admin's change) starts the choice over.
          <TimeZoneForm key={current} current={current} update={update} />
        ) : (
          <dl className="grid gap-1">
            <dt className="sr-only">{t.profile.timeZone}</dt>
            <dd className="font-medium" data-testid="workspace-time-zone-value">
              {current}
            </dd>
            <dd className="text-muted-foreground text-sm">{t.profile.timeZoneAdminOnly}</dd>
          </dl>
        )}
      </CardContent>
    </Card>
  );
}

function TimeZoneForm({ current, update }: { current: string; update: ReturnType<typeof useUpdateWorkspaceSettings> }) {
  const id = useId();
  const [zone, setZone] = useState(current);
  const zones = useMemo(() => timeZoneOptions(current), [current]);

  const save = () =>
    update.mutate(
      { timeZone: zone },
      {
        onSuccess: () => toast(messages.profile.timeZoneSuccess),
        onError: toastFailure(messages.profile.timeZoneFailure),
      },
    );

  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="grid flex-1 gap-2">
        <Label htmlFor={id}>{t.profile.timeZone}</Label>
        <Select value={zone} onValueChange={setZone} disabled={update.isPending}>
          <SelectTrigger id={id}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {zones.map((z) => (
              <SelectItem key={z} value={z}>
                {z}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <PendingButton
        onClick={save}
        pending={update.isPending}
        pendingLabel={t.profile.timeZoneSaving}
        disabled={zone === current}
        icon={<Save aria-hidden="true" />}
      >
        {t.profile.timeZoneSave}
      </PendingButton>
    </div>
  );
}
