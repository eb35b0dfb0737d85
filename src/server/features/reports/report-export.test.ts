import { describe, expect, it } from 'vitest';
import { reportMessages } from '../../../contract/reports';
import { playDays } from '../../db/schema';
import {
  makeCampaign,
  makeDevice,
  makeMedia,
  makePlayDays,
  makePlaylist,
  makeWorkspace,
  signedInUser,
  workspaceOf,
} from '../../test/factories';
import { useTestApp } from '../../test/test-app';
import { csvField } from './report-csv';

describe('GET /api/reports/export: a CSV a pt-BR spreadsheet opens', () => {
  const t = useTestApp();

  async function seeded() {
    const owner = await signedInUser(t.app, t.database, 'user');
    const ws = await workspaceOf(t.database, owner.user.id);
    const media = await makeMedia(t, { userId: owner.user.id, originalName: 'Promoção; "verão".mp4' });
    const playlist = await makePlaylist(t, { owner, name: 'Vitrine', items: [media.id] });
    const tv = await makeDevice(t, { owner, name: 'TV Recepção' });
    const campaign = await makeCampaign(t, { owner, name: '=Natal', playlistId: playlist.id });
    const other = await makeWorkspace(t.database);
    await makePlayDays(t.database, [
      {
        workspaceId: ws,
        day: '2026-03-01',
        deviceId: tv.id,
        mediaId: media.id,
        playlistId: playlist.id,
        plays: 12,
        durationMs: 3_723_400,
      },
      {
        workspaceId: ws,
        day: '2026-03-02',
        deviceId: tv.id,
        mediaId: media.id,
        playlistId: playlist.id,
        campaignId: campaign.id,
        plays: 3,
        durationMs: 90_000_000,
      },
      { workspaceId: other, day: '2026-03-01', deviceId: tv.id, mediaId: media.id, plays: 999, durationMs: 999 },
    ]);
    return { owner, tv, media, campaign };
  }

  const exportOf = (cookie: string, query: string) =>
    t.app.inject({ method: 'GET', url: `/api/reports/export?${query}`, headers: { cookie } });

  it('answers UTF-8 with a BOM, ";" separators, CRLF, pt-BR headers and dates, h:mm:ss, as an attachment', async () => {
    const { owner } = await seeded();
    const res = await exportOf(owner.cookie, 'from=2026-03-01&to=2026-03-03&dimension=day');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="relatorio-day-2026-03-01-a-2026-03-03.csv"');
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString('utf8')).toBe(
      'Dia;Exibições;Tempo na tela (h:mm:ss);Telas\r\n' +
        '01/03/2026;12;1:02:03;1\r\n' +
        '02/03/2026;3;25:00:00;1\r\n' +
        '03/03/2026;0;0:00:00;0\r\n',
    );
  });

  it('says what each media item is: a content item by its kind (docs/content.md)', async () => {
    const { owner, tv } = await seeded();
    const ticker = await t.app.inject({
      method: 'POST',
      url: '/api/media/content',
      headers: { cookie: owner.cookie },
      payload: { kind: 'ticker', name: 'Ofertas', options: { lines: ['Café R$ 5'] } },
    });
    const ws = await workspaceOf(t.database, owner.user.id);
    await makePlayDays(t.database, [
      {
        workspaceId: ws,
        day: '2026-03-02',
        deviceId: tv.id,
        mediaId: ticker.json().id,
        plays: 40,
        durationMs: 1_200_000,
      },
    ]);
    const csv = (await exportOf(owner.cookie, 'from=2026-03-01&to=2026-03-02&dimension=media')).rawPayload
      .subarray(3)
      .toString('utf8');
    expect(csv).toBe(
      'Mídia;Tipo;Exibições;Tempo na tela (h:mm:ss);Telas\r\nOfertas;Letreiro;40;0:20:00;1\r\n"Promoção; ""verão"".mp4";Imagem;15;26:02:03;1\r\n',
    );
  });

  it('exports each dimension with its names, quoted when needed, and a formula-looking name defused', async () => {
    const { owner, tv } = await seeded();
    const text = async (dimension: string, filter = '') =>
      (await exportOf(owner.cookie, `from=2026-03-01&to=2026-03-02&dimension=${dimension}${filter}`)).rawPayload
        .subarray(3)
        .toString('utf8');
    expect(await text('device')).toBe(
      'Dispositivo;Exibições;Tempo na tela (h:mm:ss);Telas\r\nTV Recepção;15;26:02:03;1\r\n',
    );
    expect(await text('media')).toBe(
      'Mídia;Tipo;Exibições;Tempo na tela (h:mm:ss);Telas\r\n"Promoção; ""verão"".mp4";Imagem;15;26:02:03;1\r\n',
    );
    expect(await text('playlist')).toBe(
      'Playlist;Exibições;Tempo na tela (h:mm:ss);Telas\r\nVitrine;15;26:02:03;1\r\n',
    );
    expect(await text('campaign')).toBe(
      "Campanha;Exibições;Tempo na tela (h:mm:ss);Telas\r\nSem campanha (playlists atribuídas);12;1:02:03;1\r\n'=Natal;3;25:00:00;1\r\n",
    );
    // The filters apply as on the page; a removed device reads as such.
    expect(await text('device', `&deviceId=${tv.id + 1000}`)).toBe(
      'Dispositivo;Exibições;Tempo na tela (h:mm:ss);Telas\r\n',
    );
    await t.app.inject({ method: 'DELETE', url: `/api/devices/${tv.id}`, headers: { cookie: owner.cookie } });
    expect(await text('device')).toBe(
      `Dispositivo;Exibições;Tempo na tela (h:mm:ss);Telas\r\nRemovido (#${tv.id});15;26:02:03;1\r\n`,
    );
  });

  it('exports the zone table with a "Zona" column, the roll-ups from before zones named as such', async () => {
    const { owner, tv, media } = await seeded();
    const ws = await workspaceOf(t.database, owner.user.id);
    await t.database.db.insert(playDays).values([
      {
        workspaceId: ws,
        day: '2026-03-02',
        deviceId: tv.id,
        mediaId: media.id,
        zone: 'rodape',
        plays: 4,
        durationMs: 4000,
        completed: 4,
      },
      {
        workspaceId: ws,
        day: '2026-03-02',
        deviceId: tv.id,
        mediaId: media.id,
        zone: 'principal',
        plays: 20,
        durationMs: 20_000,
        completed: 20,
      },
    ]);
    const res = await exportOf(owner.cookie, 'from=2026-03-01&to=2026-03-02&dimension=zone');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="relatorio-zone-2026-03-01-a-2026-03-02.csv"',
    );
    expect(res.rawPayload.subarray(3).toString('utf8')).toBe(
      'Zona;Exibições;Tempo na tela (h:mm:ss);Telas\r\n' +
        'Principal;20;0:00:20;1\r\n' +
        'Sem zona registrada;15;26:02:03;1\r\n' +
        'Rodapé;4;0:00:04;1\r\n',
    );
    // Validation and sessions as for every dimension.
    expect((await exportOf(owner.cookie, 'from=2026-03-02&to=2026-03-01&dimension=zone')).statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/reports/export?from=2026-03-01&to=2026-03-02&dimension=zone' }))
        .statusCode,
    ).toBe(401);
  });

  it('refuses a bad dimension or period (400, pt-BR) and a caller without a session (401)', async () => {
    const owner = await signedInUser(t.app, t.database, 'user');
    const bad = await exportOf(owner.cookie, 'from=2026-03-01&to=2026-03-02&dimension=semana');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(reportMessages.dimensionInvalid);
    expect((await exportOf(owner.cookie, 'from=2026-03-01&to=2026-03-02')).statusCode).toBe(400);
    const reversed = await exportOf(owner.cookie, 'from=2026-03-02&to=2026-03-01&dimension=day');
    expect(reversed.json().message).toBe(reportMessages.endBeforeStart);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/reports/export?from=2026-03-01&to=2026-03-02&dimension=day' }))
        .statusCode,
    ).toBe(401);
  });

  it('quotes fields with separators, quotes and line breaks only', () => {
    expect(csvField('TV 1')).toBe('TV 1');
    expect(csvField('a;b')).toBe('"a;b"');
    expect(csvField('linha\r\nduas')).toBe('"linha\r\nduas"');
    expect(csvField('+55 11')).toBe("'+55 11");
    expect(csvField('-1;2')).toBe(`"'-1;2"`);
  });
});
