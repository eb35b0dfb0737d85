import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { devices, playlistItems } from '../../db/schema';
import { createInProcessEventBus } from '../../realtime/event-bus';
import { eventually } from '../../test/eventually';
import {
  makeCampaign,
  makeMedia,
  makePairedDevice,
  makePlaylist,
  userWithSession,
  workspaceOf,
} from '../../test/factories';
import { useTestApp } from '../../test/test-app';
import { presentDevice } from '../devices/device-presenter';
import type { ManifestBody } from './manifest-body';
import { createManifestService, type CachedManifest, type ChangedManifests } from './manifest-service';
import { createMediaUrlSigner } from './signed-media';

const until = (condition: () => boolean) => eventually(condition, 'condition', 3000);
/** The manifest a cached entry sends (only its serialised body is kept). */
const body = (entry: CachedManifest | null | undefined) => (entry ? (JSON.parse(entry.body) as ManifestBody) : null);

/** docs/benchmarks.md#targets: an edit costs what it changes, and a fleet asking at once shares the work. */
describe('manifest service', () => {
  const t = useTestApp();

  async function fleet(now?: () => Date) {
    const owner = await userWithSession(t.database);
    const image = await makeMedia(t, { owner });
    const lobby = await makePlaylist(t, { owner, name: 'Recepção', items: [image.id] });
    const shop = await makePlaylist(t, { owner, name: 'Vitrine', items: [image.id] });
    const rows = [
      (await makePairedDevice(t, { owner, name: 'TV 1', playlists: [lobby.id] })).device,
      (await makePairedDevice(t, { owner, name: 'TV 2', playlists: [shop.id] })).device,
    ];
    const bus = createInProcessEventBus();
    const manifests = createManifestService(t.database.db, bus, createMediaUrlSigner('s'.repeat(32)), now);
    const changes: ChangedManifests[] = [];
    manifests.onChanged((changed) => changes.push(changed));
    manifests.start((error) => {
      throw error;
    });
    return { owner, user: owner.user, lobby, shop, tvs: rows, bus, manifests, changes };
  }

  it('tells only the devices showing an edited playlist, with the version their next fetch gets', async () => {
    const { user, lobby, tvs, bus, manifests, changes } = await fleet();
    const [one, two] = await Promise.all(tvs.map((tv) => manifests.get(tv.id)));
    await t.database.db.update(playlistItems).set({ duration: 12 }).where(eq(playlistItems.playlistId, lobby.id));
    bus.publish({
      type: 'playlist.changed',
      playlistId: lobby.id,
      workspaceId: await workspaceOf(t.database, user.id),
    });
    await until(() => changes.length === 1);

    expect(changes[0]).toEqual([{ deviceId: tvs[0]!.id, version: expect.any(String) }]);
    const fresh = await manifests.get(tvs[0]!.id);
    expect(body(fresh)?.version).toBe(changes[0]![0]!.version);
    expect(body(fresh)?.version).not.toBe(body(one)?.version);
    expect(body(fresh)?.windows[0]?.items[0]?.duration).toBe(12);
    // The other device's manifest was neither rebuilt nor re-announced.
    expect(await manifests.get(tvs[1]!.id)).toBe(two);
  });

  it('builds a body once for a fleet asking at the same moment, and signs URLs for each pairing', async () => {
    const { tvs, manifests } = await fleet();
    const asks = await Promise.all(Array.from({ length: 50 }, () => manifests.get(tvs[0]!.id)));
    expect(new Set(asks).size).toBe(1);
    const other = await manifests.get(tvs[1]!.id);
    expect(body(asks[0])!.windows[0]!.items[0]!.url).toContain(`device=${tvs[0]!.id}`);
    expect(body(other)!.windows[0]!.items[0]!.url).toContain(`device=${tvs[1]!.id}`);
  });

  it('re-announces a device whose assignment changed, and forgets a removed one', async () => {
    const { user, shop, tvs, bus, manifests, changes } = await fleet();
    await manifests.version(tvs[0]!.id);
    const [moved] = await t.database.db
      .update(devices)
      .set({ assignedPlaylistId1: shop.id })
      .where(eq(devices.id, tvs[0]!.id))
      .returning();
    bus.publish({
      type: 'device.changed',
      deviceId: tvs[0]!.id,
      workspaceId: await workspaceOf(t.database, user.id),
      device: presentDevice({ ...moved!, paired: moved!.tokenHash !== null }),
    });
    await until(() => changes.length === 1);
    expect(body(await manifests.get(tvs[0]!.id))?.windows[0]?.playlistId).toBe(shop.id);

    await t.database.db.delete(devices).where(eq(devices.id, tvs[0]!.id));
    bus.publish({ type: 'device.deleted', deviceId: tvs[0]!.id, workspaceId: await workspaceOf(t.database, user.id) });
    await expect.poll(() => manifests.get(tvs[0]!.id)).toBeNull();
  });

  it('after a bus gap, reads everything kept again and tells only the devices whose manifest moved meanwhile (issue 28)', async () => {
    const { shop, tvs, manifests, changes } = await fleet();
    const [one, two] = await Promise.all(tvs.map((tv) => manifests.get(tv.id)));
    // Changed while this process heard nothing: a device moved to another playlist, that playlist
    // edited. No event reaches the service.
    await t.database.db.update(devices).set({ assignedPlaylistId1: shop.id }).where(eq(devices.id, tvs[0]!.id));
    await t.database.db.update(playlistItems).set({ duration: 21 }).where(eq(playlistItems.playlistId, shop.id));
    expect(await manifests.get(tvs[0]!.id)).toBe(one);

    await manifests.resync();
    expect(changes).toHaveLength(1);
    expect(changes[0]!.map((c) => c.deviceId).sort()).toEqual(tvs.map((tv) => tv.id).sort());
    const [moved, edited] = await Promise.all(tvs.map((tv) => manifests.get(tv.id)));
    expect(body(moved)?.windows[0]).toMatchObject({ playlistId: shop.id, items: [{ duration: 21 }] });
    expect(body(edited)?.windows[0]?.items[0]?.duration).toBe(21);
    expect(changes[0]!.find((c) => c.deviceId === tvs[1]!.id)?.version).toBe(body(edited)?.version);
    expect(body(edited)?.version).not.toBe(body(two)?.version);

    // Nothing moved since: a second resync tells nobody.
    await manifests.resync();
    expect(changes).toHaveLength(1);
  });

  it('brings a campaign in when its start comes within the 7-day horizon (the hourly check), and moves nothing otherwise', async () => {
    const started = Date.now();
    let clock = started;
    const { owner, tvs, manifests, changes } = await fleet(() => new Date(clock));
    const later = await makeCampaign(t, {
      owner,
      status: 'published',
      allDevices: true,
      startDate: new Date(started + 7 * 86_400_000 + 30 * 60_000).toISOString(),
    });
    expect(body(await manifests.get(tvs[0]!.id))?.campaigns).toEqual([]);
    await manifests.get(tvs[1]!.id);

    await manifests.checkHorizon();
    expect(changes).toEqual([]);
    clock += 60 * 60_000;
    await manifests.checkHorizon();
    expect(changes).toHaveLength(1);
    expect(changes[0]!.map((c) => c.deviceId).sort()).toEqual(tvs.map((tv) => tv.id).sort());
    expect(body(await manifests.get(tvs[0]!.id))?.campaigns.map((c) => c.id)).toEqual([later.id]);
  });

  it("reads which campaigns are still live on the service's clock, not the machine's", async () => {
    // A month ago on the service's clock: a campaign that ended a week ago (real time) was on air then.
    const clock = Date.now() - 30 * 86_400_000;
    const { owner, tvs, manifests } = await fleet(() => new Date(clock));
    const then = await makeCampaign(t, {
      owner,
      status: 'published',
      allDevices: true,
      startDate: new Date(clock - 86_400_000).toISOString(),
      endDate: new Date(clock + 86_400_000).toISOString(),
    });
    expect(body(await manifests.get(tvs[0]!.id))?.campaigns.map((c) => c.id)).toEqual([then.id]);
  });
});
