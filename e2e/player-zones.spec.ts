import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import type { Device } from '../src/contract/devices';
import type { LayoutInput } from '../src/contract/layouts';
import {
  apiSignIn,
  createCampaign,
  createDevice,
  createEmergency,
  createPlaylist,
  endCampaign,
  uploadImage,
} from './api';
import { createLayout, giveLayout, pairedPlayer, screenshotOf } from './player-screen';
import { createIsolatedUser, unique } from './support';

/**
 * Issue 24 with the real player (docs/layouts.md#the-player): an admin makes a three-zone layout,
 * gives a device a playlist per zone, and the paired player draws each zone's content at its
 * rectangle, above the zones of a lower layer, checked by the pixels of the page (one solid colour
 * per zone) on a horizontal 1920×1080 screen and on a vertical 1080×1920 one (and turned on a
 * landscape output). A campaign for the main zone replaces that zone only; an emergency covers the
 * whole screen.
 */

const COLOURS = {
  main: { hex: '#dc2626', rgb: [220, 38, 38] },
  inset: { hex: '#16a34a', rgb: [22, 163, 74] },
  side: { hex: '#1d4ed8', rgb: [29, 78, 216] },
  campaign: { hex: '#facc15', rgb: [250, 204, 21] },
  emergency: { hex: '#9333ea', rgb: [147, 51, 234] },
} as const;
type Colour = keyof typeof COLOURS;

async function adminApi(request: APIRequestContext) {
  const user = await createIsolatedUser(request, 'admin');
  await apiSignIn(request, user);
  return request;
}

/** The page's pixels (a PNG screenshot decoded by sharp). */
async function pixels(page: Page) {
  const { data, info } = await sharp(await page.screenshot())
    .raw()
    .toBuffer({ resolveWithObject: true });
  return (x: number, y: number) => {
    const at = (Math.round(y) * info.width + Math.round(x)) * info.channels;
    return [data[at]!, data[at + 1]!, data[at + 2]!];
  };
}

const near = (actual: number[], expected: readonly number[]) => actual.every((v, i) => Math.abs(v - expected[i]!) < 12);

/** Polls the page's pixels until each point shows its colour; the points that do not, named. */
async function expectColours(page: Page, points: Array<[x: number, y: number, colour: Colour]>) {
  await expect
    .poll(
      async () => {
        const at = await pixels(page);
        return points
          .filter(([x, y, colour]) => !near(at(x, y), COLOURS[colour].rgb))
          .map(([x, y, colour]) => `${colour} expected at ${x},${y}: ${at(x, y).join(',')}`);
      },
      { timeout: 15_000 },
    )
    .toEqual([]);
}

/**
 * A main zone (cover), an inset above it (layer 1) and a side or bottom band: three playlists of
 * one solid colour each, and the campaign's and the emergency's playlists.
 */
async function setup(api: APIRequestContext, tag: string, orientation: 'horizontal' | 'vertical') {
  const size = { width: 320, height: 180 };
  const media = Object.fromEntries(
    await Promise.all(
      (Object.keys(COLOURS) as Colour[]).map(async (c) => [
        c,
        await uploadImage(api, `${tag}-${c}.png`, COLOURS[c].hex, size),
      ]),
    ),
  ) as Record<Colour, { id: number }>;
  const playlists = Object.fromEntries(
    await Promise.all(
      (Object.keys(COLOURS) as Colour[]).map(async (c) => [
        c,
        await createPlaylist(api, `${c} ${tag}`, [{ mediaId: media[c].id, duration: 30 }]),
      ]),
    ),
  ) as Record<Colour, { id: number }>;
  const zones: LayoutInput['zones'] =
    orientation === 'horizontal'
      ? [
          { key: 'principal', name: 'Principal', x: 0, y: 0, width: 75, height: 100, fit: 'cover' },
          { key: 'destaque', name: 'Destaque', x: 40, y: 10, width: 30, height: 30, z: 1, fit: 'cover' },
          { key: 'lateral', name: 'Lateral', x: 75, y: 0, width: 25, height: 100, fit: 'cover' },
        ]
      : [
          { key: 'principal', name: 'Principal', x: 0, y: 0, width: 100, height: 70, fit: 'cover' },
          { key: 'destaque', name: 'Destaque', x: 50, y: 5, width: 40, height: 20, z: 1, fit: 'cover' },
          { key: 'rodape', name: 'Rodapé', x: 0, y: 70, width: 100, height: 30, fit: 'cover' },
        ];
  const layout = await createLayout(api, { name: `Zonas ${tag}`, orientation, zones });
  const device = await createDevice(api, { name: `TV Zonas ${tag}`, location: 'Loja', orientation });
  await giveLayout(api, device, layout.id, [playlists.main.id, playlists.inset.id, playlists.side.id]);
  return { media, playlists, layout, device };
}

