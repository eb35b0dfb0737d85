import { describe, expect, it } from 'vitest';
import { byNameThenId, compareNames } from './sort';

const sorted = (names: string[]) => [...names].sort(compareNames);

describe('compareNames: the one order of names', () => {
  it('puts accented letters with their base letter, whatever the case', () => {
    expect(sorted(['Avenida', 'Ótica', 'área 2', 'Área 1', 'Oficina', 'Açaí', 'Acme', 'Zebra', 'árvore'])).toEqual([
      'Açaí',
      'Acme',
      'Área 1',
      'área 2',
      'árvore',
      'Avenida',
      'Oficina',
      'Ótica',
      'Zebra',
    ]);
  });

  it('ignores case first, then puts lower case before upper case, and an accent after its plain letter', () => {
    expect(sorted(['Área 1', 'AREA 1', 'Area 1', 'area 1', 'zebra', 'Zebra', 'TV b', 'tv b'])).toEqual([
      'area 1',
      'Area 1',
      'AREA 1',
      'Área 1',
      'tv b',
      'TV b',
      'zebra',
      'Zebra',
    ]);
  });

  it('orders numbers by value: TV 2 before TV 10, digits before letters', () => {
    expect(sorted(['TV 10', 'TV 2', 'TV 1', 'Loja', '10', '2', 'TV 100'])).toEqual([
      '2',
      '10',
      'Loja',
      'TV 1',
      'TV 2',
      'TV 10',
      'TV 100',
    ]);
  });

  it('places emoji and symbols before digits and letters, always in the same place', () => {
    expect(sorted(['TV b', 'TV 2', 'TV 🎉', 'TV ~', 'TV 😀', 'TV a'])).toEqual([
      'TV ~',
      'TV 🎉',
      'TV 😀',
      'TV 2',
      'TV a',
      'TV b',
    ]);
  });

  it('is total: names the collator finds equal are ordered by code units, 0 only for the same string', () => {
    const composed = 'Área 1';
    const decomposed = 'A\u0301rea 1';
    expect(compareNames(composed, decomposed)).toBeGreaterThan(0);
    expect(compareNames(decomposed, composed)).toBeLessThan(0);
    expect(compareNames('TV 02', 'TV 2')).toBeLessThan(0);
    expect(compareNames('TV 2', 'TV 2')).toBe(0);
    // Any shuffle sorts to one order.
    const names = ['TV 2', 'TV 02', composed, decomposed, 'área 1', 'TV 🎉', 'tv 2', 'Tv 2'];
    const once = sorted(names);
    for (let i = 0; i < 20; i++) expect(sorted([...names].sort(() => Math.random() - 0.5))).toEqual(once);
  });

  it('byNameThenId breaks equal names by id', () => {
    const list = [
      { id: 3, name: 'TV' },
      { id: 1, name: 'tv' },
      { id: 2, name: 'TV' },
    ];
    expect([...list].sort(byNameThenId).map((d) => d.id)).toEqual([1, 2, 3]);
  });
});
