import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Report } from '../../../contract/reports';
import { devices, incidents } from '../../db/schema';
import { makeDevice, makeWorkspace, signedInUser } from '../../test/factories';
import { useTestApp } from '../../test/test-app';

const MINUTE = 60_000;
const isoDay = (ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date(ms));

/** docs/alerts.md#availability: the share of its open time a screen was online. */
describe('availability per screen in reports', () => {
  const t = useTestApp();

  it('counts the incidents within the open time since the screen was added; none for a screen never open', async () => {
    const owner = await signedInUser(t.app, t.database);
    const tv = await makeDevice(t, { owner, name: 'TV Caixa' });
    await makeDevice(t, { owner, name: 'TV Noite', openingHours: { weekly: [] } });
    await makeDevice(t, { workspaceId: await makeWorkspace(t.database), name: 'TV de outra empresa' });
    const now = Date.now();
    const [row] = await t.database.db.select().from(devices).where(eq(devices.id, tv.id));
    // Both screens of the workspace were added three hours ago.
    await t.database.db
      .update(devices)
      .set({ createdAt: sql`now() - interval '3 hours'` })
      .where(eq(devices.workspaceId, row!.workspaceId));
    await t.database.db.insert(incidents).values({
      workspaceId: row!.workspaceId,
      deviceId: tv.id,
      startedAt: new Date(now - 30 * MINUTE),
      endedAt: new Date(now - 10 * MINUTE),
    });
    const from = isoDay(now - 86_400_000);
    const to = isoDay(now);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/reports?from=${from}&to=${to}`,
      headers: { cookie: owner.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { availability } = res.json<Report>();
    expect(availability.map((a) => a.name)).toEqual(['TV Caixa', 'TV Noite']);
    const [caixa, noite] = availability;
    expect(caixa!.offlineMs).toBe(20 * MINUTE);
    expect(Math.abs(caixa!.openMs - 180 * MINUTE)).toBeLessThan(10_000);
    expect(caixa!.ratio).toBeCloseTo(1 - 20 / 180, 2);
    expect(noite).toMatchObject({ openMs: 0, offlineMs: 0, ratio: null });
  });
});
