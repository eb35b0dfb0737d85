import { describe, expect, it } from 'vitest';
import { attachmentHeader, matchesEtag } from './file-reply';
import { sanitizeOriginalName } from './media-presenter';

describe('file answers', () => {
  it('compares entity tags weakly, in lists and with *', () => {
    expect(matchesEtag('"abc"', '"abc"')).toBe(true);
    expect(matchesEtag('W/"abc"', '"abc"')).toBe(true);
    expect(matchesEtag('"x", "abc"', '"abc"')).toBe(true);
    expect(matchesEtag('*', '"abc"')).toBe(true);
    expect(matchesEtag('"abcd"', '"abc"')).toBe(false);
    expect(matchesEtag(undefined, '"abc"')).toBe(false);
  });

  it('names downloads safely, with RFC 5987 for non-ASCII names', () => {
    expect(attachmentHeader('video.mp4')).toBe('attachment; filename="video.mp4"');
    expect(attachmentHeader('Café "bom".png')).toBe(
      `attachment; filename="Caf_ _bom_.png"; filename*=UTF-8''Caf%C3%A9%20%22bom%22.png`,
    );
  });

  it('sanitizes original names for display', () => {
    expect(sanitizeOriginalName('C:\\Users\\ana\\foto.png', 'png')).toBe('foto.png');
    expect(sanitizeOriginalName('a\u0000b\u202E\tc.png', 'png')).toBe('ab c.png');
    expect(sanitizeOriginalName('  ..  ', 'jpg')).toBe('arquivo.jpg');
    expect(sanitizeOriginalName(undefined, 'mp4')).toBe('arquivo.mp4');
    expect(sanitizeOriginalName('.bashrc', 'png')).toBe('bashrc');
  });
});
