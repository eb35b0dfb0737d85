import { LAYOUT_WINDOW_LABELS, type Device } from '@contract/devices';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { useIncrementalList } from '@web/lib/use-incremental-list';
import { t } from '@web/i18n/pt-br';
import { OnAirLines } from '@web/components/on-air-lines';
import { screenLayoutLabel } from '@web/lib/layout-list';
import { RelativeTime } from '@web/components/relative-time';
import type { OnAirSource } from '@web/lib/on-air';
import { samePropsExceptLastSeen } from '@web/lib/same-device-view';
import { formatCount, formatDate } from '@web/lib/format';
import { cn } from '@web/lib/cn';
import { OUTSIDE_HOURS_LABEL, useSleepsAsTold } from '@web/lib/opening-hours';
import { CheckCircle2, Clock, MapPin, Moon, WifiOff } from 'lucide-react';
import { memo, useId } from 'react';

/** Entries shown at first in each dashboard list (and added per "Mostrar mais"). */
const DASHBOARD_PAGE_SIZE = 20;

type DeviceStatusListProps = {
  kind: 'online' | 'offline';
  devices: Device[];
  /** What the online rows' "No ar agora" lines are computed from (the page's campaigns and playlists). */
  onAir?: OnAirSource | null;
};

/** "Dispositivos Online" or "Dispositivos Offline" with a count (docs/product.md#dashboard). */
export function DeviceStatusList({ kind, devices, onAir = null }: DeviceStatusListProps) {
  const headingId = useId();
  const online = kind === 'online';
  const { visible, hasMore, showMore, total } = useIncrementalList(devices, kind, DASHBOARD_PAGE_SIZE);
  const title = online ? t.dashboard.onlineList : t.dashboard.offlineList;

  return (
    <Card className="flex flex-col" data-testid={`dashboard-${kind}`}>
      <CardHeader className="flex-row items-center justify-between gap-2 space-y-0 pb-4">
        <CardTitle id={headingId} className="flex items-center gap-2">
          <span
            className={cn('inline-flex size-2.5 rounded-full', online ? 'bg-success' : 'bg-muted-foreground/50')}
            aria-hidden="true"
          />
          {title}
        </CardTitle>
        <Badge variant="secondary" className="tabular-nums" data-testid={`dashboard-${kind}-count`}>
          {formatCount(total)}
        </Badge>
      </CardHeader>
      <CardContent className="flex-1">
        {total === 0 ? (
          <div className="text-muted-foreground flex flex-col items-center gap-2 rounded-md border border-dashed p-8 text-center text-sm">
            {online ? (
              <WifiOff className="size-8" aria-hidden="true" />
            ) : (
              <CheckCircle2 className="text-success size-8" aria-hidden="true" />
            )}
            <p>{online ? t.dashboard.emptyOnline : t.dashboard.emptyOffline}</p>
          </div>
        ) : (
          <>
            <ul aria-labelledby={headingId} className="divide-y">
              {visible.map((device) => (
                <DeviceRow key={device.id} device={device} online={online} onAir={online ? onAir : null} />
              ))}
            </ul>
            {hasMore ? (
              <div className="mt-3 flex flex-col items-center gap-2">
                <p className="text-muted-foreground text-xs">{t.devices.showing(visible.length, total)}</p>
                <Button variant="outline" size="sm" onClick={showMore}>
                  {t.devices.showMore}
                </Button>
              </div>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}

const DeviceRow = memo(
  function DeviceRow({ device, online, onAir }: { device: Device; online: boolean; onAir: OnAirSource | null }) {
    const layout = onAir?.layouts ? screenLayoutLabel(device, onAir.layouts) : LAYOUT_WINDOW_LABELS[device.layout];
    const details = online ? `${device.resolution} · ${layout}` : device.resolution;
    return (
      <li className="flex items-start justify-between gap-3 py-3 first:pt-0 last:pb-0">
        <div className="grid min-w-0 gap-0.5">
          <p className="truncate font-medium" title={device.name}>
            {device.name}
          </p>
          <p className="text-muted-foreground flex min-w-0 items-center gap-1 text-sm">
            <MapPin className="size-3.5 shrink-0" aria-hidden="true" />
            <span className="truncate">{device.location}</span>
          </p>
          <p className="text-muted-foreground text-xs">{details}</p>
          {onAir ? (
            <p className="grid text-xs" data-testid="device-on-air">
              <span className="text-muted-foreground">{t.onAir.label}:</span>
              <OnAirLines device={device} source={onAir} />
            </p>
          ) : null}
          {!online && device.lastSeen ? (
            <p className="text-muted-foreground flex items-center gap-1 text-xs">
              <Clock className="size-3 shrink-0" aria-hidden="true" />
              <span>
                {t.dashboard.lastSeen}: {formatDate(device.lastSeen)} · <RelativeTime value={device.lastSeen} />
              </span>
            </p>
          ) : null}
        </div>
        {online ? (
          <Badge variant="success" className="shrink-0">
            {t.dashboard.online}
          </Badge>
        ) : (
          <OfflineBadge device={device} />
        )}
      </li>
    );
    // Online rows do not show lastSeen: a heartbeat batch leaves them alone.
  },
  (prev, next) =>
    next.online
      ? samePropsExceptLastSeen(prev, next)
      : prev.device === next.device && prev.online === next.online && prev.onAir === next.onAir,
);

/** Offline, or "Fora do horário" for a screen that sleeps as its opening hours say (docs/opening-hours.md). */
function OfflineBadge({ device }: { device: Device }) {
  const sleeps = useSleepsAsTold()(device);
  return (
    <Badge variant="secondary" className="shrink-0 gap-1" data-testid={sleeps ? 'outside-hours' : undefined}>
      {sleeps ? <Moon className="size-3" aria-hidden="true" /> : null}
      {sleeps ? OUTSIDE_HOURS_LABEL : t.dashboard.offline}
    </Badge>
  );
}
