import { describe, expect, it } from 'vitest';
import { buildWeekGrid, campaignsFor, campaignsShown, weekDates, type WeekTarget } from './week-grid';
import { campaign } from '@web/lib/test-campaign';

const SP = 'America/Sao_Paulo';
// Wednesday 2026-06-10, 12:00 in São Paulo.
const NOW = new Date('2026-06-10T15:00:00.000Z');

describe('week grid', () => {
  it('this week runs Sunday to Saturday on the workspace clock', () => {
    const days = weekDates(NOW, SP);
    expect(days[0]).toEqual({ year: 2026, month: 6, day: 7, weekday: 0 });
    expect(days[6]).toEqual({ year: 2026, month: 6, day: 13, weekday: 6 });
    // 01:00 UTC on Sunday the 14th is still Saturday the 13th in São Paulo.
    expect(weekDates(new Date('2026-06-14T01:00:00.000Z'), SP)[0]!.day).toBe(7);
  });

  it('campaigns aimed at a device: by id, by its group, or at every screen', () => {
    const byId = campaign({ deviceIds: [5] });
    const byGroup = campaign({ groupIds: [9] });
    const all = campaign({ allDevices: true });
    const other = campaign({ deviceIds: [6], groupIds: [8] });
    const list = [byId, byGroup, all, other];
    const device: WeekTarget = { kind: 'device', deviceId: 5, groupId: 9, assigned: [1] };
    expect(campaignsFor(list, device)).toEqual([byId, byGroup, all]);
    expect(campaignsFor(list, { ...device, groupId: null })).toEqual([byId, all]);
    expect(campaignsFor(list, { kind: 'group', groupId: 9 })).toEqual([byGroup, all]);
  });

  it('a lunch campaign on weekdays fills its hours, splits the hour it starts in, and the rest is the playlist', () => {
    const lunch = campaign({ id: 40, schedule: { weekdays: [1, 2, 3, 4, 5], startTime: '11:30', endTime: '14:00' } });
    const grid = buildWeekGrid([lunch], [7], NOW, SP);
    const monday = grid[1]!;
    expect(monday.cells[10]!.segments).toEqual([{ minute: 0, play: { kind: 'playlists', playlistIds: [7] } }]);
    expect(monday.cells[11]!.segments).toEqual([
      { minute: 0, play: { kind: 'playlists', playlistIds: [7] } },
      { minute: 30, play: { kind: 'campaign', campaignId: 40 } },
    ]);
    expect(monday.cells[12]!.segments).toEqual([{ minute: 0, play: { kind: 'campaign', campaignId: 40 } }]);
    expect(monday.cells[13]!.segments).toEqual([{ minute: 0, play: { kind: 'campaign', campaignId: 40 } }]);
    expect(monday.cells[14]!.segments).toEqual([{ minute: 0, play: { kind: 'playlists', playlistIds: [7] } }]);
    // Not on Sunday.
    expect(grid[0]!.cells[12]!.segments[0]!.play.kind).toBe('playlists');
    expect(campaignsShown(grid)).toEqual([40]);
  });

  it('an ad never takes the screen over: it plays inside the loop (docs/ads.md#manifest)', () => {
    const ad = campaign({ id: 41, type: 'ad', advertiserId: 1, goalKind: 'flight', goalPlays: 10, capPerHour: 2 });
    expect(campaignsShown(buildWeekGrid([ad], [7], NOW, SP))).toEqual([]);
  });

  it('a window across midnight plays into the next day; high priority wins; nothing assigned is none', () => {
    const night = campaign({ id: 50, schedule: { weekdays: [5], startTime: '22:00', endTime: '02:00' } });
    const high = campaign({
      id: 51,
      priority: 'high',
      schedule: { weekdays: [6], startTime: '01:00', endTime: '03:00' },
    });
    const grid = buildWeekGrid([night, high], [null], NOW, SP);
    expect(grid[5]!.cells[21]!.segments[0]!.play).toEqual({ kind: 'none' });
    expect(grid[5]!.cells[23]!.segments[0]!.play).toEqual({ kind: 'campaign', campaignId: 50 });
    expect(grid[6]!.cells[0]!.segments[0]!.play).toEqual({ kind: 'campaign', campaignId: 50 });
    expect(grid[6]!.cells[1]!.segments[0]!.play).toEqual({ kind: 'campaign', campaignId: 51 });
    expect(grid[6]!.cells[3]!.segments[0]!.play).toEqual({ kind: 'none' });
  });

  it('start and end dates inside an hour split it; drafts never show', () => {
    const dated = campaign({ id: 60, startDate: '2026-06-09T13:15:00.000Z', endDate: '2026-06-09T14:45:00.000Z' }); // Tue 10:15–11:45
    const draft = campaign({ id: 61, status: 'draft', allDevices: true });
    const grid = buildWeekGrid([dated, draft], [3], NOW, SP);
    expect(grid[2]!.cells[10]!.segments.map((s) => s.minute)).toEqual([0, 15]);
    expect(grid[2]!.cells[11]!.segments).toEqual([
      { minute: 0, play: { kind: 'campaign', campaignId: 60 } },
      { minute: 45, play: { kind: 'playlists', playlistIds: [3] } },
    ]);
    expect(campaignsShown(grid)).toEqual([60]);
  });

  it('an emergency takes the screen; in a zone with daylight saving the hours follow the wall clock', () => {
    const emergency = campaign({ id: 70, priority: 'emergency', startDate: '2026-06-10T15:00:00.000Z' });
    const grid = buildWeekGrid([emergency], [1, 2], NOW, SP);
    expect(grid[3]!.cells[11]!.segments[0]!.play).toEqual({ kind: 'playlists', playlistIds: [1, 2] });
    expect(grid[3]!.cells[12]!.segments[0]!.play).toEqual({ kind: 'campaign', campaignId: 70 });
    // Lisbon in June is UTC+1: 09:00–10:00 local.
    const morning = campaign({ id: 71, schedule: { weekdays: [3], startTime: '09:00', endTime: '10:00' } });
    const lisbon = buildWeekGrid([morning], [1], NOW, 'Europe/Lisbon');
    expect(lisbon[3]!.cells[9]!.segments[0]!.play).toEqual({ kind: 'campaign', campaignId: 71 });
    expect(lisbon[3]!.cells[10]!.segments[0]!.play.kind).toBe('playlists');
  });
});

