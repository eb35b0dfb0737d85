import type { DeviceAssignment } from '@contract/devices';
import { messages } from '@contract/messages';
import { byNameThenId } from '@contract/sort';
import { toast } from '@web/components/ui/use-toast';

type Named = { id: number; name: string };

/** The assignment pickers' options (a device's dialog, a group's form): the playlists by name. */
export function sortedPlaylistOptions(playlists: readonly Named[] | undefined): Named[] {
  return [...(playlists ?? [])].sort(byNameThenId).map((p) => ({ id: p.id, name: p.name }));
}

/**
 * The assignment to send (docs/product.md#validation): window 2 only for a dual layout, which needs both playlists;
 * null when one of them is missing ("Dispositivos com 2 janelas devem ter duas playlists selecionadas").
 */
export function assignmentOf(dual: boolean, first: number | null, second: number | null): DeviceAssignment | null {
  if (dual && (first === null || second === null)) return null;
  return { assignedPlaylistId1: first, assignedPlaylistId2: dual ? second : null };
}

/** `assignmentOf`, or the error toast of docs/product.md#messages of a dual layout missing a playlist (and null). */
export function assignmentOrWarn(dual: boolean, first: number | null, second: number | null): DeviceAssignment | null {
  const assignment = assignmentOf(dual, first, second);
  if (!assignment) toast({ variant: 'destructive', ...messages.devices.dualNeedsTwo });
  return assignment;
}

/**
 * The playlists of a zone layout's screen (docs/layouts.md#devices), one per zone: with 2 or more
 * zones each needs one, said with the server's message naming the zone; null (and an error toast)
 * when one is missing. One zone may be left without a playlist, as Tela Única.
 */
export function zoneAssignmentOrWarn(
  zones: readonly { name: string }[],
  playlists: ReadonlyArray<number | null>,
  screen: string,
): Array<number | null> | null {
  const ids = zones.map((_, i) => playlists[i] ?? null);
  const missing = zones.length > 1 ? zones.findIndex((_, i) => ids[i] === null) : -1;
  if (missing < 0) return ids;
  toast({
    variant: 'destructive',
    title: messages.devices.dualNeedsTwo.title,
    description: messages.layouts.zoneNeedsPlaylist(zones[missing]!.name, screen),
  });
  return null;
}
