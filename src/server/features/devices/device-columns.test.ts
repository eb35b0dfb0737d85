import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { devices } from '../../db/schema';
import { signedInUser } from '../../test/factories';
import { useTestApp } from '../../test/test-app';

type Driver = { query: (...args: unknown[]) => Promise<{ fields?: Array<{ name: string }> }> };

/**
 * docs/benchmarks.md#targets: list endpoints select only the columns they return. These tests watch the database
 * driver itself (PGlite or pg, the real one, passed through): the column names of every result set,
 * and how many statements a request costs.
 */
describe('device reads select only what they answer', () => {
  const t = useTestApp();
  let restore: (() => void) | undefined;
  afterEach(() => restore?.());

  function watchDriver() {
    const driver = (t.database.db as unknown as { $client: Driver }).$client;
    const original = driver.query;
    const seen: { columns: string[] }[] = [];
    driver.query = async function (this: unknown, ...args: unknown[]) {
      const result = await original.apply(this, args);
      seen.push({ columns: (result?.fields ?? []).map((f) => f.name) });
      return result;
    };
    restore = () => {
      driver.query = original;
    };
    return seen;
  }

  const input = (authCode: string) => ({ name: `TV ${authCode}`, location: 'Loja', resolution: '1920x1080', authCode });

  it('never reads token_hash, still says which devices are paired, and costs the same statements for 2 or 6 devices', async () => {
    const { cookie } = await signedInUser(t.app, t.database);
    const post = (code: string) =>
      t.app.inject({ method: 'POST', url: '/api/devices', headers: { cookie }, payload: input(code) });
    const a = (await post('100001')).json();
    const b = (await post('100002')).json();
    await t.database.db
      .update(devices)
      .set({
        tokenHash: 'f'.repeat(64),
        status: 'online',
        lastSeen: new Date('2026-03-04T05:06:07.891Z'),
        activeSessionId: 'sessao-1',
      })
      .where(eq(devices.id, a.id));
    // Written behind the server's back (no event): read first now, so no list was kept before it.

    const seen = watchDriver();
    const list = await t.app.inject({ method: 'GET', url: '/api/devices', headers: { cookie } });
    const one = await t.app.inject({ method: 'GET', url: `/api/devices/${a.id}`, headers: { cookie } });
    const read = seen.length;
    expect(list.statusCode).toBe(200);
    expect(one.statusCode).toBe(200);
    expect(seen.flatMap((s) => s.columns)).not.toContain('token_hash');
    expect(seen.flatMap((s) => s.columns)).not.toContain('tokenHash');
    for (const body of [list.body, one.body]) expect(body).not.toMatch(/token_?hash/i);
    expect(list.json().map((d: { id: number; paired: boolean }) => [d.id, d.paired])).toEqual([
      [a.id, true],
      [b.id, false],
    ]);
    expect(one.json()).toMatchObject({
      id: a.id,
      paired: true,
      status: 'online',
      lastSeen: '2026-03-04T05:06:07.891Z',
      activeSessionId: 'sessao-1',
    });
    // The list (built as JSON by the database) and the single read (built here) give the same shape.
    expect(list.json()[0]).toEqual(one.json());
    expect(list.json()[1]).toEqual(
      (await t.app.inject({ method: 'GET', url: `/api/devices/${b.id}`, headers: { cookie } })).json(),
    );

    restore?.();
    for (const code of ['100003', '100004', '100005', '100006']) await post(code);
    // Read from the database again, as the first round was: the new devices were placed in the kept
    // list, and a group's removal (which clears devices' references) drops it.
    const group = await t.app.inject({
      method: 'POST',
      url: '/api/device-groups',
      headers: { cookie },
      payload: { name: 'G' },
    });
    await t.app.inject({ method: 'DELETE', url: `/api/device-groups/${group.json().id}`, headers: { cookie } });
    const again = watchDriver();
    const longer = await t.app.inject({ method: 'GET', url: '/api/devices', headers: { cookie } });
    await t.app.inject({ method: 'GET', url: `/api/devices/${a.id}`, headers: { cookie } });
    expect(longer.json()).toHaveLength(6);
    // No query per device: the same requests cost the same statements whatever the list's length.
    expect(again.length).toBe(read);
  });

  it('the answers of writes do not read token_hash either, and a disconnect answers paired false', async () => {
    const { cookie } = await signedInUser(t.app, t.database);
    const seen = watchDriver();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/devices',
      headers: { cookie },
      payload: input('200001'),
    });
    expect(created.json().paired).toBe(false);
    await t.database.db
      .update(devices)
      .set({ tokenHash: 'e'.repeat(64) })
      .where(eq(devices.id, created.json().id));
    const id = created.json().id;
    const updated = await t.app.inject({
      method: 'PUT',
      url: `/api/devices/${id}`,
      headers: { cookie },
      payload: input('200001'),
    });
    expect(updated.json().paired).toBe(true);
    const assigned = await t.app.inject({
      method: 'PATCH',
      url: `/api/devices/${id}`,
      headers: { cookie },
      payload: { assignedPlaylistId1: null },
    });
    expect(assigned.json().paired).toBe(true);
    const disconnected = await t.app.inject({
      method: 'POST',
      url: `/api/devices/${id}/disconnect`,
      headers: { cookie },
    });
    expect(disconnected.json().paired).toBe(false);
    // The test's own update above is the only statement that named the column.
    expect(seen.filter((s) => s.columns.includes('token_hash'))).toEqual([]);
  });
});
