import { eq, getTableColumns, getTableName, inArray, is } from 'drizzle-orm';
import { PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { contentMessages } from '../../contract/content-messages';
import { messages } from '../../contract/messages';
import { createApiKey } from '../features/api-keys/api-key-service';
import * as schema from '../db/schema';
import { makeWorkspace } from '../test/factories';
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
 * Everything workspace A holds, read straight from the tables: its row, the rows with its
 * `workspace_id`, its users' sessions, and the items of its playlists. A table that fits none of
 * these fails the suite until it is added.
 */
async function snapshotOf(t: TestContext, workspaceId: number): Promise<Record<string, unknown[]>> {
  const { db } = t.database;
  const snapshot: Record<string, unknown[]> = {};
  const playlistIds = (
    await db
      .select({ id: schema.playlists.id })
      .from(schema.playlists)
      .where(eq(schema.playlists.workspaceId, workspaceId))
  ).map((r) => r.id);
  const userIds = (
    await db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.workspaceId, workspaceId))
  ).map((r) => r.id);
  const mediaIds = (
    await db.select({ id: schema.media.id }).from(schema.media).where(eq(schema.media.workspaceId, workspaceId))
  ).map((r) => r.id);
  const tables = (Object.values(schema) as unknown[]).filter((v) => is(v, PgTable)) as PgTable[];
  for (const table of tables) {
    const columns = getTableColumns(table) as Record<string, PgColumn>;
    const name = getTableName(table);
    const where =
      table === schema.workspaces
        ? eq(schema.workspaces.id, workspaceId)
        : columns.workspaceId
          ? eq(columns.workspaceId, workspaceId)
          : table === schema.playlistItems
            ? inArray(schema.playlistItems.playlistId, playlistIds)
            : table === schema.sessions
              ? inArray(schema.sessions.userId, userIds)
              : table === schema.feedStates || table === schema.mediaPages || table === schema.feedImages
                ? inArray(columns.mediaId!, mediaIds)
                : undefined;
    if (!where) throw new Error(`table ${name}: the isolation snapshot does not know which rows are A's`);
    snapshot[name] = await db.select().from(table).where(where).orderBy(Object.values(columns)[0]!);
  }
  return snapshot;
}

/** The operations in an order where removals come last, the things others refer to after them. */
function removalsLast(operations: Operation[]): Operation[] {
  const rank = (op: Operation) =>
    op.method === 'DELETE'
      ? ['campaigns', 'devices', 'layouts', 'playlists', 'device-groups', 'partners', 'media', 'users'].indexOf(
          resourceOf(op),
        ) + 1
      : 0;
  return [...operations].sort((x, y) => rank(x) - rank(y));
}

/**
 * docs/security.md#roles-and-tenancy as a matrix over every operation the app documents (read from the OpenAPI document it
 * builds from its registered routes), between two workspaces, each with an admin and a user: with
 * ids of workspace A's resources, B's user and B's admin get 404 (B's user 403 on admin-only
 * routes), an anonymous client 401, a TV's bearer token 401, nobody in B reads A's data, and A's
 * rows are the same afterwards. Inside A, a teammate manages the resources another one made.
 */
/**
 * The world's TV is not connected and has sent no picture: asking it for a screenshot or a reload
 * (issue 15) answers 409 DEVICE_OFFLINE, and its latest screenshot 404 "none yet". Both answers
 * come only once the device was found in the caller's workspace (another workspace's is 404
 * "Dispositivo não encontrado"), so they count as access granted. So does a refresh refused for
 * the media's kind (below).
 */
function answersAboutTheItem(res: { statusCode: number; json: () => { code?: string; message?: string } }): boolean {
  const body = res.json();
  return (
    (res.statusCode === 409 && body.code === 'DEVICE_OFFLINE') ||
    (res.statusCode === 404 && body.message === messages.devices.screenshotNone) ||
    // The world's media is an image: refreshing it as a feed is refused for its kind, which only an
    // item the caller may see gets (another workspace's is 404: docs/content.md#feeds).
    (res.statusCode === 400 && body.message === contentMessages.notAFeed)
  );
}

