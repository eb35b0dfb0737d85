import { randomUUID } from 'node:crypto';
import type { PlayRecord } from '../../../contract/plays';
import { makeMedia, makePairedDevice, makePlaylist, signedInUser } from '../../test/factories';
import type { TestContext } from '../../test/test-app';

const HOUR = 60 * 60 * 1000;

/** Today in the workspace's time zone (the tests' workspaces keep the default, São Paulo). */
export const todayIn = (timeZone = 'America/Sao_Paulo', at = Date.now()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

/**
 * For the statement tests (docs/ads.md#statements): an admin of `workspaceId`, an advertiser with a
 * CNPJ, a partner's screen at R$ 1,50 and 20 viewers a play, and a published ad of a 10 s image on
 * it. Plays reach the statement the real way: `send` posts them from the paired TV
 * (`POST /api/tv/plays`), which counts them and rolls them up.
 */
export async function statementWorld(t: Pick<TestContext, 'app' | 'database'>, workspaceId?: number) {
  const admin = await signedInUser(t.app, t.database, 'admin', workspaceId);
  const headers = { cookie: admin.cookie };
  const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const created = async <T>(url: string, payload: object): Promise<T> => {
    const res = await inject('POST', url, payload);
    if (res.statusCode !== 201) throw new Error(`POST ${url}: ${res.statusCode} ${res.body}`);
    return res.json<T>();
  };
  const partner = await created<{ id: number }>('/api/partners', { name: 'Shopping', document: '11222333000181' });
  const advertiser = await created<{ id: number; name: string }>('/api/advertisers', {
    name: 'Padaria São João',
    document: '11.222.333/0001-81',
  });
  const image = await makeMedia(t, { userId: admin.user.id });
  const playlist = await makePlaylist(t, { owner: admin, items: [{ mediaId: image.id, duration: 10 }] });
  const tv = await makePairedDevice(t, { owner: admin, name: 'Recepção', location: 'Térreo' });
  /** Sets the screen's price and audience (`PUT /api/devices/{id}`), as an admin's device form does. */
  const price = async (pricePerPlayCents: number, audiencePerPlay: number) => {
    const res = await inject('PUT', `/api/devices/${tv.device.id}`, {
      name: tv.device.name,
      location: tv.device.location,
      resolution: tv.device.resolution,
      authCode: tv.device.authCode,
      partnerId: partner.id,
      pricePerPlayCents,
      audiencePerPlay,
    });
    if (res.statusCode !== 200) throw new Error(`PUT device: ${res.statusCode} ${res.body}`);
  };
  await price(150, 20);
  const campaign = await created<{ id: number }>('/api/campaigns', {
    name: 'Pão de queijo',
    type: 'ad',
    advertiserId: advertiser.id,
    playlistId: playlist.id,
    deviceIds: [tv.device.id],
    status: 'published',
    startDate: new Date(Date.now() - 24 * HOUR).toISOString(),
    endDate: new Date(Date.now() + 24 * HOUR).toISOString(),
    goalKind: 'flight',
    goalPlays: 100,
    capPerHour: 60,
  });
  /** `count` whole plays of the image, starting now; each one counts. */
  const send = async (count: number) => {
    const plays: PlayRecord[] = Array.from({ length: count }, () => ({
      clientId: randomUUID(),
      mediaId: image.id,
      playlistId: playlist.id,
      campaignId: campaign.id,
      window: 0,
      // Now: after the screen's price in force (docs/ads.md#price-history), which each play keeps.
      startedAt: new Date().toISOString(),
      durationMs: 10_000,
      completed: true,
    }));
    const res = await t.app.inject({ method: 'POST', url: '/api/tv/plays', headers: tv.headers, payload: { plays } });
    if (res.statusCode !== 200) throw new Error(`POST /api/tv/plays: ${res.statusCode} ${res.body}`);
  };
  return { admin, inject, advertiser, partner, tv, campaign, price, send };
}
