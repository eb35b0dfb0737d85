import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { messages } from '../../../contract/messages';
import { PLAY_MESSAGES, PLAYS_BATCH_MAX, type PlayRecord } from '../../../contract/plays';
import { buildApp } from '../../app';
import { adCampaignCounts, adPlayDays, adPlays, devices, playDays, plays, workspaces } from '../../db/schema';
import { eventually } from '../../test/eventually';
import { makeAdScene, makePairedDevice, makeWorkspace, userWithSession } from '../../test/factories';
import { testConfig, useTestApp } from '../../test/test-app';
import { ingestPlays, pruneOldPlays } from './play-service';

const DAY = 24 * 60 * 60 * 1000;

const record = (fields: Partial<PlayRecord> = {}): PlayRecord => ({
  clientId: randomUUID(),
  mediaId: 7,
  playlistId: 3,
  campaignId: null,
  window: 0,
  startedAt: new Date(Date.now() - 60_000).toISOString(),
  durationMs: 10_000,
  completed: true,
  ...fields,
});

describe('POST /api/tv/plays (proof of play)', () => {
  const t = useTestApp();
  const post = (headers: Record<string, string>, body: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/tv/plays', headers, payload: body as object });
  const rollUps = () =>
    t.database.db
      .select()
      .from(playDays)
      .orderBy(
        asc(playDays.workspaceId),
        asc(playDays.day),
        asc(playDays.mediaId),
        asc(playDays.playlistId),
        asc(playDays.campaignId),
        asc(playDays.zone),
      );

  const workspaceOfDevice = async (id: number) =>
    (await t.database.db.select({ w: devices.workspaceId }).from(devices).where(eq(devices.id, id)))[0]!.w;

  it('refuses bad batches with 400 and a pt-BR message, storing nothing', async () => {
    const { headers } = await makePairedDevice(t);
    const cases: Array<[unknown, string]> = [
      [{ plays: [] }, 'Envie ao menos uma exibição'],
      [{ plays: [record(), record({ clientId: 'curto' })] }, 'Identificador de exibição inválido'],
      [{ plays: [record({ startedAt: 'ontem' })] }, 'Data de início inválida'],
      [{ plays: [record(), record({ zone: 'Rodapé' })] }, messages.layouts.zoneKeyInvalid],
      [{ plays: [record({ zone: '-topo' })] }, messages.layouts.zoneKeyInvalid],
      [
        { plays: [record(), record({ startedAt: new Date(Date.now() + 2 * DAY).toISOString() })] },
        PLAY_MESSAGES.startsInFuture,
      ],
    ];
    for (const [body, message] of cases) {
      const res = await post(headers, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message });
    }
    // Zones are numbered 0 to 7 (a layout has at most 8).
    for (const window of [8, -1, 0.5]) {
      const res = await post(headers, { plays: [record({ window })] });
      expect(res.statusCode, String(window)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
    const tooMany = await post(headers, { plays: Array.from({ length: PLAYS_BATCH_MAX + 1 }, () => record()) });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().code).toBe('VALIDATION_ERROR');
    expect(await t.database.db.select().from(plays)).toEqual([]);
    expect(await rollUps()).toEqual([]);
  });

  it('answers 401 without a token, with a made-up one and with a revoked one', async () => {
    const owner = await userWithSession(t.database);
    const { device, headers } = await makePairedDevice(t, { owner });
    const body = { plays: [record()] };
    expect((await post({}, body)).statusCode).toBe(401);
    expect((await post({ authorization: 'Bearer inventado' }, body)).statusCode).toBe(401);
    expect((await post(headers, body)).statusCode).toBe(200);
    const disconnect = await t.app.inject({
      method: 'POST',
      url: `/api/devices/${device.id}/disconnect`,
      headers: { cookie: owner.cookie },
    });
    expect(disconnect.statusCode).toBe(200);
    const revoked = await post(headers, { plays: [record()] });
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().message).toBe('Dispositivo não autenticado. Pareie a TV novamente.');
    expect(await t.database.db.select().from(plays)).toHaveLength(1);
  });

  it('stores a batch once: sent again, everything is a duplicate and the roll-ups are unchanged', async () => {
    const { device, headers } = await makePairedDevice(t);
    const started = new Date(Date.now() - 3_600_000).toISOString();
    const batch = {
      plays: [
        record({ mediaId: 1, startedAt: started, durationMs: 8000 }),
        record({ mediaId: 1, startedAt: started, durationMs: 3000, completed: false }),
        record({ mediaId: 2, startedAt: started, playlistId: null, campaignId: 9, window: 1 }),
      ],
    };
    const first = await post(headers, batch);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ accepted: 3, duplicates: 0 });
    const before = await rollUps();
    expect(
      before.map(({ mediaId, playlistId, campaignId, plays: n, durationMs, completed, deviceId }) => ({
        mediaId,
        playlistId,
        campaignId,
        n,
        durationMs,
        completed,
        deviceId,
      })),
    ).toEqual([
      { mediaId: 1, playlistId: 3, campaignId: 0, n: 2, durationMs: 11_000, completed: 1, deviceId: device.id },
      { mediaId: 2, playlistId: 0, campaignId: 9, n: 1, durationMs: 10_000, completed: 1, deviceId: device.id },
    ]);

    const again = await post(headers, batch);
    expect(again.json()).toEqual({ accepted: 0, duplicates: 3 });
    expect(await rollUps()).toEqual(before);
    const rows = await t.database.db.select().from(plays).where(eq(plays.deviceId, device.id));
    expect(rows).toHaveLength(3);
    expect(rows.find((r) => r.mediaId === 2)).toMatchObject({
      playlistId: null,
      campaignId: 9,
      window: 1,
      completed: true,
    });
  });

  it('stores each play with its zone and rolls up per zone; a player before zones gets janela-1/janela-2 by window', async () => {
    const { device, headers } = await makePairedDevice(t);
    const started = new Date(Date.now() - 3_600_000).toISOString();
    const zoned = [
      record({ mediaId: 1, window: 0, zone: 'principal', startedAt: started, durationMs: 8000 }),
      record({ mediaId: 1, window: 0, zone: 'principal', startedAt: started, durationMs: 2000, completed: false }),
      // The same media in another zone of the screen: a roll-up of its own.
      record({ mediaId: 1, window: 1, zone: 'rodape', startedAt: started, durationMs: 5000 }),
    ];
    expect((await post(headers, { plays: zoned })).json()).toEqual({ accepted: 3, duplicates: 0 });
    // An older player: no zone in its records (`record` sets none).
    const old = [0, 1, 1].map((window) => record({ mediaId: 1, window, startedAt: started, durationMs: 1000 }));
    expect(old.some((r) => 'zone' in r)).toBe(false);
    expect((await post(headers, { plays: old })).json()).toEqual({ accepted: 3, duplicates: 0 });

    const rows = await t.database.db.select().from(plays).where(eq(plays.deviceId, device.id)).orderBy(asc(plays.id));
    expect(rows.map((r) => [r.window, r.zone])).toEqual([
      [0, 'principal'],
      [0, 'principal'],
      [1, 'rodape'],
      [0, 'janela-1'],
      [1, 'janela-2'],
      [1, 'janela-2'],
    ]);
    expect(
      (await rollUps()).map(({ zone, plays: n, durationMs, completed }) => ({ zone, n, durationMs, completed })),
    ).toEqual([
      { zone: 'janela-1', n: 1, durationMs: 1000, completed: 1 },
      { zone: 'janela-2', n: 2, durationMs: 2000, completed: 2 },
      { zone: 'principal', n: 2, durationMs: 10_000, completed: 1 },
      { zone: 'rodape', n: 1, durationMs: 5000, completed: 1 },
    ]);
    // A later batch adds to its zone's roll-up.
    await post(headers, { plays: [record({ mediaId: 1, zone: 'rodape', startedAt: started, durationMs: 500 })] });
    expect((await rollUps()).find((r) => r.zone === 'rodape')).toMatchObject({ plays: 2, durationMs: 5500 });
  });

  it('a batch with some records already stored adds only the new ones (a repeated id within the batch counts once)', async () => {
    const { headers } = await makePairedDevice(t);
    const old = [record(), record()];
    expect((await post(headers, { plays: old })).json()).toEqual({ accepted: 2, duplicates: 0 });
    const fresh = record({ durationMs: 5000 });
    const res = await post(headers, { plays: [...old, fresh, fresh] });
    expect(res.json()).toEqual({ accepted: 1, duplicates: 3 });
    const [row] = await rollUps();
    expect(row).toMatchObject({ plays: 3, durationMs: 25_000, completed: 3 });
  });

  it("counts each play on its calendar day in the workspace's time zone", async () => {
    const { device, headers } = await makePairedDevice(t);
    // Ten days ago (within the retention), and the days either side of it.
    const dayOf = (offset: number) => new Date(Date.now() + (offset - 10) * DAY).toISOString().slice(0, 10);
    const [before, day, after] = [dayOf(-1), dayOf(0), dayOf(1)];
    // 01:00 UTC is 22:00 of the day before in São Paulo (UTC-3).
    const batch = [
      record({ startedAt: `${day}T01:00:00.000Z` }),
      record({ startedAt: `${day}T04:00:00.000Z` }),
      record({ startedAt: `${day}T03:00:00-03:00` }),
    ];
    expect((await post(headers, { plays: batch })).json()).toEqual({ accepted: 3, duplicates: 0 });
    expect((await rollUps()).map((r) => [r.day, r.plays])).toEqual([
      [before, 1],
      [day, 2],
    ]);
    // Another zone counts by its own midnight.
    await t.database.db
      .update(workspaces)
      .set({ timeZone: 'Asia/Tokyo' })
      .where(eq(workspaces.id, await workspaceOfDevice(device.id)));
    await post(headers, { plays: [record({ startedAt: `${day}T16:00:00.000Z` })] });
    expect((await rollUps()).map((r) => [r.day, r.plays])).toEqual([
      [before, 1],
      [day, 2],
      [after, 1],
    ]);
  });

  it("writes into the device's own workspace only, whatever ids the records name", async () => {
    const mine = await makePairedDevice(t);
    const other = await makePairedDevice(t, { workspaceId: await makeWorkspace(t.database) });
    const clientId = randomUUID();
    await post(mine.headers, { plays: [record({ clientId, mediaId: 5 })] });
    // Another workspace's TV naming this workspace's media (and the same client id) writes its own rows.
    expect((await post(other.headers, { plays: [record({ clientId, mediaId: 5 })] })).json()).toEqual({
      accepted: 1,
      duplicates: 0,
    });
    const [mineWs, otherWs] = [await workspaceOfDevice(mine.device.id), await workspaceOfDevice(other.device.id)];
    expect(mineWs).not.toBe(otherWs);
    const rows = await t.database.db.select().from(plays).orderBy(asc(plays.id));
    expect(rows.map((r) => [r.workspaceId, r.deviceId])).toEqual([
      [mineWs, mine.device.id],
      [otherWs, other.device.id],
    ]);
    const rolled = (await rollUps()).map((r) => [r.workspaceId, r.deviceId, r.plays]);
    expect(rolled).toHaveLength(2);
    expect(rolled).toContainEqual([mineWs, mine.device.id, 1]);
    expect(rolled).toContainEqual([otherWs, other.device.id, 1]);
  });

  describe('retention', () => {
    const apps: FastifyInstance[] = [];
    afterEach(async () => {
      await Promise.all(apps.splice(0).map((app) => app.close()));
    });

    it('deletes raw plays past PLAYS_RETENTION_DAYS and keeps the daily roll-ups', async () => {
      const { headers } = await makePairedDevice(t);
      // Taken today at 89 and 87 days old; pruned two days on, when two of them are 91.
      const old = new Date(Date.now() - 89 * DAY).toISOString();
      const recent = new Date(Date.now() - 87 * DAY).toISOString();
      await post(headers, {
        plays: [record({ startedAt: old }), record({ startedAt: old }), record({ startedAt: recent })],
      });
      const rolled = await rollUps();
      expect(await pruneOldPlays(t.database.db, 90, new Date(Date.now() + 2 * DAY))).toBe(2);
      expect((await t.database.db.select().from(plays)).map((p) => p.startedAt.toISOString())).toEqual([recent]);
      expect(await rollUps()).toEqual(rolled);
    });

    it('takes no record that started before the retention window (answered as a duplicate)', async () => {
      const { headers } = await makePairedDevice(t);
      const sent = await post(headers, {
        plays: [record({ startedAt: new Date(Date.now() - 91 * DAY).toISOString() }), record()],
      });
      expect(sent.json()).toEqual({ accepted: 1, duplicates: 1 });
      expect((await rollUps()).map((r) => r.plays)).toEqual([1]);
    });

    it('a play sent again once its raw row was pruned is neither stored nor counted again', async () => {
      const s = await makeAdScene(t);
      const batch = [s.play({})];
      expect((await s.send(batch)).json()).toEqual({ accepted: 1, duplicates: 0 });
      const counts = async () => ({
        days: await rollUps(),
        ads: await t.database.db.select().from(adPlays),
        adDays: await t.database.db.select().from(adPlayDays),
        running: await t.database.db.select().from(adCampaignCounts),
      });
      const before = await counts();
      expect(before.ads).toHaveLength(1);
      // 91 days on, the raw row is pruned; then the TV, back after three months off, sends it again.
      const later = new Date(Date.now() + 91 * DAY);
      expect(await pruneOldPlays(t.database.db, 90, later)).toBe(1);
      const device = { deviceId: s.tv.device.id, workspaceId: await workspaceOfDevice(s.tv.device.id), tokenHash: '' };
      expect(await ingestPlays(t.database.db, device, batch, { retentionDays: 90, now: later })).toMatchObject({
        accepted: 0,
        duplicates: 1,
      });
      expect(await counts()).toEqual(before);
      expect(await t.database.db.select().from(plays)).toEqual([]);
    });

    it('runs as a periodic maintenance job with the configured retention', async () => {
      const { headers } = await makePairedDevice(t);
      await post(headers, { plays: [record({ startedAt: new Date(Date.now() - 10 * DAY).toISOString() }), record()] });
      const config = testConfig({
        playsRetentionDays: 7,
        maintenance: { graceMs: 60 * 60 * 1000, sessionPruneIntervalMs: 50 },
      });
      apps.push(await buildApp({ config, database: t.database }));
      await eventually(async () => (await t.database.db.select().from(plays)).length === 1);
      // Both days still counted.
      expect((await rollUps()).map((r) => r.plays)).toEqual([1, 1]);
    });
  });
});
