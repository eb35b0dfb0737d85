import { describe, expect, it } from 'vitest';
import { createDeviceSearch, normalizeSearch } from './device-search';

const devices = [
  { id: 1, name: 'TV Recepção', location: 'Loja Centro' },
  { id: 2, name: 'Painel Vitrine', location: 'Shopping Norte' },
  { id: 3, name: 'Cardápio', location: 'Praça de Alimentação' },
];

/** A one-off search, as the device list runs it for each term. */
const filterDevices = <T extends { name: string; location: string }>(list: readonly T[], term: string) =>
  createDeviceSearch(list)(term);

describe('device search', () => {
  it('returns the same list when the search is empty or blank', () => {
    expect(filterDevices(devices, '')).toBe(devices);
    expect(filterDevices(devices, '   ')).toBe(devices);
  });

  it('matches a case-insensitive substring of the name', () => {
    expect(filterDevices(devices, 'recep').map((d) => d.id)).toEqual([1]);
    expect(filterDevices(devices, 'PAINEL').map((d) => d.id)).toEqual([2]);
    expect(filterDevices(devices, 'CARDÁPIO').map((d) => d.id)).toEqual([3]);
  });

  it('matches the location too, trimming the term', () => {
    expect(filterDevices(devices, '  norte ').map((d) => d.id)).toEqual([2]);
    expect(filterDevices(devices, 'loja centro').map((d) => d.id)).toEqual([1]);
  });

  it('finds a term in either field and nothing for a miss', () => {
    expect(filterDevices(devices, 'a').map((d) => d.id)).toEqual([1, 2, 3]);
    expect(filterDevices(devices, 'xyz')).toEqual([]);
  });

  it('normalizes the term', () => {
    expect(normalizeSearch('  TV Sala ')).toBe('tv sala');
  });
});

describe('createDeviceSearch', () => {
  it('reuses its keys across terms and never matches across name and location', () => {
    const search = createDeviceSearch([{ name: 'TV Sala', location: 'Centro' }]);
    expect(search('sala')).toHaveLength(1);
    expect(search('centro')).toHaveLength(1);
    expect(search('salacentro')).toHaveLength(0);
    expect(search('sala centro')).toHaveLength(0);
  });
});
