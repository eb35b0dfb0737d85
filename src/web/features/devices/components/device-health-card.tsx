import type { DeviceHealth } from '@contract/screen-health';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { t } from '@web/i18n/pt-br';
import { formatBytes, formatDateAndTime } from '@web/lib/format';
import { Activity, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatUptime } from '../lib/device-health';

const labels = t.devices.health;

/** A value, or "Não informado" for what the TV did not know (null: never a guess, docs/screen-health.md). */
const known = <T,>(value: T | null, show: (value: T) => string = String): string =>
  value === null ? labels.unknown : show(value);

function when(value: string, say: (date: string, time: string) => string): string {
  const at = formatDateAndTime(value);
  return at ? say(at.date, at.time) : labels.unknown;
}

/**
 * The device page's "Saúde da tela" (docs/screen-health.md#the-panel): the TV's last report as the
 * server keeps it (versions, platform, resolution, storage, cache, memory, uptime, local IP, last
 * error, when it came), the app's update under way, and the server's two flags.
 */
export function DeviceHealthCard({ health }: { health: DeviceHealth | null }) {
  const rows: Array<[string, ReactNode]> = health
    ? [
        [labels.fields.playerVersion, known(health.playerVersion)],
        [labels.fields.appVersion, known(health.appVersion)],
        [
          labels.fields.appUpdate,
          health.appUpdate
            ? labels.update(health.appUpdate.versionName, labels.updateStates[health.appUpdate.state])
            : health.appUpdate === null
              ? labels.noUpdate
              : labels.unknown,
        ],
        [labels.fields.platform, <span className="break-all">{known(health.platform)}</span>],
        [labels.fields.resolution, known(health.resolution)],
        [labels.fields.freeStorage, known(health.freeStorageBytes, formatBytes)],
        [labels.fields.cache, known(health.cacheBytes, formatBytes)],
        [labels.fields.memory, known(health.memoryBytes, formatBytes)],
        [labels.fields.uptime, known(health.uptimeSeconds, formatUptime)],
        [labels.fields.localIp, known(health.localIp)],
        [
          labels.fields.lastError,
          health.lastError
            ? `${health.lastError.message} ${when(health.lastError.at, labels.errorAt)}`
            : labels.noError,
        ],
        [labels.fields.reportedAt, when(health.reportedAt, labels.reportedAt)],
      ]
    : [];
  return (
    <Card role="region" aria-labelledby="device-health-title">
      <CardHeader>
        <CardTitle id="device-health-title" className="flex items-center gap-2">
          <Activity className="text-primary size-5" aria-hidden="true" />
          {labels.title}
        </CardTitle>
        <CardDescription>{labels.hint}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {!health ? <p className="text-muted-foreground text-sm">{labels.none}</p> : null}
        {health?.lowStorage || health?.oldVersion ? (
          <Alert variant="warning">
            <TriangleAlert aria-hidden="true" />
            <AlertDescription>
              {health.lowStorage ? <p>{labels.lowStorage}</p> : null}
              {health.oldVersion ? <p>{labels.oldVersion}</p> : null}
            </AlertDescription>
          </Alert>
        ) : null}
        {health ? (
          <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
            {rows.map(([term, value]) => (
              <div key={term} className="grid gap-0.5">
                <dt className="text-muted-foreground">{term}</dt>
                <dd className="font-medium">{value}</dd>
              </div>
            ))}
          </dl>
        ) : null}
      </CardContent>
    </Card>
  );
}
