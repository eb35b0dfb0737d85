import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEVICE_REVOKED_CLOSE_CODE, deviceServerMessageSchema } from '../../../contract/realtime';
import type { Manifest } from '../../../contract/tv';
import { devices } from '../../db/schema';
import { makeMedia, makePairedDevice, makePlaylist, signedInUser } from '../../test/factories';
import { useTestApp, type TestContext } from '../../test/test-app';
import { MAX_BUFFERED_BYTES } from './manifest-push';
import { eventually as poll } from '../../test/eventually';
import { openTvSocket } from '../../test/tv-socket';

/** A deadline generous enough for a loaded machine. */
const eventually = (condition: () => boolean | Promise<boolean>, what?: string) => poll(condition, what, 15_000);

const TV = {
  flushIntervalMs: 1000,
  offlineAfterMs: 45_000,
  pairing: { perAddressPerMinute: 1000, globalPerMinute: 1000, failureDelayMs: 0 },
};

/** A signed-in owner with one image, and helpers to make playlists, edit them and open screens. */
async function ownerIn(t: TestContext) {
  const user = await signedInUser(t.app, t.database);
  const { cookie } = user;
  const image = await makeMedia(t, { owner: user });
  const headers = { cookie };
  const playlist = (name: string, duration = 8, count = 1) =>
    makePlaylist(t, {
      owner: user,
      name,
      items: Array.from({ length: count }, () => ({ mediaId: image.id, duration })),
    });
  const edit = (id: number, name: string, duration: number, count = 1) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/playlists/${id}`,
      headers,
      payload: { name, items: Array.from({ length: count }, () => ({ mediaId: image.id, duration })) },
    });
  /** A device showing `playlistId`, paired, its socket open and known to the server. */
  async function screen(playlistId: number) {
    const { device, token } = await makePairedDevice(t, { owner: user, playlists: [playlistId] });
    // Its first fetch, as the player does, then its socket.
    const tv = await openTvSocket<Manifest>(t.app, token);
    return { device, token, ...tv };
  }
  return { user, headers, playlist, edit, screen };
}

/** Issue 12: the new manifest travels with the push, so an edit costs the fleet no request. */
describe('manifest pushed on the device socket', () => {
  const t = useTestApp({ tv: TV });
  const owner = () => ownerIn(t);

  it('sends the TVs showing an edited playlist the manifest GET answers, as the one notice of the edit; no one else hears of it', async () => {
    const a = await owner();
    const shown = await a.playlist('Recepção');
    const other = await a.playlist('Vitrine');
    const first = await a.screen(shown.id);
    const second = await a.screen(shown.id);
    const elsewhere = await a.screen(other.id);
    const b = await owner();
    const foreign = await b.screen((await b.playlist('Recepção')).id);

    expect((await a.edit(shown.id, 'Recepção', 12)).statusCode).toBe(200);
    for (const tv of [first, second]) {
      await eventually(() => tv.pushes().some((m) => m.type === 'manifest'), 'manifest pushed');
      await tv.roundTrip();
      // One frame: the manifest is its own `content_changed` (docs/tv-protocol.md#device-socket).
      const [pushed, ...rest] = tv.pushes();
      expect(rest).toEqual([]);
      expect(deviceServerMessageSchema.parse(pushed).type).toBe('manifest');
      expect(pushed!.manifest!.windows[0]!.items[0]!.duration).toBe(12);

      // What GET /api/tv/content answers but for the instant each was sent, and its ETag makes
      // the next ask a 304.
      const fetched = await tv.content();
      expect(fetched.statusCode).toBe(200);
      const { serverTime: fetchedAt, ...fetchedRest } = fetched.json() as { serverTime: string };
      const { serverTime: pushedAt, ...pushedRest } = pushed!.manifest as unknown as { serverTime: string };
      expect(fetchedRest).toEqual(pushedRest);
      expect(Date.parse(fetchedAt)).toBeGreaterThanOrEqual(Date.parse(pushedAt));
      expect(fetched.headers.etag).toBe(`"${pushed!.manifest!.version}"`);
      expect((await tv.content(`"${pushed!.manifest!.version}"`)).statusCode).toBe(304);
    }
    // Signed per device: the two TVs' manifests differ only where their URLs are bound to them.
    const urlOf = (tv: typeof first) => tv.pushes()[0]!.manifest!.windows[0]!.items[0]!.url;
    expect(urlOf(first)).toContain(`device=${first.device.id}&`);
    expect(urlOf(second)).toContain(`device=${second.device.id}&`);

    for (const tv of [elsewhere, foreign]) {
      await tv.roundTrip();
      expect(tv.pushes()).toEqual([]);
    }
    for (const tv of [first, second, elsewhere, foreign]) tv.socket.terminate();
  });

  it('sends nothing to a revoked TV, and no manifest to a socket whose token is no longer the device’s', async () => {
    const a = await owner();
    const shown = await a.playlist('Recepção');
    const kept = await a.screen(shown.id);
    const revoked = await a.screen(shown.id);
    const closed = new Promise<number>((resolve) => revoked.socket.on('close', (code) => resolve(code)));
    await t.app.inject({ method: 'POST', url: `/api/devices/${revoked.device.id}/disconnect`, headers: a.headers });
    expect(await closed).toBe(DEVICE_REVOKED_CLOSE_CODE);

    await a.edit(shown.id, 'Recepção', 13);
    await eventually(() => kept.pushes().some((m) => m.type === 'manifest'), 'manifest pushed');
    expect(revoked.pushes()).toEqual([{ type: 'disconnect' }]);

    // The device was paired anew (its revocation event still on its way): the old socket hears
    // nothing, above all no URLs signed for the new pairing.
    const stale = await a.screen(shown.id);
    await t.database.db
      .update(devices)
      .set({ tokenHash: 'c'.repeat(64) })
      .where(eq(devices.id, stale.device.id));
    const next = await a.playlist('Vitrine');
    await t.app.inject({
      method: 'PATCH',
      url: `/api/devices/${stale.device.id}`,
      headers: a.headers,
      payload: { assignedPlaylistId1: next.id },
    });
    // A later push to another TV comes after the stale one's turn (events and pushes in order).
    const witness = await a.screen(shown.id);
    await a.edit(shown.id, 'Recepção', 14);
    await eventually(() => witness.pushes().some((m) => m.type === 'manifest'), 'witness manifest');
    await stale.roundTrip();
    expect(stale.pushes()).toEqual([]);
    for (const tv of [kept, stale, witness]) tv.socket.terminate();
  });

  it(
    'skips the manifest of a TV that stops reading once its socket is backed up, and resumes when it reads',
    { timeout: 90_000 },
    async () => {
      const a = await owner();
      // 150 items: a manifest of ~37 KB, so a few unread ones fill the allowance.
      const ITEMS = 150;
      const shown = await a.playlist('Grande', 8, ITEMS);
      const slow = await a.screen(shown.id);
      // A TV that reads, showing the same playlist: each edit's manifests go out to both in one
      // slice, written without an await between them (manifest-push.ts).
      const witness = await a.screen(shown.id);
      const witnessUpToDate = async () => {
        const etag = (await witness.content()).headers.etag;
        return witness.pushes().some((m) => m.type === 'manifest' && `"${m.manifest!.version}"` === etag);
      };
      slow.socket.pause();
      const EDITS = 20;
      let latest = (await slow.content()).headers.etag;
      for (let e = 1; e <= EDITS; e++) {
        const before = latest;
        await a.edit(shown.id, 'Grande', 8 + e, ITEMS);
        await eventually(async () => (latest = (await slow.content()).headers.etag) !== before, 'new version');
        // The witness has this edit's manifest: the slow TV's push of it went out (or was skipped)
        // before the next edit, which would otherwise merge into one push.
        await eventually(witnessUpToDate, `the witness's manifest of edit ${e}`);
      }
      slow.socket.resume();
      await eventually(
        () => slow.pushes().some((m) => m.type === 'content_changed' && `"${m.version}"` === latest),
        'the last content_changed',
      );
      await slow.roundTrip();
      const manifests = slow.pushes().filter((m) => m.type === 'manifest');
      const size = JSON.stringify(manifests[0]).length;
      expect(size).toBeGreaterThan(30_000);
      // What was queued for this TV stayed near the allowance (plus what the pipe between the two
      // ends holds), far below 20 manifests: the rest were skipped.
      expect(manifests.length * size).toBeLessThan(MAX_BUFFERED_BYTES + 3 * size + 192 * 1024);
      expect(manifests.length).toBeLessThan(EDITS);

      // Reading again: the next edit's manifest comes by push.
      const held = manifests.at(-1)!.manifest!.version;
      await a.edit(shown.id, 'Grande', 99, ITEMS);
      await eventually(() => {
        const newest = slow.pushes().at(-1);
        return newest?.type === 'manifest' && newest.manifest!.version !== held;
      }, 'manifest after resume');
      const last = slow.pushes().at(-1)!;
      expect(last.type).toBe('manifest');
      expect((await slow.content(`"${last.manifest!.version}"`)).statusCode).toBe(304);
      slow.socket.terminate();
      witness.socket.terminate();
    },
  );
});