describe('week grid: a zone layout', () => {
  // The L: Principal, Lateral, Rodapé, each with its playlist (docs/layouts.md#devices).
  const L = ['principal', 'lateral', 'rodape'];

  it('each zone shows its own play: a campaign for "principal" leaves the side and the bottom strip their playlists', () => {
    const lunch = campaign({
      id: 80,
      zones: ['principal'],
      schedule: { weekdays: [1], startTime: '12:00', endTime: '13:15' },
    });
    const grid = buildWeekGrid([lunch], [1, 2, 3], NOW, SP, L);
    const monday = grid[1]!;
    const playlists = { kind: 'zones', zones: [1, 2, 3].map((id) => ({ kind: 'playlist', playlistId: id })) };
    expect(monday.cells[11]!.segments).toEqual([{ minute: 0, play: playlists }]);
    const withLunch = {
      kind: 'zones',
      zones: [
        { kind: 'campaign', campaignId: 80 },
        { kind: 'playlist', playlistId: 2 },
        { kind: 'playlist', playlistId: 3 },
      ],
    };
    expect(monday.cells[12]!.segments).toEqual([{ minute: 0, play: withLunch }]);
    expect(monday.cells[13]!.segments).toEqual([
      { minute: 0, play: withLunch },
      { minute: 15, play: playlists },
    ]);
    expect(campaignsShown(grid)).toEqual([80]);
  });

  it('a campaign of every zone fills them all; an empty zone is none; a higher priority wins only where it plays', () => {
    const everywhere = campaign({ id: 81 });
    const footer = campaign({ id: 82, priority: 'high', zones: ['rodape'] });
    const grid = buildWeekGrid([everywhere, footer], [1, null, 3], NOW, SP, L);
    expect(grid[0]!.cells[0]!.segments).toEqual([
      {
        minute: 0,
        play: {
          kind: 'zones',
          zones: [
            { kind: 'campaign', campaignId: 81 },
            { kind: 'campaign', campaignId: 81 },
            { kind: 'campaign', campaignId: 82 },
          ],
        },
      },
    ]);
    expect(campaignsShown(grid)).toEqual([81, 82]);
    const alone = buildWeekGrid([], [1, null, 3], NOW, SP, L);
    expect(alone[0]!.cells[0]!.segments[0]!.play).toEqual({
      kind: 'zones',
      zones: [{ kind: 'playlist', playlistId: 1 }, { kind: 'none' }, { kind: 'playlist', playlistId: 3 }],
    });
  });

  it('an emergency takes the whole screen; a campaign for zones the layout lacks plays in its first zone', () => {
    const emergency = campaign({ id: 83, priority: 'emergency', startDate: '2026-06-10T15:30:00.000Z' });
    const grid = buildWeekGrid([emergency], [1, 2, 3], NOW, SP, L);
    expect(grid[3]!.cells[12]!.segments.map((s) => s.play.kind)).toEqual(['zones', 'campaign']);
    expect(grid[3]!.cells[12]!.segments[1]).toEqual({ minute: 30, play: { kind: 'campaign', campaignId: 83 } });
    expect(campaignsShown(grid)).toEqual([83]);
    const columns = ['zona-1', 'zona-2', 'zona-3'];
    const main = campaign({ id: 84, zones: ['principal'] });
    expect(buildWeekGrid([main], [1, 2, 3], NOW, SP, columns)[0]!.cells[0]!.segments[0]!.play).toEqual({
      kind: 'zones',
      zones: [
        { kind: 'campaign', campaignId: 84 },
        { kind: 'playlist', playlistId: 2 },
        { kind: 'playlist', playlistId: 3 },
      ],
    });
  });
});
