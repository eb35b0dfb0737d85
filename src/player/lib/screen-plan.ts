import { DEFAULT_TIME_ZONE, isTimeZone, nextDecisionAt, screenPlayAt } from '@contract/schedule';
import type { ScreenOnAir } from '@contract/screens';
import type { Manifest, ManifestCampaign, ManifestWindow } from '@contract/tv';
import { campaignState } from './campaign';

/** What one window shows: a campaign's playlist, its assigned playlist, or nothing. */
export interface WindowPlan {
  source: 'campaign' | 'playlist' | 'none';
  playlist: ManifestWindow | null;
  campaignId: number | null;
  /** The playlist's own campaign dates (docs/product.md#entities, lib/campaign.ts) let it play now. */
  active: boolean;
}

export interface ScreenPlan {
  /** An emergency: one window over the whole screen, whatever the layout. */
  fullScreen: boolean;
  /** The campaign on air (what the status report says), or null for the assigned playlists. */
  campaignId: number | null;
  windows: WindowPlan[];
}

/** One window per layout slot: single → 1, dual → 2 (a missing playlist is null). */
export function windowSlots(manifest: Manifest): Array<ManifestWindow | null> {
  const count = manifest.device.layout === 'dual' ? 2 : 1;
  return Array.from({ length: count }, (_, i) => manifest.windows[i] ?? null);
}

/** A manifest stored by an older player (or sent by an older server) has no campaigns. */
export const campaignsOf = (manifest: Manifest): ManifestCampaign[] =>
  Array.isArray(manifest.campaigns) ? manifest.campaigns : [];

/** The workspace's zone, or the default when the runtime does not know it (an old WebView). */
const zoneOf = (manifest: Manifest) =>
  typeof manifest.timeZone === 'string' && isTimeZone(manifest.timeZone) ? manifest.timeZone : DEFAULT_TIME_ZONE;

/** What each window plays at `now` (the server's clock): the contract's decision (docs/scheduling.md#time-zone). */
export function planScreen(manifest: Manifest, now: Date): ScreenPlan {
  const slots = windowSlots(manifest);
  const play = screenPlayAt(
    campaignsOf(manifest),
    slots.map((w) => w?.playlistId ?? null),
    now,
    zoneOf(manifest),
  );
  const windows = play.windows.map((w, index): WindowPlan => {
    const playlist = w.source === 'campaign' ? w.campaign.playlist : w.source === 'playlist' ? slots[index]! : null;
    return {
      source: w.source,
      playlist,
      campaignId: w.source === 'campaign' ? w.campaign.id : null,
      active: playlist ? campaignState(playlist, now).active : false,
    };
  });
  return {
    fullScreen: play.fullScreen,
    campaignId: windows.find((w) => w.campaignId !== null)?.campaignId ?? null,
    windows,
  };
}

/** Two plans that show the same thing (a new manifest always counts as a change). */
export const planKey = (plan: ScreenPlan) =>
  `${plan.fullScreen}|${plan.windows.map((w) => `${w.source}:${w.campaignId}:${w.playlist?.playlistId}:${w.active}`).join('|')}`;

/**
 * What the status report says each window plays (issue 15): the playlist on screen and the campaign
 * that put it there. A playlist outside its own dates shows nothing, so it is reported as none.
 */
export function screenOnAir(plan: ScreenPlan): ScreenOnAir {
  return {
    fullScreen: plan.fullScreen,
    windows: plan.windows.map((w) => ({
      playlistId: w.playlist && w.active ? w.playlist.playlistId : null,
      campaignId: w.campaignId,
    })),
  };
}

/** When the plan may change next: a campaign's edge or the next minute, or a playlist's own dates. */
export function nextPlanCheck(manifest: Manifest, now: Date): Date {
  let next = nextDecisionAt(campaignsOf(manifest), now);
  const playlists = [...windowSlots(manifest), ...campaignsOf(manifest).map((c) => c.playlist)];
  for (const playlist of playlists) {
    const at = playlist ? campaignState(playlist, now).changesAt : null;
    if (at && at > now && at < next) next = at;
  }
  return next;
}
