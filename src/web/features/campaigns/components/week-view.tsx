import type { Campaign } from '@contract/campaigns';
import { DEFAULT_TIME_ZONE } from '@contract/schedule';
import { LoadError } from '@web/components/load-error';
import { Card, CardContent } from '@web/components/ui/card';
import { Label } from '@web/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { Skeleton } from '@web/components/ui/skeleton';
import { t } from '@web/i18n/pt-br';
import { useSession } from '@web/lib/session';
import { Select as SelectPrimitive } from 'radix-ui';
import { useMemo, useState } from 'react';
import { useCampaignList } from '@web/lib/campaign-list';
import { layoutsById, useLayoutList } from '@web/lib/layout-list';
import { nameMap, screenOfDevice, type CampaignRefs } from '../lib/refs';
import { useDecisionNow } from '../lib/use-decision-now';
import { buildWeekGrid, campaignsFor, campaignsShown, type WeekTarget } from '../lib/week-grid';
import { CampaignsHeader } from './campaigns-header';
import { WeekTable, type PlayLabels } from './week-table';

/** `d12` a device, `g3` a group: one select value for either. */
type Choice = `d${number}` | `g${number}`;

/** /campaigns/semana: pick a screen or a group, see what it plays each hour of this week. */
export function WeekView(refs: CampaignRefs) {
  const campaigns = useCampaignList();
  const { workspace } = useSession();
  const timeZone = workspace?.timeZone ?? DEFAULT_TIME_ZONE;
  const now = useDecisionNow(campaigns.data);
  const [choice, setChoice] = useState<Choice | ''>('');
  const layoutList = useLayoutList();
  const l = t.campaigns.week;

  // A zone layout's screen shows one band per zone (docs/layouts.md#in-the-panel); until the
  // workspace's layouts are read, its own layout is not known yet.
  const target = useMemo((): { target: WeekTarget; name: string } | 'loading' | null => {
    const id = Number(choice.slice(1));
    if (choice.startsWith('d')) {
      const device = refs.devices?.find((d) => d.id === id);
      if (!device) return null;
      const layouts = layoutsById(layoutList.data);
      if (device.layoutId != null && !layouts.has(device.layoutId) && layoutList.isPending) return 'loading';
      const screen = screenOfDevice(device, layouts);
      return { target: { kind: 'device', deviceId: id, groupId: device.groupId, ...screen }, name: device.name };
    }
    const group = refs.groups?.find((g) => g.id === id);
    return group ? { target: { kind: 'group', groupId: id }, name: group.name } : null;
  }, [choice, refs.devices, refs.groups, layoutList.data, layoutList.isPending]);

  // The grid moves on with the hour, not every minute: 168 cells are not recomputed for nothing.
  const hour = Math.floor(now / 3_600_000);
  const grid = useMemo(() => {
    if (!target || target === 'loading' || !campaigns.data) return null;
    const aimed = campaignsFor(campaigns.data, target.target);
    const device = target.target.kind === 'device' ? target.target : null;
    const zoneKeys = device?.zones?.map((z) => z.key);
    return buildWeekGrid(aimed, device?.assigned ?? [null], new Date(hour * 3_600_000), timeZone, zoneKeys);
  }, [target, campaigns.data, hour, timeZone]);

  const labels = useMemo((): PlayLabels | null => {
    if (!grid || !campaigns.data || !target || target === 'loading') return null;
    const byId = new Map<number, Campaign>(campaigns.data.map((c) => [c.id, c]));
    const shown = campaignsShown(grid)
      .map((id) => byId.get(id))
      .filter((c): c is Campaign => c !== undefined);
    return {
      campaigns: shown,
      playlistNames: nameMap(refs.playlists),
      groupView: target.target.kind === 'group',
      zones: target.target.kind === 'device' ? target.target.zones : undefined,
    };
  }, [grid, campaigns.data, target, refs.playlists]);

  return (
    <>
      <CampaignsHeader title={l.title} description={l.subtitle} refs={refs} />
      <div className="mb-6 grid max-w-md gap-2">
        <Label htmlFor="week-target">{l.pick}</Label>
        <Select value={choice} onValueChange={(v) => setChoice(v as Choice)}>
          <SelectTrigger id="week-target">
            <SelectValue placeholder={l.pickPlaceholder} />
          </SelectTrigger>
          <SelectContent>
            {[
              { key: 'd', label: l.devices, items: refs.devices ?? [] },
              { key: 'g', label: l.groups, items: refs.groups ?? [] },
            ].map((section) =>
              section.items.length === 0 ? null : (
                <SelectPrimitive.Group key={section.key}>
                  <SelectPrimitive.Label className="text-muted-foreground px-2 py-1.5 text-xs font-medium">
                    {section.label}
                  </SelectPrimitive.Label>
                  {section.items.map((item) => (
                    <SelectItem key={item.id} value={`${section.key}${item.id}`}>
                      {item.name}
                    </SelectItem>
                  ))}
                </SelectPrimitive.Group>
              ),
            )}
          </SelectContent>
        </Select>
        <p className="text-muted-foreground text-xs">{l.timeZone(timeZone)}</p>
      </div>

      {campaigns.isError ? (
        <LoadError error={campaigns.error} />
      ) : !target ? (
        <Card>
          <CardContent className="text-muted-foreground p-8 text-center text-sm">{l.choose}</CardContent>
        </Card>
      ) : target === 'loading' || !grid || !labels ? (
        <Skeleton className="h-96 w-full" role="status" aria-label={t.campaigns.loading} />
      ) : (
        <WeekTable grid={grid} labels={labels} name={target.name} now={now} timeZone={timeZone} />
      )}
    </>
  );
}
