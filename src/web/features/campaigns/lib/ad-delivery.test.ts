import { campaign } from '@web/lib/test-campaign';
import { describe, expect, it } from 'vitest';
import { adOnAir, deliveryPercent } from './ad-delivery';

const delivery = { counted: 0, goal: 40, projection: 0, allowancePerScreen: 2 };
const now = Date.parse('2026-06-10T15:00:00.000Z');
const flight = { startDate: '2026-06-01T03:00:00.000Z', endDate: '2026-06-30T03:00:00.000Z' };

describe('ad delivery', () => {
  it('the share of the goal, rounded, never past 100; no goal reads 0', () => {
    expect(deliveryPercent({ counted: 32, goal: 40 })).toBe(80);
    expect(deliveryPercent({ counted: 1, goal: 3 })).toBe(33);
    expect(deliveryPercent({ counted: 45, goal: 40 })).toBe(100);
    expect(deliveryPercent({ counted: 0, goal: 0 })).toBe(0);
  });

  it('the list is read again only while an ad is on the air', () => {
    const ad = campaign({ type: 'ad', advertiserId: 1, delivery, ...flight });
    expect(adOnAir([ad], now, 'America/Sao_Paulo')).toBe(true);
    expect(adOnAir([{ ...ad, status: 'paused' }], now, 'America/Sao_Paulo')).toBe(false);
    expect(adOnAir([{ ...ad, endDate: '2026-06-05T03:00:00.000Z' }], now, 'America/Sao_Paulo')).toBe(false);
    // A regular campaign on the air has no delivery to follow.
    expect(adOnAir([campaign(flight)], now, 'America/Sao_Paulo')).toBe(false);
    expect(adOnAir(undefined, now, 'America/Sao_Paulo')).toBe(false);
  });
});
