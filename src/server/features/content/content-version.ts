import { createHash } from 'node:crypto';

/**
 * What a content item shows, hashed: its `sha256` (docs/content.md#manifest). The player takes a
 * new hash for a new item, so an edit is swapped in like a replaced file. A web page's refused
 * framing is part of what it shows (the notice instead of the frame).
 */
export const contentVersion = (kind: string, options: unknown, framingRefused = false) =>
  createHash('sha256')
    .update(`${kind}\n${JSON.stringify(options)}${framingRefused ? '\nframing refused' : ''}`)
    .digest('hex');
