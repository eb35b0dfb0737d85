import { LAYOUT_WINDOW_LABELS, ORIENTATION_LABELS, type Device } from '@contract/devices';
import type { Layout } from '@contract/layouts';
import { OnAirLines } from '@web/components/on-air-lines';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu';
import { t } from '@web/i18n/pt-br';
import {
  Camera,
  Folder,
  KeyRound,
  ListVideo,
  MapPin,
  MoreVertical,
  Pencil,
  RotateCw,
  Trash2,
  Unplug,
} from 'lucide-react';
import { memo, useRef, type ReactNode } from 'react';
import { Link } from 'wouter';
import { devicePlaylistLines, type PlaylistNames } from '../lib/device-labels';
import type { OnAirSource } from '@web/lib/on-air';
import { samePropsExceptLastSeen } from '@web/lib/same-device-view';
import { DeviceStateBadge, OfflineStateBadge, PairingState, StatusDot } from './device-status';

export type DeviceCardProps = {
  device: Device;
  playlistNames: PlaylistNames;
  playlistsLoading: boolean;
  /** The device's zone layout (docs/layouts.md#devices) when it has one (`layoutId`), else null; undefined: not known. */
  zoneLayout: Layout | null | undefined;
  /** The name of the device's group (the page knows the groups), null without one. */
  groupName: string | null;
  /** What the "No ar agora" lines are computed from; they are left out without it. */
  onAir: OnAirSource | null;
  onAssign: (device: Device) => void;
  onDisconnect: (device: Device) => void;
  onRemove: (device: Device) => void;
  /** "Capturar tela" and "Recarregar" (issue 15): offered while the TV is online. */
  onScreenshot: (device: Device) => void;
  onReload: (device: Device) => void;
};

/** The selector of a card's menu button, to give it focus back when a dialog opened from it closes. */
export const deviceMenuSelector = (id: number) => `[data-device-menu="${id}"]`;

/**
 * One device of the list (docs/product.md#screens). Memoized: with thousands of devices only the cards whose
 * shown fields changed re-render (a heartbeat batch, which only moves `lastSeen`, re-renders none).
 */