describe('manifest push when the sockets are backed up over the allowance', () => {
  // One byte: once a manifest is written and not yet flushed, the next TV cannot take its own.
  const t = useTestApp({ tv: { ...TV, pushInFlightBytes: 1 } });

  it('tells the TVs it cannot send to at once content_changed, then sends each its manifest once the bytes flush', async () => {
    const a = await ownerIn(t);
    const shown = await a.playlist('Recepção');
    const tvs = [await a.screen(shown.id), await a.screen(shown.id), await a.screen(shown.id)];

    expect((await a.edit(shown.id, 'Recepção', 15)).statusCode).toBe(200);
    for (const tv of tvs) await eventually(() => tv.pushes().some((m) => m.type === 'manifest'), 'manifest pushed');
    for (const tv of tvs) await tv.roundTrip();
    // One TV's manifest was its notice; the others were told first and waited for the flush.
    const received = tvs.map((tv) => tv.pushes());
    const direct = received.filter((pushes) => pushes.length === 1);
    const announced = received.filter((pushes) => pushes.length > 1);
    expect(direct).toHaveLength(1);
    expect(direct[0]!.map((m) => m.type)).toEqual(['manifest']);
    for (const pushes of announced) {
      expect(pushes.map((m) => deviceServerMessageSchema.parse(m).type)).toEqual(['content_changed', 'manifest']);
      expect(pushes[0]).toEqual({
        type: 'content_changed',
        version: pushes[1]!.manifest!.version,
        manifestFollows: true,
      });
      expect(pushes[1]!.manifest!.windows[0]!.items[0]!.duration).toBe(15);
    }
    for (const tv of tvs) tv.socket.terminate();
  });
});
