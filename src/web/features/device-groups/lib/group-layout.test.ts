import { BUILT_IN_LAYOUTS } from '@contract/layouts';
import { describe, expect, it } from 'vitest';
import { groupLayoutChoices, groupLayoutId } from './group-layout';

describe('group layout choices', () => {
  it('a group of one orientation may take any layout of it; a mixed one only Tela Única or Tela Dupla', () => {
    const vertical = new Set(['vertical'] as const);
    expect(groupLayoutChoices(BUILT_IN_LAYOUTS, vertical).map((c) => `${c.value} ${c.label}`)).toEqual([
      'single Tela Única',
      'dual Tela Dupla',
      '-10 Principal + rodapé',
      '-11 L',
      '-12 Imagem na imagem',
      '-13 Três faixas',
      '-14 Quatro quadrantes',
    ]);
    const mixed = new Set(['vertical', 'horizontal'] as const);
    expect(groupLayoutChoices(BUILT_IN_LAYOUTS, mixed).map((c) => c.value)).toEqual(['single', 'dual']);
    expect(groupLayoutId('dual', vertical)).toBe(-9);
    expect(groupLayoutId('-11', vertical)).toBe(-11);
  });
});
