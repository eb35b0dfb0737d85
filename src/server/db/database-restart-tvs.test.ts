import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../test/eventually';
import { startFaultProxy, startHoldProxy, type FaultProxy, type HoldProxy } from '../test/fault-proxy';
import { pairTvs, signIn, storedPlays } from '../test/plays-fleet';
import { createProcessDatabase, startServerProcess, type ServerProcess } from '../test/server-process';
import { SimulatedTv, startOnline } from '../test/simulated-tv';

const { DATABASE_URL } = process.env;
const TVS = 20;
/** How long PostgreSQL stays away: a restart's few seconds; FAULT_OUTAGE_SECONDS changes it. */
const OUTAGE_MS = Number(process.env.FAULT_OUTAGE_SECONDS ?? 5) * 1000;
const BACK_WITHIN_MS = 60_000;
const ADMIN = { email: 'admin@reinicio.teste', password: 'senha-do-reinicio' };
const UNAVAILABLE = {
  message: 'Serviço temporariamente indisponível. Tente novamente em instantes.',
  code: 'SERVICE_UNAVAILABLE',
};

/**
 * PostgreSQL restarted under a fleet that keeps playing (issue 28, docs/scaling.md "When PostgreSQL
 * or Redis goes away"): the real server process reaches its database through a hold proxy and a
 * fault proxy, so the shared PostgreSQL is never stopped. The TVs (`SimulatedTv`: the player's
 * play-log rule, a record kept until a 200 stores it, sent again otherwise) report plays while
 * PostgreSQL goes away at the worst moment (a batch committed, its answer lost), stays away a few
 * seconds (every connection refused), comes back, then blips (live connections killed). None is
 * unpaired and every record is stored once. Redis is used when REDIS_URL is set (directly).
 */
