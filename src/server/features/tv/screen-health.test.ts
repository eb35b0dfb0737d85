import { describe, expect, it } from 'vitest';
import { compareVersions, healthFlags, type HealthReport } from '../../../contract/screen-health';
import { makePairedDevice, signedInUser } from '../../test/factories';
import { useTestApp } from '../../test/test-app';
import { APP_VERSION } from '../../version';

const report = (fields: Partial<HealthReport> = {}): HealthReport => ({
  playerVersion: APP_VERSION,
  appVersion: null,
  platform: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130',
  resolution: '1920x1080',
  freeStorageBytes: 8 * 1024 ** 3,
  cacheBytes: 120 * 1024 ** 2,
  memoryBytes: 2 * 1024 ** 3,
  uptimeSeconds: 3600,
  localIp: '192.168.0.42',
  lastError: null,
  ...fields,
});

/** docs/screen-health.md: what a TV says about itself, shown on its device. */
describe('screen health', () => {
  const t = useTestApp();

  it("keeps the TV's report with the list's flags, drops one sent too soon, and forgets it on disconnect", async () => {
    const owner = await signedInUser(t.app, t.database);
    const { device, headers } = await makePairedDevice(t, { owner });
    const send = (body: object) => t.app.inject({ method: 'POST', url: '/api/tv/health', headers, payload: body });
    const read = async () =>
      (
        await t.app.inject({ method: 'GET', url: `/api/devices/${device.id}`, headers: { cookie: owner.cookie } })
      ).json();
    expect((await read()).health).toBeNull();
    t.events.length = 0;

    const first = await send(
      report({
        freeStorageBytes: 100 * 1024 ** 2,
        lastError: { message: 'Vídeo corrompido: promo.mp4', at: '2026-11-26T10:00:00.000Z' },
      }),
    );
    expect(first.statusCode, first.body).toBe(204);
    const health = (await read()).health;
    expect(health).toMatchObject({
      resolution: '1920x1080',
      localIp: '192.168.0.42',
      lowStorage: true,
      oldVersion: false,
      lastError: { message: 'Vídeo corrompido: promo.mp4' },
    });
    expect(Math.abs(Date.parse(health.reportedAt) - Date.now())).toBeLessThan(60_000);
    expect(t.events.filter((e) => e.type === 'device.changed')).toHaveLength(1);

    // Within the minute: answered, not stored.
    expect((await send(report({ localIp: '10.0.0.9' }))).statusCode).toBe(204);
    expect((await read()).health.localIp).toBe('192.168.0.42');

    await t.app.inject({
      method: 'POST',
      url: `/api/devices/${device.id}/disconnect`,
      headers: { cookie: owner.cookie },
    });
    expect((await read()).health).toBeNull();
  });

  it('refuses a bad report (400 JSON) and a call without a TV token (401)', async () => {
    const { headers } = await makePairedDevice(t);
    for (const bad of [
      { ...report(), resolution: 'grande' },
      { ...report(), localIp: 'meu-ip' },
      { ...report(), freeStorageBytes: -1 },
      { ...report(), lastError: { message: '', at: 'ontem' } },
      (({ platform: _p, ...rest }) => rest)(report()),
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/tv/health', headers, payload: bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/tv/health', payload: report() });
    expect(anonymous.statusCode).toBe(401);
  });

  it('flags old versions and little storage, never an unknown value', () => {
    expect(compareVersions('1.10.0', '1.9.9')).toBe(1);
    expect(compareVersions('0.1.0+281', '0.1.0+300')).toBe(-1);
    expect(compareVersions('0.1.0+300', '0.1.0+300')).toBe(0);
    expect(compareVersions('1.2', '1.2.1')).toBe(-1);
    const offered = { playerVersion: '2.0.0', appVersion: '0.1.0+300' };
    expect(healthFlags(report({ playerVersion: '1.9.0' }), offered)).toEqual({ lowStorage: false, oldVersion: true });
    expect(healthFlags(report({ playerVersion: null, freeStorageBytes: null }), offered)).toEqual({
      lowStorage: false,
      oldVersion: false,
    });
    expect(healthFlags(null, offered)).toEqual({ lowStorage: false, oldVersion: false });
  });
});
