import { DEFAULT_TIME_ZONE, isTimeZone, nextDecisionAt, screenPlayAt } from '@contract/schedule';
import type { ScreenOnAir } from '@contract/screens';
import { windowZoneKey, type Zone } from '@contract/layouts';
import { isOpenAt, nextOpeningChange } from '@contract/opening-hours';
import type { Manifest, ManifestAd, ManifestCampaign, ManifestWindow } from '@contract/tv';
import { campaignState } from './campaign';
import { filesOf } from './media-url';

/** What one window shows: a campaign's playlist, its assigned playlist, or nothing. */
export interface WindowPlan {
  source: 'campaign' | 'playlist' | 'none';
  playlist: ManifestWindow | null;
  campaignId: number | null;
  /** The playlist's own campaign dates (docs/product.md#entities, lib/campaign.ts) let it play now. */
  active: boolean;
  /** The zone's key, what its plays carry: the manifest zone's, or `janela-1`/`janela-2` without zones. */
  zone: string;
  /** Where it is drawn (docs/layouts.md#the-player): null is the old single/dual stage, or an emergency's whole screen. */
  rect: Zone | null;
}

export interface ScreenPlan {
  /** Within the opening hours (docs/opening-hours.md); outside them: black, no window, no play. */
  open: boolean;
  /** An emergency: one window over the whole screen, whatever the layout. */
  fullScreen: boolean;
  /** The campaign on air (what the status report says), or null for the assigned playlists. */
  campaignId: number | null;
  windows: WindowPlan[];
}

/** The manifest's zones, or none for a manifest before zones (drawn as `device.layout`, single or dual). */
export const zonesOf = (manifest: Manifest): Zone[] | null =>
  Array.isArray(manifest.zones) && manifest.zones.length > 0 ? manifest.zones : null;

/** One window per zone, or per layout slot without zones: single → 1, dual → 2 (a missing playlist is null). */
export function windowSlots(manifest: Manifest): Array<ManifestWindow | null> {
  const count = zonesOf(manifest)?.length ?? (manifest.device.layout === 'dual' ? 2 : 1);
  return Array.from({ length: count }, (_, i) => manifest.windows[i] ?? null);
}

/** The key of each window's zone: what campaigns name and plays carry (docs/layouts.md#campaigns). */
export const zoneKeysOf = (manifest: Manifest): string[] =>
  zonesOf(manifest)?.map((zone) => zone.key) ?? windowSlots(manifest).map((_, i) => windowZoneKey(i));

/** A manifest stored by an older player (or sent by an older server) has no campaigns. */
export const campaignsOf = (manifest: Manifest): ManifestCampaign[] =>
  Array.isArray(manifest.campaigns) ? manifest.campaigns : [];

/** The screen's ads (docs/ads.md#manifest): absent when it has none, and from older manifests. */
export const adsOf = (manifest: Manifest): ManifestAd[] => (Array.isArray(manifest.ads) ? manifest.ads : []);

/**
 * Every file the screen may need, offline too: every zone's playlist, every campaign's (a campaign
 * must start on time with the server out of reach) and every ad's creatives. What the service
 * worker or the Android app (`SinalizeApp.syncMedia`) keeps.
 */
export const manifestFiles = (manifest: Manifest) =>
  filesOf([
    ...manifest.windows,
    ...campaignsOf(manifest).map((c) => c.playlist),
    ...adsOf(manifest).map((ad) => ad.playlist),
  ]);

/** The workspace's zone, or the default when the runtime does not know it (an old WebView). */
export const timeZoneOf = (manifest: Manifest) =>
  typeof manifest.timeZone === 'string' && isTimeZone(manifest.timeZone) ? manifest.timeZone : DEFAULT_TIME_ZONE;

/** What each window plays at `now` (the server's clock): the contract's decision (docs/scheduling.md#time-zone). */
export function planScreen(manifest: Manifest, now: Date): ScreenPlan {
  // Outside the opening hours nothing is mounted: no decoding, no play records (docs/opening-hours.md).
  if (!isOpenAt(manifest.openingHours, now, timeZoneOf(manifest)))
    return { open: false, fullScreen: false, campaignId: null, windows: [] };
  const slots = windowSlots(manifest);
  const keys = zoneKeysOf(manifest);
  const zones = zonesOf(manifest);
  const play = screenPlayAt(
    campaignsOf(manifest),
    slots.map((w) => w?.playlistId ?? null),
    now,
    timeZoneOf(manifest),
    keys,
  );
  const windows = play.windows.map((w, index): WindowPlan => {
    const playlist = w.source === 'campaign' ? w.campaign.playlist : w.source === 'playlist' ? slots[index]! : null;
    return {
      source: w.source,
      playlist,
      campaignId: w.source === 'campaign' ? w.campaign.id : null,
      active: playlist ? campaignState(playlist, now).active : false,
      // An emergency is one window over the whole screen: its plays are the first zone's.
      zone: keys[index]!,
      rect: play.fullScreen ? null : (zones?.[index] ?? null),
    };
  });
  return {
    open: true,
    fullScreen: play.fullScreen,
    campaignId: windows.find((w) => w.campaignId !== null)?.campaignId ?? null,
    windows,
  };
}

/** Two plans that show the same thing (a new manifest always counts as a change). */
export const planKey = (plan: ScreenPlan) =>
  `${plan.open}|${plan.fullScreen}|${plan.windows.map((w) => `${w.source}:${w.campaignId}:${w.playlist?.playlistId}:${w.active}:${w.zone}:${rectKey(w.rect)}`).join('|')}`;

const rectKey = (z: Zone | null) => (z ? `${z.x},${z.y},${z.width},${z.height},${z.z},${z.fit}` : '');

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

/**
 * When the plan may change next: a campaign's edge or the next minute, a playlist's own dates, or
 * the opening hours' next opening or closing.
 */
export function nextPlanCheck(manifest: Manifest, now: Date): Date {
  let next = nextDecisionAt(campaignsOf(manifest), now);
  const opening = nextOpeningChange(manifest.openingHours, now, timeZoneOf(manifest));
  if (opening && opening > now && opening < next) next = opening;
  const playlists = [...windowSlots(manifest), ...campaignsOf(manifest).map((c) => c.playlist)];
  for (const playlist of playlists) {
    const at = playlist ? campaignState(playlist, now).changesAt : null;
    if (at && at > now && at < next) next = at;
  }
  return next;
}
