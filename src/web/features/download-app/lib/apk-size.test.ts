import { describe, expect, it } from 'vitest';
import { apkSizeLabel } from './apk-size';

describe('apkSizeLabel', () => {
  it('shows the real file size in pt-BR when the server has the APK', () => {
    expect(apkSizeLabel(37_640)).toBe('36,76 KB');
    expect(apkSizeLabel(4_404_019)).toBe('4,20 MB');
  });

  it('falls back to the catalogue figure without a file', () => {
    expect(apkSizeLabel(null)).toBe('4.2 MB');
    expect(apkSizeLabel(undefined)).toBe('4.2 MB');
    expect(apkSizeLabel(0)).toBe('4.2 MB');
  });
});