test.describe('a screen made of zones on the TV player', () => {
  test('a horizontal 1920×1080 screen draws three zones at their rectangles and layers; a campaign for the main zone replaces it alone; an emergency covers the screen', async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const api = await adminApi(request);
    const tag = unique('zh');
    const { media, playlists, layout, device } = await setup(api, tag, 'horizontal');
    const { page, context } = await pairedPlayer(browser, device.authCode, { width: 1920, height: 1080 });
    // The proof-of-play records the player sends (what the server then does with them is
    // player-plays.spec.ts's): each names its zone's number and key.
    const plays = new Set<string>();
    page.on('request', (req) => {
      if (req.method() !== 'POST' || !req.url().endsWith('/api/tv/plays')) return;
      const body = req.postDataJSON() as { plays: Array<{ window: number; zone?: string }> };
      for (const r of body.plays) plays.add(`${r.window}:${r.zone}`);
    });
    await expect(page.locator('.stage')).toHaveAttribute('data-layout', 'zones');
    await expect(page.locator('[data-window="2"]')).toHaveAttribute('data-media-id', String(media.side.id));
    await expect(page.locator('[data-window="1"]')).toHaveAttribute('data-zone', 'destaque');

    // Main 0–1440 × 0–1080 with the inset over it at 768–1344 × 108–432; the side band 1440–1920.
    const base: Array<[number, number, Colour]> = [
      [20, 20, 'main'],
      [700, 900, 'main'],
      [1430, 540, 'main'],
      [780, 120, 'inset'],
      [1330, 420, 'inset'],
      [1056, 270, 'inset'],
      [1450, 20, 'side'],
      [1900, 1060, 'side'],
    ];
    await expectColours(page, base);
    const box = (await page.locator('[data-window="1"]').boundingBox())!;
    expect([box.x, box.y, box.width, box.height]).toEqual([768, 108, 576, 324]);
    // The status report names one playlist per zone.
    await expect
      .poll(async () => ((await (await api.get(`/api/devices/${device.id}`)).json()) as Device).nowPlaying, {
        timeout: 15_000,
      })
      .toEqual({
        fullScreen: false,
        windows: [playlists.main, playlists.inset, playlists.side].map((p) => ({ playlistId: p.id, campaignId: null })),
      });

    const campaign = await createCampaign(api, {
      name: `Principal ${tag}`,
      playlistId: playlists.campaign.id,
      deviceIds: [device.id],
      status: 'published',
      zones: [layout.zones[0]!.key],
    });
    await expect(page.locator('[data-window="0"]')).toHaveAttribute('data-campaign-id', String(campaign.id));
    await expectColours(
      page,
      base.map(([x, y, c]) => [x, y, c === 'main' ? 'campaign' : c]),
    );
    await expect(page.locator('[data-window="2"]')).toHaveAttribute('data-source', 'playlist');

    const emergency = await createEmergency(api, {
      name: `Evacuação ${tag}`,
      playlistId: playlists.emergency.id,
      deviceIds: [device.id],
    });
    await expect(page.locator('main.player')).toHaveAttribute('data-full-screen', 'true');
    await expect(page.locator('[data-window]')).toHaveCount(1);
    await expectColours(
      page,
      base.map(([x, y]) => [x, y, 'emergency']),
    );

    await endCampaign(api, emergency.id);
    await expect(page.locator('[data-window]')).toHaveCount(3);
    await expectColours(
      page,
      base.map(([x, y, c]) => [x, y, c === 'main' ? 'campaign' : c]),
    );
    // The items cut short by the campaign and the emergency were recorded zone by zone (sent
    // within the play log's 30 s round); the emergency's plays count for zone 1.
    await expect.poll(() => [...plays].sort(), { timeout: 45_000 }).toEqual(['0:principal', '1:destaque', '2:lateral']);
    await context.close();
  });

  test('a vertical 1080×1920 screen draws its zones upright, and turned on a 1920×1080 output', async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const api = await adminApi(request);
    const tag = unique('zv');
    const { media, device } = await setup(api, tag, 'vertical');
    const { page, context } = await pairedPlayer(browser, device.authCode, { width: 1080, height: 1920 });
    await expect(page.locator('[data-window="2"]')).toHaveAttribute('data-media-id', String(media.side.id));
    await expect(page.locator('.stage')).toHaveAttribute('data-rotated', 'false');
    // Main 0–1080 × 0–1344 with the inset at 540–972 × 96–480 over it; the bottom band 1344–1920.
    const upright: Array<[number, number, Colour]> = [
      [20, 20, 'main'],
      [540, 1300, 'main'],
      [530, 300, 'main'],
      [570, 130, 'inset'],
      [940, 450, 'inset'],
      [20, 1400, 'side'],
      [1060, 1900, 'side'],
    ];
    await expectColours(page, upright);

    // A vertical TV on a landscape output: the portrait stage turned a quarter to the right, so
    // the portrait's point (u, v) is at (1920 − v, u) on the screen.
    await page.setViewportSize({ width: 1920, height: 1080 });
    await expect(page.locator('.stage')).toHaveAttribute('data-rotated', 'true');
    await expectColours(
      page,
      upright.map(([u, v, c]) => [1920 - v, u, c]),
    );

    // Capturar tela: the portrait screen upright, 720×1280, each zone at its rectangle (scale 2/3).
    const jpeg = await screenshotOf(api, device.id);
    const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([720, 1280]);
    const wrong = upright.flatMap(([u, v, c]) => {
      const [x, y] = [Math.round((u * 2) / 3), Math.round((v * 2) / 3)];
      const at = (y * info.width + x) * info.channels;
      const rgb = [data[at]!, data[at + 1]!, data[at + 2]!];
      // JPEG blurs: a looser match than the page's own pixels, and points kept off the edges.
      return rgb.every((value, i) => Math.abs(value - COLOURS[c].rgb[i]!) < 25) ? [] : [`${c} at ${x},${y}: ${rgb}`];
    });
    expect(wrong).toEqual([]);
    await context.close();
  });
});
