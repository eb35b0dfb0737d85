import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import type { Media } from '../../../contract/media';
import { messages } from '../../../contract/messages';
import type { Manifest } from '../../../contract/tv';
import { devices, mediaPages } from '../../db/schema';
import { createMediaUrlSigner } from '../tv/signed-media';
import { reconcileMediaStore } from '../../maintenance/orphan-files';
import { tvHeaders } from '../../test/api-factories';
import { makePairedDevice, makePlaylist, makeWorkspace, signedInUser } from '../../test/factories';
import { brokenPdf, makePdf } from '../../test/pdfs';
import { useTestApp } from '../../test/test-app';
import { filesUnder, noisePng, settledMedia, upload } from '../../test/uploads';
import { PDF_PAGE_BOX } from './pdf-tools';

/** docs/content.md#pdf: a PDF upload is checked with pdfinfo, then its pages rendered to images. */
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sinalize-pdf-upload-'));
const mediaDir = path.join(dataDir, 'media');
const tmpDir = path.join(dataDir, 'tmp');
const stored = () => filesUnder(mediaDir).map((f) => path.basename(f));

describe('PDF uploads', () => {
  const t = useTestApp({
    dataDir,
    uploadRateLimitPerMinute: 10_000,
    tv: {
      flushIntervalMs: 1000,
      offlineAfterMs: 45_000,
      pairing: { perAddressPerMinute: 1000, globalPerMinute: 1000, failureDelayMs: 0 },
    },
  });
  const path0 = process.env.PATH;
  afterEach(() => {
    process.env.PATH = path0;
  });

  const uploadPdf = (cookie: string, content: Buffer, filename = 'cardápio.pdf') =>
    upload(t.app, cookie, { content, filename, contentType: 'application/pdf' });

  it('renders each page to an image: ready with its pages, duration and thumbnail; TVs get signed page URLs', async () => {
    const owner = await signedInUser(t.app, t.database);
    const res = await uploadPdf(owner.cookie, makePdf(2));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ mimeType: 'application/pdf', kind: 'pdf', status: 'processing' });
    expect(res.json().filename).toMatch(/^[0-9a-f-]{36}\.pdf$/);
    const item = await settledMedia(t.app, owner.cookie, res.json().id);
    expect(item).toMatchObject({
      status: 'ready',
      kind: 'pdf',
      pageCount: 2,
      duration: 20,
      originalName: 'cardápio.pdf',
    });
    expect(item.thumbnailUrl).toBe(`/api/media/${item.id}/thumbnail`);
    const thumb = await t.app.inject({ method: 'GET', url: item.thumbnailUrl!, headers: { cookie: owner.cookie } });
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 320 });

    const pages = await t.database.db.select().from(mediaPages).where(eq(mediaPages.mediaId, item.id));
    expect(pages.map((p) => p.page).sort()).toEqual([1, 2]);
    for (const p of pages) expect(stored()).toContain(p.filename);

    // Seconds per page edited: the duration follows.
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/media/${item.id}`,
      headers: { cookie: owner.cookie },
      payload: { options: { secondsPerPage: 7 } },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ duration: 14, pageCount: 2, options: { secondsPerPage: 7 } });

    const playlist = await makePlaylist(t, { owner, name: 'P', items: [{ mediaId: item.id, duration: 14 }] });
    const { device, token } = await makePairedDevice(t, { owner, playlists: [playlist.id] });
    const manifest = (
      await t.app.inject({ method: 'GET', url: '/api/tv/content', headers: tvHeaders(token) })
    ).json<Manifest>();
    const content = manifest.windows[0]!.items[0]!.content;
    expect(content).toMatchObject({ kind: 'pdf', options: { secondsPerPage: 7 } });
    const urls = content?.kind === 'pdf' ? content.pages.map((p) => p.url) : [];
    expect(urls).toHaveLength(2);
    for (const [i, url] of urls.entries()) {
      expect(url).toMatch(
        new RegExp(`^/api/tv/media/${item.id}/pages/${i + 1}\\?device=${device.id}&expires=\\d+&signature=[\\w-]+$`),
      );
      const image = await t.app.inject({ method: 'GET', url });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/webp');
      const page = pages.find((p) => p.page === i + 1)!;
      expect(image.headers.etag).toBe(`"${page.sha256}"`);
      expect(image.rawPayload.length).toBe(content?.kind === 'pdf' ? content.pages[i]!.size : -1);
      // 600 × 400 pt scaled to fit 1920 px on its long side.
      expect(await sharp(image.rawPayload).metadata()).toMatchObject({ format: 'webp', width: PDF_PAGE_BOX });
      const cached = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': image.headers.etag } });
      expect(cached.statusCode).toBe(304);
    }
    // One page's signature does not open another page, nor the PDF itself.
    expect((await t.app.inject({ method: 'GET', url: urls[0]!.replace('/pages/1', '/pages/2') })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: urls[0]!.replace('/pages/1', '') })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: urls[0]!.replace('/pages/1', '/pages/0') })).statusCode).toBe(400);

    // The crash reconciliation keeps the pages: they have a row.
    const later = new Date(Date.now() + 60_000);
    const reconciled = await reconcileMediaStore(t.database.db, t.store, { graceMs: 0, log: t.app.log, now: later });
    expect(reconciled.deleted).toEqual([]);

    // Deleting the PDF removes the file, its thumbnail and every page.
    const before = stored();
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/media/${item.id}`,
      headers: { cookie: owner.cookie },
    });
    expect(del.statusCode).toBe(204);
    const after = stored();
    for (const key of [item.filename, ...pages.map((p) => p.filename)]) {
      expect(before).toContain(key);
      expect(after).not.toContain(key);
    }
    expect(after.filter((k) => k.endsWith('-thumb.webp') && k.startsWith(path.parse(item.filename).name))).toEqual([]);
    expect(await t.database.db.select().from(mediaPages).where(eq(mediaPages.mediaId, item.id))).toEqual([]);
  });

  it('refuses a password-protected PDF and a broken one with a pt-BR message, keeping nothing', async () => {
    const { cookie } = await signedInUser(t.app, t.database);
    const before = stored();
    for (const [content, message] of [
      [makePdf(1, { encrypted: true }), messages.media.pdfEncrypted],
      [brokenPdf(), messages.media.pdfBroken],
    ] as const) {
      const res = await uploadPdf(cookie, content);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ message });
    }
    expect(stored()).toEqual(before);
    expect(filesUnder(tmpDir)).toEqual([]);
    const list = await t.app.inject({ method: 'GET', url: '/api/media', headers: { cookie } });
    expect(list.json()).toEqual([]);
  });

  it('says PDFs need poppler-utils when the server has no pdfinfo', async () => {
    const { cookie } = await signedInUser(t.app, t.database);
    process.env.PATH = '/nonexistent';
    const res = await uploadPdf(cookie, makePdf(1));
    process.env.PATH = path0;
    expect(res.statusCode, res.body).toBe(415);
    expect(res.json()).toMatchObject({ message: messages.media.pdfToolsMissing });
    expect(res.json().message).toContain('poppler-utils');
    expect((await t.app.inject({ method: 'GET', url: '/api/media', headers: { cookie } })).json()).toEqual([]);
  });

  it('serves a page only with its valid signature (403), and 404 for a page the PDF does not have or another workspace’s TV', async () => {
    const owner = await signedInUser(t.app, t.database);
    const item = await settledMedia(t.app, owner.cookie, (await uploadPdf(owner.cookie, makePdf(1))).json().id);
    const playlist = await makePlaylist(t, { owner, name: 'P', items: [{ mediaId: item.id, duration: 10 }] });
    const { device, token } = await makePairedDevice(t, { owner, playlists: [playlist.id] });
    const manifest = (
      await t.app.inject({ method: 'GET', url: '/api/tv/content', headers: tvHeaders(token) })
    ).json<Manifest>();
    const content = manifest.windows[0]!.items[0]!.content;
    const url = content?.kind === 'pdf' ? content.pages[0]!.url : '';
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: url.replace(/signature=[\w-]+/, 'signature=x') })).statusCode,
    ).toBe(403);
    // Page 2 of a one-page PDF, signed as the server would: the signature holds, the page is not there.
    const pairing = (await t.database.db.select().from(devices).where(eq(devices.id, device.id)))[0]!.tokenHash;
    const signer = createMediaUrlSigner(t.config.sessionSecret);
    const page2 = signer.pageUrl(item.id, 2, device.id, pairing);
    expect((await t.app.inject({ method: 'GET', url: page2 })).statusCode).toBe(404);
    // Another workspace's TV, with a URL signed for it: the PDF is not its workspace's.
    const stranger = await signedInUser(t.app, t.database, 'user', await makeWorkspace(t.database));
    const other = (await makePairedDevice(t, { owner: stranger })).device;
    const [otherRow] = await t.database.db.select().from(devices).where(eq(devices.id, other.id));
    const page1 = signer.pageUrl(item.id, 1, other.id, otherRow!.tokenHash);
    expect((await t.app.inject({ method: 'GET', url: page1 })).statusCode).toBe(404);
  });
});

