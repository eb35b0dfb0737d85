import { eq, getTableColumns, getTableName, inArray, is } from 'drizzle-orm';
import { PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../db/schema';
import { getTestDatabase } from '../test/test-database';
import { testConfig, useTestApp, type TestContext } from '../test/test-app';
import {
  buildWorld,
  ID_KEYS,
  isAllowedPublic,
  loadOperations,
  registeredApiRoutes,
  resourceOf,
  sample,
  urlFor,
  type Operation,
  type World,
} from './api-surface';

const MARKER_A = 'segredo-de-a';

/**
 * Everything user A owns, read straight from the tables: rows with A's `user_id`, A's user row, and
 * the items of A's playlists. A table that fits none of these fails the suite until it is added.
 */
async function snapshotOf(t: TestContext, a: World): Promise<Record<string, unknown[]>> {
  const { db } = t.database;
  const snapshot: Record<string, unknown[]> = {};
  const playlistIds = (await db.select({ id: schema.playlists.id }).from(schema.playlists).where(eq(schema.playlists.userId, a.userId))).map((r) => r.id);
  const tables = (Object.values(schema) as unknown[]).filter((v) => is(v, PgTable)) as PgTable[];
  for (const table of tables) {
    const columns = getTableColumns(table) as Record<string, PgColumn>;
    const name = getTableName(table);
    const where =
      table === schema.users
        ? eq(schema.users.id, a.userId)
        : columns.userId
          ? eq(columns.userId, a.userId)
          : table === schema.playlistItems
            ? inArray(schema.playlistItems.playlistId, playlistIds)
            : undefined;
    if (!where) throw new Error(`table ${name}: the isolation snapshot does not know which rows are A's`);
    snapshot[name] = await db.select().from(table).where(where).orderBy(Object.values(columns)[0]!);
  }
  return snapshot;
}

/**
 * DESIGN §3 as a matrix over every operation the app documents (read from the OpenAPI document it
 * builds from its registered routes): with ids of user A's resources, another regular user B gets
 * 404 (403 on admin-only routes), an anonymous client 401, a TV's bearer token 401, B never reads
 * A's data, and A's rows are the same afterwards.
 */
describe('isolation matrix over every API operation', () => {
  // The first file a worker runs creates the worker's database: slow on a busy machine.
  beforeAll(async () => {
    await getTestDatabase();
  }, 180_000);
  // A's TV sends no heartbeats here: the offline sweep must not flip it while the snapshot is compared.
  const t = useTestApp({ tv: { ...testConfig().tv, offlineAfterMs: 60 * 60_000 } });

  const call = (op: Operation, url: string, headers: Record<string, string>, body?: unknown) =>
    t.app.inject({ method: op.method as 'GET', url, headers, ...(body === undefined ? {} : { payload: body as object }) });

  it('documents every registered /api route, and only allow-listed routes are public', async () => {
    const operations = await loadOperations(t.app);
    const documented = new Set(operations.map((op) => op.key));
    expect(registeredApiRoutes(t.app).filter((route) => !documented.has(route))).toEqual([]);
    expect(operations.length).toBeGreaterThan(40);
    expect(operations.filter((op) => op.auth === 'public' && !isAllowedPublic(op)).map((op) => op.key)).toEqual([]);
    expect(operations.filter((op) => op.auth !== 'public' && isAllowedPublic(op)).map((op) => op.key)).toEqual([]);
  });

  it("another user, an anonymous client and a TV token cannot read or change A's resources", async () => {
    const operations = await loadOperations(t.app);
    const a = await buildWorld(t, 'user', MARKER_A);
    const b = await buildWorld(t, 'user', 'usuario-b');
    const before = await snapshotOf(t, a);
    const failures: string[] = [];
    let checked = 0;

    for (const op of operations.filter((o) => o.auth !== 'public')) {
      const url = op.pathParams.length ? urlFor(op, a.ids[resourceOf(op)]) : op.path;
      // B's body is valid for B (B's own ids), so only the ownership of the path id can refuse it.
      const body = op.body ? sample(op.body, b) : undefined;
      const asB = await call(op, url, { cookie: b.cookie }, body);
      // On B's own collections (lists, creation) B may succeed; any other answer must still be a 4xx.
      const okForB = op.auth === 'admin' ? asB.statusCode === 403 : op.pathParams.length ? asB.statusCode === 404 : asB.statusCode < 500;
      const asAnonymous = await call(op, url, {}, body);
      const asTv = await call(op, url, { authorization: `Bearer ${a.tvToken}` }, body);
      checked += 3;
      if (!okForB) failures.push(`${op.key} as B: ${asB.statusCode} ${asB.body.slice(0, 120)}`);
      if (asB.body.includes(MARKER_A)) failures.push(`${op.key} as B: the answer shows A's data`);
      if (asAnonymous.statusCode !== 401) failures.push(`${op.key} anonymous: ${asAnonymous.statusCode}`);
      if (asTv.statusCode !== 401) failures.push(`${op.key} with a TV token: ${asTv.statusCode}`);
    }

    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(100);
    expect(await snapshotOf(t, a)).toEqual(before);
  }, 60_000);

  it("B cannot point a body id at A's resources (media in a playlist, a playlist in a campaign or on a TV, a group, a device)", async () => {
    const operations = await loadOperations(t.app);
    const a = await buildWorld(t, 'user', MARKER_A);
    const b = await buildWorld(t, 'user', 'usuario-b');
    const before = await snapshotOf(t, a);
    const failures: string[] = [];
    let checked = 0;
    // B's world with A's ids: a body that names A's media, playlist, group or device.
    const crossed: World = { ...b, ids: { ...b.ids, media: a.ids.media, playlists: a.ids.playlists, 'device-groups': a.ids['device-groups'], devices: a.ids.devices } };
    for (const op of operations.filter((o) => o.auth === 'user' && o.body)) {
      const body = sample(op.body!, crossed, '', true);
      if (!ID_KEYS.some((key) => JSON.stringify(body).includes(`"${key}"`))) continue; // names no resource
      const url = op.pathParams.length ? urlFor(op, b.ids[resourceOf(op)]) : op.path;
      const res = await call(op, url, { cookie: b.cookie }, body);
      checked += 1;
      if (![400, 404].includes(res.statusCode)) failures.push(`${op.key} with A's ids in the body: ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThanOrEqual(6);
    expect(await snapshotOf(t, a)).toEqual(before);
  }, 60_000);
});