export const DeviceCard = memo(function DeviceCard({
  device,
  playlistNames,
  playlistsLoading,
  zoneLayout,
  groupName,
  onAir,
  onAssign,
  onDisconnect,
  onRemove,
  onScreenshot,
  onReload,
}: DeviceCardProps) {
  const online = device.status === 'online';
  const lines = devicePlaylistLines(device, playlistNames, playlistsLoading, zoneLayout ?? null);
  const layoutLabel =
    device.layoutId === null
      ? LAYOUT_WINDOW_LABELS[device.layout]
      : zoneLayout
        ? t.layouts.nameWithZones(zoneLayout.name, zoneLayout.zones.length)
        : t.layouts.unknown(device.layoutId);
  // A dialog opened from the menu takes the focus; the menu must not pull it back to its button.
  const keepFocus = useRef(false);
  const openDialog = (open: (device: Device) => void) => () => {
    keepFocus.current = true;
    open(device);
  };

  return (
    <Card className="flex h-full flex-col gap-4 p-5" data-testid={`device-card-${device.id}`}>
      <div className="flex items-start gap-3">
        <StatusDot online={online} className="mt-1.5" />
        <div className="grid min-w-0 flex-1 gap-0.5">
          <h3 className="truncate font-semibold" title={device.name}>
            {device.name}
          </h3>
          <p className="text-muted-foreground flex min-w-0 items-center gap-1 text-sm">
            <MapPin className="size-3.5 shrink-0" aria-hidden="true" />
            <span className="truncate" title={device.location}>
              {device.location}
            </span>
          </p>
          {groupName !== null ? (
            <Badge
              variant="outline"
              className="mt-1 w-fit max-w-full gap-1 font-medium"
              title={t.devices.card.group(groupName)}
              data-testid="device-group"
            >
              <Folder className="size-3 shrink-0" aria-hidden="true" />
              <span className="sr-only">{t.devices.card.group('')}</span>
              <span className="truncate">{groupName}</span>
            </Badge>
          ) : null}
        </div>
        <DropdownMenu modal={false}>
          <DropdownMenuTrigger asChild>
            <Button
              variant="ghost"
              size="icon"
              className="-mt-1 -mr-2"
              aria-label={t.devices.menu.trigger(device.name)}
              data-device-menu={device.id}
            >
              <MoreVertical aria-hidden="true" />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent
            onCloseAutoFocus={(event) => {
              if (keepFocus.current) event.preventDefault();
              keepFocus.current = false;
            }}
          >
            <DropdownMenuItem asChild>
              <Link href={`/devices/edit/${device.id}`}>
                <Pencil aria-hidden="true" />
                {t.devices.menu.edit}
              </Link>
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={openDialog(onAssign)}>
              <ListVideo aria-hidden="true" />
              {t.devices.menu.assign}
            </DropdownMenuItem>
            <DropdownMenuSeparator />
            <RemoteItem
              online={online}
              onSelect={openDialog(onScreenshot)}
              icon={<Camera aria-hidden="true" />}
              label={t.screens.menu.screenshot}
            />
            <RemoteItem
              online={online}
              onSelect={() => onReload(device)}
              icon={<RotateCw aria-hidden="true" />}
              label={t.screens.menu.reload}
            />
            {/* A paired TV that went offline still holds the code: Desconectar re-arms it. */}
            {online || device.paired ? (
              <DropdownMenuItem onSelect={() => onDisconnect(device)}>
                <Unplug aria-hidden="true" />
                {t.devices.menu.disconnect}
              </DropdownMenuItem>
            ) : null}
            <DropdownMenuSeparator />
            <DropdownMenuItem variant="destructive" onSelect={openDialog(onRemove)}>
              <Trash2 aria-hidden="true" />
              {t.devices.menu.remove}
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </div>

      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5 text-sm">
        <dt className="text-muted-foreground">{t.devices.card.resolution}</dt>
        <dd className="text-right font-medium">{device.resolution}</dd>
        <dt className="text-muted-foreground">{t.devices.card.layout}</dt>
        <dd className="text-right font-medium" data-testid="device-layout">
          {layoutLabel}
        </dd>
        <dt className="text-muted-foreground">{t.devices.card.orientation}</dt>
        <dd className="text-right font-medium">{ORIENTATION_LABELS[device.orientation]}</dd>
        <dt className="text-muted-foreground">{t.devices.card.playlist}</dt>
        <dd className="grid min-w-0 justify-items-end text-right font-medium">
          {lines.map((line) => (
            <span key={line} className="max-w-full break-words">
              {line}
            </span>
          ))}
        </dd>
        {onAir ? (
          <>
            <dt className="text-muted-foreground">{t.onAir.label}</dt>
            <dd className="grid min-w-0 justify-items-end text-right font-medium" data-testid="device-on-air">
              <OnAirLines device={device} source={onAir} />
            </dd>
          </>
        ) : null}
      </dl>

      <div className="mt-auto flex items-center justify-between gap-3 border-t pt-3">
        {online ? <DeviceStateBadge device={device} /> : <OfflineStateBadge device={device} />}
        <span
          className="text-muted-foreground inline-flex items-center gap-1.5 text-sm"
          title={t.devices.card.authCode}
        >
          <KeyRound className="size-3.5" aria-hidden="true" />
          <span className="sr-only">{t.devices.card.authCode}: </span>
          <span className="text-foreground font-mono font-medium tracking-wider">{device.authCode}</span>
        </span>
      </div>
      <PairingState device={device} className="text-muted-foreground -mt-2 justify-end text-xs" />
    </Card>
  );
}, samePropsExceptLastSeen);

/**
 * An action the TV itself carries out (issue 15): disabled while it is offline, saying so in the
 * item, so that the menu tells why rather than leaving the entry out.
 */
function RemoteItem({
  online,
  onSelect,
  icon,
  label,
}: {
  online: boolean;
  onSelect: () => void;
  icon: ReactNode;
  label: string;
}) {
  return (
    <DropdownMenuItem disabled={!online} onSelect={onSelect}>
      {icon}
      {online ? (
        label
      ) : (
        <span className="grid">
          {label}
          <span className="text-muted-foreground text-xs">{t.screens.menu.offline}</span>
        </span>
      )}
    </DropdownMenuItem>
  );
}
