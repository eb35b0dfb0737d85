import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { ManifestContent } from '../../../contract/content';
import { makeApiKey, makePairedDevice, makePlaylist, signedInUser } from '../../test/factories';
import { eventually } from '../../test/eventually';
import { useTestApp } from '../../test/test-app';
import { openTvSocket } from '../../test/tv-socket';
import { TICKER_LINES_EXAMPLE } from '../docs/api-key-example';

type Manifest = { version: string; windows: Array<{ items: Array<{ mediaId: number; content?: ManifestContent }> }> };

/**
 * Issue 25: "a script changes a ticker's lines (the day's specials), and the TVs show them". The
 * OpenAPI description's second example, run as written with bash, curl and jq against the real
 * server: the ticker's lines change, its other options stay, and the paired TV's socket gets the
 * new manifest pushed (docs/content.md#manifest). How fast is `bench:content-fanout`'s figure.
 */
describe('the ticker script of the OpenAPI description', () => {
  const t = useTestApp();

  it('changes only the lines of a ticker with an API key, and the paired TV is sent them', async () => {
    const admin = await signedInUser(t.app, t.database, 'admin');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/media/content',
      headers: { cookie: admin.cookie },
      payload: { kind: 'ticker', name: 'Ofertas', options: { lines: ['Café R$ 5'], speed: 90, separator: '|' } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const ticker = created.json() as { id: number };
    const playlist = await makePlaylist(t, { owner: admin, items: [{ mediaId: ticker.id, duration: 20 }] });
    const { token } = await makePairedDevice(t, { owner: admin, playlists: [playlist.id] });
    const tv = await openTvSocket<Manifest>(t.app, token);
    const { key } = await makeApiKey(t, { owner: admin, permissions: { media: 'write' } });

    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const script = TICKER_LINES_EXAMPLE.replace('SINALIZE=https://sinalize.example.com', `SINALIZE=${address}`)
      .replace('KEY=snz_...', `KEY=${key}`)
      .replace('TICKER=12', `TICKER=${ticker.id}`);
    expect(script).not.toBe(TICKER_LINES_EXAMPLE);
    await promisify(execFile)('bash', ['-euo', 'pipefail', '-c', script], { timeout: 30_000 });

    const lines = ['Prato do dia: feijoada', 'Sobremesa: pudim de leite'];
    const stored = (await t.app.inject({ method: 'GET', url: '/api/media', headers: { cookie: admin.cookie } }))
      .json()
      .find((m: { id: number }) => m.id === ticker.id);
    expect(stored.options).toMatchObject({ lines, speed: 90, separator: '|' });
    const pushedLines = () =>
      tv
        .pushes()
        .flatMap((m) => m.manifest?.windows[0]?.items ?? [])
        .map((i) => (i.content?.kind === 'ticker' ? i.content.options.lines : null));
    await eventually(
      () => pushedLines().some((l) => JSON.stringify(l) === JSON.stringify(lines)),
      'the new lines pushed to the TV',
      15_000,
    );
    tv.socket.close();
  }, 60_000);

  it('is the script the OpenAPI description and the README show', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.info.description).toContain(TICKER_LINES_EXAMPLE);
    expect(doc.paths['/api/media/{id}'].put['x-api-key']).toBe('media');
    expect(readFileSync('README.md', 'utf8')).toContain(TICKER_LINES_EXAMPLE);
  });
});
