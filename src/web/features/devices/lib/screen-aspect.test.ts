import { describe, expect, it } from 'vitest';
import { screenAspect } from './screen-aspect';

describe('screenAspect', () => {
  it('keeps a horizontal screen wide and stands a vertical one up', () => {
    expect(screenAspect('1920x1080', 'horizontal')).toEqual({ width: 1920, height: 1080 });
    expect(screenAspect('1920x1080', 'vertical')).toEqual({ width: 1080, height: 1920 });
    expect(screenAspect('1080x1920', 'vertical')).toEqual({ width: 1080, height: 1920 });
    expect(screenAspect('1366X768', 'horizontal')).toEqual({ width: 1366, height: 768 });
  });

  it('falls back to 16:9 for a resolution it cannot read', () => {
    expect(screenAspect('Full HD', 'horizontal')).toEqual({ width: 16, height: 9 });
    expect(screenAspect('0x0', 'vertical')).toEqual({ width: 9, height: 16 });
  });
});
