import { describe, expect, it } from 'vitest';
import { deviceServerMessageSchema } from '@contract/realtime';
import { onContentChanged, parseServerMessage } from './device-messages';

const manifest = {
  version: 'v2',
  device: { id: 7, name: 'TV', layout: 'single', orientation: 'horizontal', resolution: '1920x1080' },
  windows: [
    {
      playlistId: 3,
      name: 'Vitrine',
      startDate: null,
      durationDays: 0,
      items: [
        {
          mediaId: 1,
          url: '/api/tv/media/1?device=7&expires=1&signature=x',
          mimeType: 'image/png',
          size: 10,
          sha256: 'f'.repeat(64),
          duration: 8,
        },
      ],
    },
  ],
  campaigns: [],
  timeZone: 'America/Sao_Paulo',
  serverTime: '2026-05-07T12:00:00.000Z',
};

describe('device socket messages (player)', () => {
  it('reads every message the contract defines, the pushed manifest included', () => {
    const sent = [
      { type: 'content_changed', version: 'v2', manifestFollows: true },
      { type: 'manifest', manifest },
      { type: 'disconnect' },
      { type: 'screenshot' },
      { type: 'reload' },
      { type: 'heartbeat_ack', contentVersion: 'v2', serverTime: '2026-05-07T12:00:00.000Z' },
    ];
    for (const message of sent) {
      expect(deviceServerMessageSchema.parse(message)).toEqual(message);
      expect(parseServerMessage(JSON.stringify(message))).toEqual(message);
    }
    // An older server's ack says no time: the player keeps the offset it has.
    expect(parseServerMessage('{"type":"heartbeat_ack","contentVersion":null}')).toEqual({
      type: 'heartbeat_ack',
      contentVersion: null,
      serverTime: null,
    });
    // An older server: no announcement, so no wait for a push.
    expect(parseServerMessage('{"type":"content_changed","version":"v2"}')).toEqual({
      type: 'content_changed',
      version: 'v2',
      manifestFollows: false,
    });
  });

  it('drops what it cannot use: a pushed manifest fails the same check as a fetched one', () => {
    for (const data of [
      'not json',
      'null',
      '{"type":"content_changed"}',
      '{"type":"something_new"}',
      JSON.stringify({ type: 'manifest', manifest: { ...manifest, version: 2 } }),
      JSON.stringify({ type: 'manifest', manifest: { ...manifest, device: { ...manifest.device, layout: 'triple' } } }),
      JSON.stringify({ type: 'manifest', manifest: { ...manifest, windows: [{ items: 'x' }] } }),
      JSON.stringify({ type: 'manifest' }),
    ]) {
      expect(parseServerMessage(data), data).toBeNull();
    }
  });

  it('waits for an announced manifest, fetches when none is announced, and ignores the version held', () => {
    expect(onContentChanged('v1', { version: 'v2', manifestFollows: true })).toBe('wait');
    expect(onContentChanged('v1', { version: 'v2' })).toBe('fetch');
    expect(onContentChanged(null, { version: 'v2', manifestFollows: false })).toBe('fetch');
    expect(onContentChanged('v2', { version: 'v2', manifestFollows: true })).toBe('none');
    expect(onContentChanged('v2', { version: 'v2' })).toBe('none');
  });
});
