import { deviceDisplayState, type Device, type DeviceDisplayState } from '@contract/devices';
import { Badge } from '@web/components/ui/badge';
import { t } from '@web/i18n/pt-br';
import { cn } from '@web/lib/cn';
import { OUTSIDE_HOURS_LABEL, useSleepsAsTold } from '@web/lib/opening-hours';
import { Hourglass, Link2, Moon } from 'lucide-react';

const stateClass: Record<DeviceDisplayState, string> = {
  running: 'border-transparent bg-success/15 text-success',
  waiting: 'border-transparent bg-warning/20 text-foreground',
  offline: 'border-transparent bg-muted text-muted-foreground',
};

/** docs/product.md#screens and #states: Executando (online with a session), Aguardando (online) or Offline. */
export function DeviceStateBadge({
  device,
  className,
}: {
  device: Pick<Device, 'status' | 'activeSessionId'>;
  className?: string;
}) {
  const state = deviceDisplayState(device);
  return <Badge className={cn(stateClass[state], className)}>{t.devices.displayState[state]}</Badge>;
}

/**
 * Offline, or "Fora do horário" for a screen that sleeps as its opening hours say
 * (docs/opening-hours.md). Only offline cards render it, so only they follow the minute's clock.
 */
export function OfflineStateBadge({
  device,
  className,
}: {
  device: Pick<Device, 'status' | 'activeSessionId' | 'openingHours' | 'groupId'>;
  className?: string;
}) {
  const sleeps = useSleepsAsTold();
  if (!sleeps(device)) return <DeviceStateBadge device={device} className={className} />;
  return (
    <Badge className={cn(stateClass.offline, 'gap-1', className)} data-testid="outside-hours">
      <Moon className="size-3" aria-hidden="true" />
      {OUTSIDE_HOURS_LABEL}
    </Badge>
  );
}

/** The green/grey dot; its status is spoken (the colour alone carries nothing for a screen reader). */
export function StatusDot({ online, className }: { online: boolean; className?: string }) {
  const label = online ? t.devices.status.online : t.devices.status.offline;
  return (
    <span className={cn('inline-flex size-2.5 shrink-0', className)} title={label}>
      <span
        className={cn(
          'inline-flex size-2.5 rounded-full ring-2',
          online ? 'bg-success ring-success/25' : 'bg-muted-foreground/50 ring-transparent',
        )}
        aria-hidden="true"
      />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/**
 * The connection as the edit page and the removal confirmation show it: Conectado or
 * Desconectado, and when connected also Executando or Aguardando.
 */
export function ConnectionSummary({
  device,
  className,
}: {
  device: Pick<Device, 'status' | 'activeSessionId'>;
  className?: string;
}) {
  const online = device.status === 'online';
  return (
    <span className={cn('inline-flex flex-wrap items-center gap-2', className)}>
      <span className="inline-flex items-center gap-1.5">
        <span
          className={cn('inline-flex size-2 rounded-full', online ? 'bg-success' : 'bg-muted-foreground/50')}
          aria-hidden="true"
        />
        <span className="font-medium">
          {online ? t.devices.connection.connected : t.devices.connection.disconnected}
        </span>
      </span>
      {online ? <DeviceStateBadge device={device} /> : null}
    </span>
  );
}

/**
 * Whether the code still waits for a TV or a paired TV holds it (docs/tv-protocol.md#pairing: a code pairs one TV),
 * so the admin knows that typing it on another TV will not work.
 */
export function PairingState({ device, className }: { device: Pick<Device, 'paired'>; className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-1.5', className)} data-testid="pairing-state">
      {device.paired ? (
        <Link2 className="size-3.5 shrink-0" aria-hidden="true" />
      ) : (
        <Hourglass className="size-3.5 shrink-0" aria-hidden="true" />
      )}
      {device.paired ? t.devices.pairing.paired : t.devices.pairing.waiting}
    </span>
  );
}
