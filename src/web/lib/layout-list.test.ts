import { BUILT_IN_LAYOUTS } from '@contract/layouts';
import { aZoneLayout } from '@web/test/layout-fixture';
import { describe, expect, it } from 'vitest';
import { layoutsById, screenLayoutLabel, zoneChoices, zoneKeysLabel } from './layout-list';

describe('layout list helpers', () => {
  it('names a screen’s layout: the windows of Tela Única / Dupla, else the layout and its zones', () => {
    const layouts = layoutsById([...BUILT_IN_LAYOUTS, aZoneLayout()]);
    const screen = { layout: 'dual' as const, orientation: 'horizontal' as const };
    expect(screenLayoutLabel({ ...screen, layout: 'single', layoutId: null }, layouts)).toBe('1 Janela');
    expect(screenLayoutLabel({ ...screen, layoutId: null }, layouts)).toBe('2 Janelas');
    expect(screenLayoutLabel({ ...screen, layoutId: -4 }, layouts)).toBe('L · 3 zonas');
    expect(screenLayoutLabel({ ...screen, layoutId: 7 }, layouts)).toBe('Balcão · 3 zonas');
    expect(screenLayoutLabel({ ...screen, layoutId: 70 }, layouts)).toBe('Layout #70');
  });

  it('lists each zone key once, built-ins first, with every name it has', () => {
    const choices = zoneChoices([...BUILT_IN_LAYOUTS, aZoneLayout()]);
    expect(choices.slice(0, 6)).toEqual([
      { key: 'janela-1', label: 'Janela 1' },
      { key: 'janela-2', label: 'Janela 2' },
      { key: 'principal', label: 'Principal' },
      { key: 'rodape', label: 'Rodapé' },
      { key: 'lateral', label: 'Lateral' },
      { key: 'destaque', label: 'Destaque' },
    ]);
    expect(choices.find((c) => c.key === 'zona-2')?.label).toBe('Centro / Superior direito / Preços');
    expect(zoneKeysLabel(['rodape', 'sumida'], choices)).toBe('Rodapé, sumida');
  });
});
