import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '@web/lib/api-error';
import { aDevice } from '@web/test/device-fixture';
import { deviceValues, freshAuthCode, initialDeviceValues, isDuplicateCodeError, newDeviceValues } from './device-form';

describe('newDeviceValues', () => {
  it('starts horizontal, single, Full HD, without a group and with a 6-digit code', () => {
    const values = newDeviceValues(() => 0.000042);
    expect(values).toEqual({
      name: '',
      location: '',
      orientation: 'horizontal',
      layout: 'single',
      layoutId: null,
      resolution: '1920x1080',
      groupId: null,
      openingHours: null,
      authCode: '000042',
    });
  });
});

describe('deviceValues', () => {
  it('takes the device fields the form edits', () => {
    const device = {
      id: 7,
      userId: 1,
      name: 'TV',
      location: 'Sala',
      resolution: '1366x768',
      orientation: 'vertical' as const,
      layout: 'dual' as const,
      authCode: '123456',
      paired: true,
      status: 'online' as const,
      lastSeen: null,
      activeSessionId: null,
      assignedPlaylistId1: null,
      assignedPlaylistId2: null,
      layoutId: null,
      zonePlaylistIds: [null, null],
      openingHours: null,
      groupId: 3,
      partnerId: null,
      pricePerPlayCents: null,
      audiencePerPlay: null,
      createdAt: '2025-01-01T00:00:00.000Z',
      nowPlaying: null,
      screenshotAt: null,
      health: null,
    };
    expect(deviceValues(device)).toEqual({
      name: 'TV',
      location: 'Sala',
      orientation: 'vertical',
      layout: 'dual',
      layoutId: null,
      resolution: '1366x768',
      groupId: 3,
      openingHours: null,
      authCode: '123456',
    });
  });

  it('an admin also gets the Anúncios fields as text; a user gets none, so none are sent (docs/ads.md#pages)', () => {
    const device = aDevice({ partnerId: 5, pricePerPlayCents: 1050, audiencePerPlay: 1200 });
    expect(initialDeviceValues(device, true).ads).toEqual({
      partnerId: 5,
      pricePerPlay: '10,50',
      audiencePerPlay: '1200',
    });
    expect(initialDeviceValues(null, true).ads).toEqual({ partnerId: null, pricePerPlay: '', audiencePerPlay: '' });
    expect(initialDeviceValues(device, false)).not.toHaveProperty('ads');
  });
});

describe('isDuplicateCodeError', () => {
  it('recognizes a 409 and the AUTH_CODE_DUPLICATE code', () => {
    expect(
      isDuplicateCodeError(new ApiRequestError(409, '{"message":"x","code":"AUTH_CODE_DUPLICATE"}', 'Conflict')),
    ).toBe(true);
    expect(isDuplicateCodeError(new ApiRequestError(409, '', 'Conflict'))).toBe(true);
    expect(
      isDuplicateCodeError(new ApiRequestError(400, '{"message":"x","code":"AUTH_CODE_DUPLICATE"}', 'Bad Request')),
    ).toBe(true);
    expect(isDuplicateCodeError(new Error('409: {"message":"x"}'))).toBe(true);
  });

  it('leaves other failures alone', () => {
    expect(isDuplicateCodeError(new ApiRequestError(400, '{"message":"Resolução é obrigatória"}', 'Bad Request'))).toBe(
      false,
    );
    expect(isDuplicateCodeError(new ApiRequestError(500, 'oops', 'Internal'))).toBe(false);
    expect(isDuplicateCodeError(new TypeError('Failed to fetch'))).toBe(false);
  });
});

describe('freshAuthCode', () => {
  it('never gives back the refused code', () => {
    const sequence = [0.123456, 0.123456, 0.654321];
    let i = 0;
    expect(freshAuthCode('123456', () => sequence[i++]!)).toBe('654321');
  });

  it('falls back to the next number when the random source keeps repeating', () => {
    expect(freshAuthCode('999999', () => 0.9999995)).toBe('000000');
  });
});