describe('PDF eviction', () => {
  // A quota that holds a small PDF or a ~49 KB image, not both: the image's upload evicts the PDF.
  const evictDir = mkdtempSync(path.join(os.tmpdir(), 'sinalize-pdf-evict-'));
  const t = useTestApp({ dataDir: evictDir, storageQuotaBytes: 50_000, uploadRateLimitPerMinute: 10_000 });

  it('removes an evicted PDF’s page files with it', async () => {
    const { cookie } = await signedInUser(t.app, t.database);
    const res = await upload(t.app, cookie, { content: makePdf(2), filename: 'velho.pdf' });
    const pdf = await settledMedia(t.app, cookie, res.json().id);
    expect(pdf).toMatchObject({ status: 'ready', pageCount: 2 });
    const pages = await t.database.db.select().from(mediaPages).where(eq(mediaPages.mediaId, pdf.id));
    const keys = () => filesUnder(path.join(evictDir, 'media')).map((f) => path.basename(f));
    for (const p of pages) expect(keys()).toContain(p.filename);

    const image = await upload(t.app, cookie, { content: await noisePng(128, 128), filename: 'novo.png' });
    expect(image.statusCode, image.body).toBe(201);
    const list = (await t.app.inject({ method: 'GET', url: '/api/media', headers: { cookie } })).json<Media[]>();
    expect(list.map((m) => m.id)).not.toContain(pdf.id);
    for (const key of [pdf.filename, ...pages.map((p) => p.filename)]) expect(keys()).not.toContain(key);
  });
});
