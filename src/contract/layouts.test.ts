import { describe, expect, it } from 'vitest';
import {
  BUILT_IN_LAYOUTS,
  layoutIdParamsSchema,
  layoutInputSchema,
  nameKey,
  validateZones,
  zonesOverlap,
  type LayoutInput,
  type ZoneInput,
} from './layouts';
import { messages } from './messages';

const zone = (name: string, x: number, y: number, width: number, height: number, extra: Partial<ZoneInput> = {}) => ({
  name,
  x,
  y,
  width,
  height,
  ...extra,
});
const layout = (zones: ZoneInput[], extra: Partial<LayoutInput> = {}): LayoutInput => ({
  name: 'Vitrine',
  orientation: 'horizontal',
  zones,
  ...extra,
});
/** The messages a body is refused with, in order (empty when it is accepted). */
const refusals = (input: unknown) => {
  const result = layoutInputSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => i.message);
};

describe('layout schema (docs/layouts.md#rules)', () => {
  it('accepts every built-in, in both orientations, as the editor would send it', () => {
    expect(new Set(BUILT_IN_LAYOUTS.map((l) => l.id)).size).toBe(BUILT_IN_LAYOUTS.length);
    for (const builtIn of BUILT_IN_LAYOUTS) {
      expect(refusals({ name: builtIn.name, orientation: builtIn.orientation, zones: builtIn.zones })).toEqual([]);
      expect(builtIn.id).toBeLessThan(0);
      expect(builtIn.builtIn).toBe(true);
    }
    const names = (orientation: string) =>
      BUILT_IN_LAYOUTS.filter((l) => l.orientation === orientation).map((l) => l.name);
    expect(names('horizontal')).toEqual([
      'Tela Única',
      'Tela Dupla',
      'Principal + rodapé',
      'L',
      'Imagem na imagem',
      'Três colunas',
      'Quatro quadrantes',
    ]);
    expect(names('vertical')).toHaveLength(7);
  });

  it('draws Tela Dupla as the player does: side by side when horizontal, stacked when vertical', () => {
    const rects = (orientation: string) =>
      BUILT_IN_LAYOUTS.find((l) => l.name === 'Tela Dupla' && l.orientation === orientation)!.zones.map((z) => [
        z.x,
        z.y,
        z.width,
        z.height,
      ]);
    expect(rects('horizontal')).toEqual([
      [0, 0, 50, 100],
      [50, 0, 50, 100],
    ]);
    expect(rects('vertical')).toEqual([
      [0, 0, 100, 50],
      [0, 50, 100, 50],
    ]);
  });

  it('fills a screen with no gap and no overlap in the tiled built-ins (area 100 %)', () => {
    for (const l of BUILT_IN_LAYOUTS.filter((l) => l.name !== 'Imagem na imagem')) {
      const area = l.zones.reduce((sum, z) => sum + Math.round(z.width * 100) * Math.round(z.height * 100), 0);
      expect(area, `${l.name} ${l.orientation}`).toBe(10_000 * 10_000);
    }
  });

  it('refuses a zone outside the screen, naming it', () => {
    expect(refusals(layout([zone('Rodapé', 0, 90, 100, 15)]))).toEqual(['A zona "Rodapé" sai da tela.']);
    expect(refusals(layout([zone('Lado', 80, 0, 30, 100)]))).toEqual([messages.layouts.zoneOutside('Lado')]);
    expect(refusals(layout([zone('Antes', -1, 0, 50, 50)]))).toEqual([messages.layouts.zoneOutside('Antes')]);
    // Exactly at the edge is inside.
    expect(refusals(layout([zone('Canto', 66.67, 0, 33.33, 100)]))).toEqual([]);
  });

  it('refuses 0 zones and 9 zones; accepts 8', () => {
    expect(refusals(layout([]))).toEqual([messages.layouts.zonesRequired]);
    const grid = (n: number) => Array.from({ length: n }, (_, i) => zone(`Zona ${i + 1}`, i * 10, 0, 10, 100));
    expect(refusals(layout(grid(9)))).toEqual([messages.layouts.tooManyZones]);
    expect(refusals(layout(grid(8)))).toEqual([]);
    expect(refusals({ name: 'X', orientation: 'horizontal' })).toEqual([messages.layouts.zonesRequired]);
  });

  it('refuses duplicate zone names, whatever the case, accents and spaces; and duplicate keys', () => {
    expect(refusals(layout([zone('Rodapé', 0, 0, 50, 100), zone(' RODAPE ', 50, 0, 50, 100)]))).toEqual([
      messages.layouts.zoneNameDuplicate('RODAPE'),
    ]);
    expect(refusals(layout([zone('A', 0, 0, 50, 100, { key: 'a' }), zone('B', 50, 0, 50, 100, { key: 'a' })]))).toEqual(
      [messages.layouts.zoneKeyDuplicate('a')],
    );
    expect(nameKey('  Área   de  Espera ')).toBe(nameKey('area de espera'));
  });

  it('refuses two zones overlapping on the same layer, and accepts the upper one on a higher z', () => {
    const pip = [zone('Principal', 0, 0, 100, 100), zone('Destaque', 65, 5, 30, 30)];
    expect(refusals(layout(pip))).toEqual([
      'As zonas "Principal" e "Destaque" se sobrepõem na mesma camada. Afaste uma da outra ou coloque uma acima da outra.',
    ]);
    expect(refusals(layout([pip[0]!, { ...pip[1]!, z: 1 }]))).toEqual([]);
    // Edges that touch are not an overlap.
    expect(zonesOverlap(zone('a', 0, 0, 50, 50), zone('b', 50, 0, 50, 50))).toBe(false);
    expect(zonesOverlap(zone('a', 0, 0, 50.01, 50), zone('b', 50, 0, 50, 50))).toBe(true);
  });

  it('takes at most two decimals, and a width and height above zero', () => {
    expect(refusals(layout([zone('Topo', 0, 0, 33.333, 100)]))).toEqual([messages.layouts.zoneDecimals('Topo')]);
    expect(refusals(layout([zone('Topo', 0.01, 0.99, 12.34, 56.78)]))).toEqual([]);
    expect(refusals(layout([zone('Vazia', 10, 10, 0, 50)]))).toEqual([messages.layouts.zoneEmpty('Vazia')]);
    expect(refusals(layout([zone('Vazia', 10, 10, 50, -5)]))).toEqual([messages.layouts.zoneEmpty('Vazia')]);
  });

  it('refuses field by field in pt-BR: names, orientation, layer, fit, key, a number as text', () => {
    expect(refusals(layout([zone('A', 0, 0, 100, 100)], { name: '  ' }))).toEqual([messages.layouts.nameRequired]);
    expect(refusals({ ...layout([zone('A', 0, 0, 100, 100)]), orientation: 'diagonal' })).toEqual([
      messages.layouts.orientationInvalid,
    ]);
    expect(refusals(layout([zone(' ', 0, 0, 100, 100)]))).toEqual([messages.layouts.zoneNameRequired]);
    expect(refusals(layout([zone('A', 0, 0, 100, 100, { z: 1.5 })]))).toEqual([messages.layouts.zoneZInvalid]);
    expect(refusals(layout([{ ...zone('A', 0, 0, 100, 100), fit: 'stretch' as 'cover' }]))).toEqual([
      messages.layouts.zoneFitInvalid,
    ]);
    expect(refusals(layout([zone('A', 0, 0, 100, 100, { key: 'Zona 1' })]))).toEqual([messages.layouts.zoneKeyInvalid]);
    expect(refusals(layout([{ ...zone('A', 0, 0, 100, 100), x: '0' as unknown as number }]))).toEqual([
      messages.layouts.zoneNumber,
    ]);
  });

  it('gives keys to the zones sent without, keeps the ones sent, and defaults z and fit', () => {
    const parsed = layoutInputSchema.parse(
      layout([zone('A', 0, 0, 50, 100), zone('B', 50, 0, 50, 50, { key: 'zona-1' }), zone('C', 50, 50, 50, 50)]),
    );
    expect(parsed.zones.map((z) => [z.key, z.z, z.fit])).toEqual([
      ['zona-2', 0, 'contain'],
      ['zona-1', 0, 'contain'],
      ['zona-3', 0, 'contain'],
    ]);
  });

  it('keeps positions as exact hundredths', () => {
    const parsed = layoutInputSchema.parse(layout([zone('A', 0.1 + 0.2, 0, 33.33 + 33.34, 100)]));
    expect(parsed.zones[0]).toMatchObject({ x: 0.3, width: 66.67 });
  });

  it('gives the editor the same issues, with where to show them', () => {
    expect(validateZones([zone('A', 0, 0, 100, 100), zone('B', 10, 10, 10, 10)])).toEqual([
      { path: [1, 'x'], message: messages.layouts.zonesOverlap('A', 'B') },
    ]);
    expect(validateZones([zone('A', 0, 0, 100, 100, { z: 0 }), zone('B', 10, 10, 10, 10, { z: 2 })])).toEqual([]);
  });

  it('reads a path id: a workspace layout or a built-in, nothing else', () => {
    expect(layoutIdParamsSchema.parse({ id: '12' })).toEqual({ id: 12 });
    expect(layoutIdParamsSchema.parse({ id: '-3' })).toEqual({ id: -3 });
    for (const bad of ['0', '-0', '01', '+1', '1.0', '2147483648', '-2147483648', 'abc', '--1'])
      expect(layoutIdParamsSchema.safeParse({ id: bad }).success, bad).toBe(false);
  });
});