describe('isolation matrix over every API operation (two workspaces)', () => {
  // The first file a worker runs creates the worker's database: slow on a busy machine.
  beforeAll(async () => {
    await getTestDatabase();
  }, 180_000);
  // A's TV sends no heartbeats here: the offline sweep must not flip it while the snapshot is compared.
  const t = useTestApp({ tv: { ...testConfig().tv, offlineAfterMs: 60 * 60_000 } });

  const call = (op: Operation, url: string, headers: Record<string, string>, body?: unknown) =>
    t.app.inject({
      method: op.method as 'GET',
      url,
      headers,
      ...(body === undefined ? {} : { payload: body as object }),
    });

  /** Workspace A (a user's world and an admin's) and workspace B (the same). */
  async function twoWorkspaces() {
    const [wa, wb] = [
      await makeWorkspace(t.database, `Empresa ${MARKER_A}`),
      await makeWorkspace(t.database, 'Empresa B'),
    ];
    return {
      a: await buildWorld(t, 'user', MARKER_A, wa),
      aAdmin: await buildWorld(t, 'admin', `${MARKER_A}-admin`, wa),
      b: await buildWorld(t, 'user', 'usuario-b', wb),
      bAdmin: await buildWorld(t, 'admin', 'admin-b', wb),
    };
  }

  it('documents every registered /api route, and only allow-listed routes are public', async () => {
    const operations = await loadOperations(t.app);
    const documented = new Set(operations.map((op) => op.key));
    expect(registeredApiRoutes(t.app).filter((route) => !documented.has(route))).toEqual([]);
    expect(operations.length).toBeGreaterThan(40);
    expect(operations.filter((op) => op.auth === 'public' && !isAllowedPublic(op)).map((op) => op.key)).toEqual([]);
    expect(operations.filter((op) => op.auth !== 'public' && isAllowedPublic(op)).map((op) => op.key)).toEqual([]);
  });

  it("another workspace's user and admin, an anonymous client and a TV token cannot read or change A's resources", async () => {
    const operations = await loadOperations(t.app);
    const { a, aAdmin, b, bAdmin } = await twoWorkspaces();
    const before = await snapshotOf(t, a.workspaceId);
    const failures: string[] = [];
    let checked = 0;

    for (const world of [a, aAdmin]) {
      for (const op of operations.filter((o) => o.auth !== 'public')) {
        const url = op.pathParams.length ? urlFor(op, world.ids[resourceOf(op)]) : op.path;
        for (const [who, intruder] of [
          ['B', b],
          ['B admin', bAdmin],
        ] as const) {
          // The body is valid for the intruder (their own ids), so only the path id can refuse it.
          const body = op.body ? sample(op.body, intruder) : undefined;
          const res = await call(op, url, { cookie: intruder.cookie }, body);
          // On their own collections (lists, creation) they may succeed; any other answer is a 4xx.
          const refusedAsUser = op.auth === 'admin' && intruder === b ? res.statusCode === 403 : undefined;
          const ok = refusedAsUser ?? (op.pathParams.length ? res.statusCode === 404 : res.statusCode < 500);
          if (!ok)
            failures.push(
              `${op.key} on ${world === a ? "A's user" : "A's admin"}'s as ${who}: ${res.statusCode} ${res.body.slice(0, 120)}`,
            );
          if (res.body.includes(MARKER_A)) failures.push(`${op.key} as ${who}: the answer shows A's data`);
          checked += 1;
        }
        const body = op.body ? sample(op.body, b) : undefined;
        const asAnonymous = await call(op, url, {}, body);
        const asTv = await call(op, url, { authorization: `Bearer ${world.tvToken}` }, body);
        checked += 2;
        if (asAnonymous.statusCode !== 401) failures.push(`${op.key} anonymous: ${asAnonymous.statusCode}`);
        if (asTv.statusCode !== 401) failures.push(`${op.key} with a TV token: ${asTv.statusCode}`);
      }
    }

    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(200);
    expect(await snapshotOf(t, a.workspaceId)).toEqual(before);
  }, 120_000);

  it("B's API key (every permission) finds none of A's resources (404), and no key reaches what keys may not call (403)", async () => {
    const operations = await loadOperations(t.app);
    const { a, aAdmin, b } = await twoWorkspaces();
    const before = await snapshotOf(t, a.workspaceId);
    const failures: string[] = [];
    let checked = 0;
    const bearer = { authorization: `Bearer ${b.apiKey}` };
    for (const world of [a, aAdmin]) {
      for (const op of operations) {
        const url =
          op.pathParams.length && !op.path.startsWith('/api/tv/')
            ? urlFor(op, world.ids[resourceOf(op)])
            : urlFor(op, 1);
        const res = await call(op, url, bearer, op.body ? sample(op.body, b) : undefined);
        checked += 1;
        // Keys reach only the operations that name a resource kind; there, A's ids are not found.
        const ok = !op.apiKey
          ? res.statusCode === 403
          : op.pathParams.length
            ? res.statusCode === 404
            : res.statusCode < 500;
        if (!ok) failures.push(`${op.key} with B's key: ${res.statusCode} ${res.body.slice(0, 120)}`);
        if (res.body.includes(MARKER_A)) failures.push(`${op.key} with B's key: the answer shows A's data`);
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(80);
    expect(await snapshotOf(t, a.workspaceId)).toEqual(before);
  }, 120_000);

  it('a read-only key (every kind) changes nothing of its own workspace: every write is 403', async () => {
    const operations = await loadOperations(t.app);
    const { a } = await twoWorkspaces();
    const readOnly = {
      devices: 'read',
      groups: 'read',
      media: 'read',
      playlists: 'read',
      campaigns: 'read',
      stats: 'read',
      reports: 'read',
      ads: 'read',
    } as const;
    const key = await createApiKey(
      t.database.db,
      { id: a.userId, role: 'user', workspaceId: a.workspaceId, sessionTokenHash: '' },
      { name: 'leitura', permissions: readOnly, expiresAt: null },
    );
    const before = await snapshotOf(t, a.workspaceId);
    const failures: string[] = [];
    const writes = operations.filter((op) => op.apiKey && op.method !== 'GET');
    for (const op of writes) {
      const url = op.pathParams.length ? urlFor(op, a.ids[resourceOf(op)]) : op.path;
      const res = await call(op, url, { authorization: `Bearer ${key.key}` }, op.body ? sample(op.body, a) : undefined);
      if (res.statusCode !== 403)
        failures.push(`${op.key} with a read-only key: ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    for (const op of operations.filter((o) => o.apiKey && o.method === 'GET' && !o.pathParams.length)) {
      // Its required query parameters (a report's period) sampled as a body field would be.
      const query = op.query
        .filter((q) => q.required)
        .map((q) => `${q.name}=${encodeURIComponent(String(sample(q.schema, a, q.name)))}`);
      const res = await call(op, query.length ? `${op.path}?${query.join('&')}` : op.path, {
        authorization: `Bearer ${key.key}`,
      });
      if (res.statusCode !== 200) failures.push(`${op.key} with a read-only key: ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
    expect(writes.length).toBeGreaterThan(15);
    // The key's own lastUsed is written by a flush at any moment; everything else is as it was.
    const withoutLastUse = (snapshot: Record<string, unknown[]>) => ({
      ...snapshot,
      api_keys: snapshot.api_keys!.map((row) => ({ ...(row as object), lastUsed: null })),
    });
    expect(withoutLastUse(await snapshotOf(t, a.workspaceId))).toEqual(withoutLastUse(before));
  }, 60_000);

  it("B's user and admin cannot point a body id at A's resources (media in a playlist, a playlist in a campaign or on a TV, a group, a device)", async () => {
    const operations = await loadOperations(t.app);
    const { a, b, bAdmin } = await twoWorkspaces();
    const before = await snapshotOf(t, a.workspaceId);
    const failures: string[] = [];
    let checked = 0;
    for (const intruder of [b, bAdmin]) {
      // The intruder's world with A's ids: a body that names A's media, playlist, group or device.
      const crossed: World = {
        ...intruder,
        ids: {
          ...intruder.ids,
          media: a.ids.media,
          playlists: a.ids.playlists,
          'device-groups': a.ids['device-groups'],
          devices: a.ids.devices,
          partners: a.ids.partners,
        },
      };
      for (const op of operations.filter((o) => o.auth === 'user' && o.body)) {
        const body = sample(op.body!, crossed, '', true);
        if (!ID_KEYS.some((key) => JSON.stringify(body).includes(`"${key}"`))) continue; // names no resource
        const url = op.pathParams.length ? urlFor(op, intruder.ids[resourceOf(op)]) : op.path;
        const res = await call(op, url, { cookie: intruder.cookie }, body);
        checked += 1;
        if (![400, 404].includes(res.statusCode))
          failures.push(`${op.key} with A's ids in the body: ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThanOrEqual(12);
    expect(await snapshotOf(t, a.workspaceId)).toEqual(before);
  }, 60_000);

  it('a teammate reads, edits and removes what another user of the workspace made, but still cannot manage users', async () => {
    const operations = await loadOperations(t.app);
    const { a, aAdmin } = await twoWorkspaces();
    const teammate = await buildWorld(t, 'user', 'colega', a.workspaceId);
    const failures: string[] = [];
    let checked = 0;
    for (const op of removalsLast(operations.filter((o) => o.auth === 'user' && o.pathParams.length))) {
      const resource = resourceOf(op);
      const url = urlFor(op, a.ids[resource]);
      // The teammate's body names the teammate's own ids, then A's: both are the workspace's.
      const res = await call(op, url, { cookie: teammate.cookie }, op.body ? sample(op.body, teammate) : undefined);
      checked += 1;
      // Someone else's user record is not a teammate's to read or edit (the profile is one's own).
      const expected = resource === 'users' ? [404] : [200, 202, 204];
      if (!expected.includes(res.statusCode) && !answersAboutTheItem(res))
        failures.push(`${op.key} as a teammate: ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    for (const op of operations.filter((o) => o.auth === 'admin')) {
      const url = op.pathParams.length ? urlFor(op, aAdmin.userId) : op.path;
      const res = await call(op, url, { cookie: teammate.cookie }, op.body ? sample(op.body, teammate) : undefined);
      checked += 1;
      if (res.statusCode !== 403) failures.push(`${op.key} (admin only) as a user: ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(15);
  }, 60_000);
});
