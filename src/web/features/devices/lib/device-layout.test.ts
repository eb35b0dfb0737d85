import { BUILT_IN_LAYOUTS } from '@contract/layouts';
import { aZoneLayout } from '@web/test/layout-fixture';
import { describe, expect, it } from 'vitest';
import { fieldsForOrientation, fieldsOfChoice, layoutChoiceValue, layoutChoices } from './device-layout';

const list = [...BUILT_IN_LAYOUTS, aZoneLayout()];

describe('device layout choices', () => {
  it('Tela Única and Tela Dupla first, by their spec names; the rest of the orientation by id', () => {
    expect(layoutChoices(list, 'vertical').map((c) => c.value)).toEqual([
      'single',
      'dual',
      '-10',
      '-11',
      '-12',
      '-13',
      '-14',
    ]);
    expect(layoutChoices(undefined, 'horizontal').map((c) => c.value)).toEqual([
      'single',
      'dual',
      '-3',
      '-4',
      '-5',
      '-6',
      '-7',
    ]);
  });

  it('maps a choice to the form’s fields and back', () => {
    expect(fieldsOfChoice('dual', list)).toEqual({ layout: 'dual', layoutId: null });
    expect(fieldsOfChoice('7', list)).toEqual({ layout: 'dual', layoutId: 7 });
    expect(layoutChoiceValue({ layout: 'dual', layoutId: 7 })).toBe('7');
    expect(layoutChoiceValue({ layout: 'single', layoutId: null })).toBe('single');
  });

  it('another orientation sends a layout of the first one back to Tela Única; Tela Dupla stays', () => {
    expect(fieldsForOrientation({ layout: 'dual', layoutId: -4 }, 'vertical', list)).toEqual({
      layout: 'single',
      layoutId: null,
    });
    expect(fieldsForOrientation({ layout: 'dual', layoutId: -4 }, 'horizontal', list)).toEqual({
      layout: 'dual',
      layoutId: -4,
    });
    expect(fieldsForOrientation({ layout: 'dual', layoutId: null }, 'vertical', list)).toEqual({
      layout: 'dual',
      layoutId: null,
    });
  });
});