describe.skipIf(!DATABASE_URL)('PostgreSQL restarted under a fleet of TVs', () => {
  let proxy: FaultProxy;
  let answers: HoldProxy;
  let directUrl = '';
  let server: ServerProcess;
  let cookie = '';
  const tvs: SimulatedTv[] = [];
  const deviceIds: number[] = [];
  const alive = () => server.child.exitCode === null && server.child.signalCode === null;
  /** What would have unpaired a player: a 4001 close, a `disconnect`, a 401. */
  const unpairings = () =>
    tvs.reduce((n, tv) => n + tv.closeCodes.filter((c) => c === 4001).length + tv.disconnects + tv.unauthorized, 0);
  const allStored = () => tvs.every((tv) => tv.pending.length === 0);
  const stored = () =>
    storedPlays(
      directUrl,
      deviceIds,
      tvs.flatMap((tv) => tv.made),
    );

  /** Which of these client ids have a row (read directly, not through the proxies). */
  const storedOf = async (clientIds: string[]) => {
    const client = new pg.Client({ connectionString: directUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ client_id: string }>(
        'select client_id from plays where device_id = any($1::int[]) and client_id = any($2::text[])',
        [deviceIds, clientIds],
      );
      return rows.map((r) => r.client_id);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    directUrl = await createProcessDatabase(DATABASE_URL!, 'restart_tvs');
    proxy = await startFaultProxy(directUrl);
    answers = await startHoldProxy(proxy.url);
    server = await startServerProcess({
      DATABASE_URL: answers.url,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SESSION_SECRET: 'r'.repeat(48),
      PAIRING_RATE_LIMIT: '1000',
    });
    cookie = await signIn(server.url, ADMIN);
    for (const paired of await pairTvs(server.url, cookie, TVS)) {
      deviceIds.push(paired.deviceId);
      tvs.push(new SimulatedTv(server.url, paired.token, 1));
    }
    await startOnline(tvs);
  }, 120_000);

  afterAll(async () => {
    tvs.forEach((tv) => tv.stop());
    await server?.stop();
    await answers?.close();
    await proxy?.close();
  });

  it(
    "keeps every TV paired and stores every play once through an outage that loses a commit's answer and a blip, answering 503 JSON in pt-BR meanwhile",
    async () => {
      // Plays flowing: every TV has had a batch stored (a play a second, sent every 2 s).
      await eventually(
        () => tvs.every((tv) => tv.made.length > tv.pending.length),
        'plays stored before the fault',
        30_000,
      );

      // Away, at the worst moment: PostgreSQL has committed a batch whose answer never
      // reaches the server (held, then the connection killed). The TV gets no 200, keeps the
      // records and sends them again after: they must not be stored twice. Then live connections
      // are killed and new ones refused until restored.
      answers.hold();
      let unanswered: string[] = [];
      const pendingIds = () => new Set(tvs.flatMap((tv) => tv.pending.map((p) => p.clientId)));
      try {
        // Stored, and still held by its TV once the read is back: its answer did not get through.
        await eventually(
          async () =>
            (unanswered = (await storedOf([...pendingIds()])).filter((id) => pendingIds().has(id))).length > 0,
          'a batch committed, its answer held',
          30_000,
        );
      } finally {
        proxy.cut();
      }
      const cutAt = Date.now();
      try {
        const checkUnavailable = async (res: Response, what: string) => {
          expect(res.status, what).toBe(503);
          expect(res.headers.get('retry-after'), what).toMatch(/^\d+$/);
          expect(await res.json(), what).toEqual(UNAVAILABLE);
        };
        await checkUnavailable(await fetch(`${server.url}/api/devices`, { headers: { cookie } }), 'admin list');
        const refusedId = randomUUID();
        const plays = await fetch(`${server.url}/api/tv/plays`, {
          method: 'POST',
          headers: { authorization: `Bearer ${tvs[0]!.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            plays: [
              {
                clientId: refusedId,
                mediaId: 1,
                playlistId: null,
                campaignId: null,
                window: 0,
                startedAt: new Date().toISOString(),
                durationMs: 1000,
                completed: true,
              },
            ],
          }),
        });
        await checkUnavailable(plays, 'TV plays');
        const tvHeaders = { authorization: `Bearer ${tvs[1]!.token}` };
        await checkUnavailable(
          await fetch(`${server.url}/api/tv/heartbeat`, { method: 'POST', headers: tvHeaders }),
          'TV heartbeat',
        );
        // Its content may come from the manifest kept in memory (the TV plays on); never a 401.
        const content = await fetch(`${server.url}/api/tv/content`, { headers: tvHeaders });
        if (content.status === 200) await content.arrayBuffer();
        else await checkUnavailable(content, 'TV content');
        expect((await fetch(`${server.url}/api/health`)).status).toBe(503);

        // Every TV holds plays made during the outage, unsent (tried: the proxy refused connections).
        await eventually(
          () => tvs.every((tv) => tv.pending.some((p) => Date.parse(p.startedAt) + 1000 >= cutAt)),
          'plays held by every TV during the outage',
          30_000,
        );
        await eventually(() => proxy.refused > 0, 'connections refused', 30_000);
        // The outage lasts its length: a held state, not a wait for something to happen.
        await eventually(() => Date.now() - cutAt >= OUTAGE_MS, 'the outage over', OUTAGE_MS + 1000);
        expect(tvs.every((tv) => tv.pending.length > 0)).toBe(true);
        // The TVs never got a 200 for the batches committed unanswered: they still hold them.
        expect(unanswered.filter((id) => !pendingIds().has(id))).toEqual([]);
        expect(unpairings()).toBe(0);
        expect(alive(), server.output()).toBe(true);

        // Nothing held is left to pass on: every connection that held an answer is gone.
        answers.release();
        proxy.restore();
        const back = Date.now();
        await eventually(
          async () => (await fetch(`${server.url}/api/health`)).status === 200,
          'health back',
          BACK_WITHIN_MS,
        );
        await eventually(() => tvs.every((tv) => tv.ackedSince(back)), 'every TV online again', BACK_WITHIN_MS);

        // Then a blip, as a quick restart or a failover looks: every live connection killed (queries in
        // flight included), new ones accepted at once. Batches that fail are sent again.
        const acceptedBefore = proxy.accepted;
        proxy.cut();
        const blipAt = Date.now();
        proxy.restore();
        await eventually(() => proxy.accepted > acceptedBefore, 'the pool connects again', 30_000);
        // Every record made before the blip stored since (in flight then or not).
        await eventually(
          () => tvs.every((tv) => tv.pending.every((p) => Date.parse(p.startedAt) + 1000 >= blipAt)),
          'plays made before the blip stored',
          30_000,
        );
        tvs.forEach((tv) => tv.stopProducing());
        await eventually(allStored, 'every play acknowledged', BACK_WITHIN_MS);

        // Each record stored once, none missing, none added twice to the roll-ups; the refused one never.
        const after = await stored();
        expect(after.made).toBeGreaterThan(TVS * (OUTAGE_MS / 1000));
        expect(after).toEqual({
          made: after.made,
          stored: after.made,
          twice: 0,
          rows: after.made,
          rolledUp: after.made,
        });
        expect((await storedPlays(directUrl, deviceIds, [refusedId])).stored).toBe(0);
        // Those committed unanswered were sent again (the TVs hold nothing): still one row each.
        expect(await storedOf(unanswered)).toHaveLength(unanswered.length);

        // Still paired: each token still opens its content, nothing ever unpaired a TV, same process.
        for (const tv of tvs) {
          const res = await fetch(`${server.url}/api/tv/content`, { headers: { authorization: `Bearer ${tv.token}` } });
          expect(res.status).toBe(200);
        }
        expect(unpairings()).toBe(0);
        expect(alive(), server.output()).toBe(true);
      } finally {
        proxy.restore();
      }
    },
    OUTAGE_MS + 4 * BACK_WITHIN_MS,
  );
});
