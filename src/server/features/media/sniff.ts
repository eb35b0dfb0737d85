import type { UploadMimeType } from '../../../contract/media';

/** How many leading bytes the sniffer wants before deciding (fewer only when the file is shorter). */
export const SNIFF_BYTES = 512;

const ascii = (buf: Buffer, start: number, end: number) => buf.toString('latin1', start, end);
const startsWith = (buf: Buffer, bytes: number[]) => bytes.every((b, i) => buf[i] === b);

/** ISO-BMFF major brands that mean an MP4 video (not AVIF/HEIC images, not audio-only M4A). */
const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'mp41',
  'mp42',
  'mp71',
  'avc1',
  'M4V ',
  'M4VH',
  'M4VP',
  'dash',
  'mmp4',
  'MSNV',
  'NDAS',
  'f4v ',
]);
/** Atoms an old QuickTime file may open with before any `ftyp` existed. */
const QUICKTIME_ATOMS = new Set(['moov', 'mdat', 'wide', 'pnot']);

/**
 * The media type from the file's first bytes (docs/media.md#types): never from its name or the type the
 * client declared. A PDF is `%PDF-` at its very start (readers accept it a little later; we do
 * not, so a polyglot cannot pass as one). Returns null for anything we do not accept, SVG and HTML included, since those
 * are text that a browser could run.
 */
export function sniffMediaType(head: Buffer): UploadMimeType | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (ascii(head, 0, 5) === '%PDF-') return 'application/pdf';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (ascii(head, 0, 6) === 'GIF87a' || ascii(head, 0, 6) === 'GIF89a') return 'image/gif';
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return 'image/webp';
  if (head.length >= 12 && ascii(head, 4, 8) === 'ftyp') {
    const brand = ascii(head, 8, 12);
    if (brand === 'qt  ') return 'video/quicktime';
    return MP4_BRANDS.has(brand) ? 'video/mp4' : null;
  }
  if (head.length >= 8 && QUICKTIME_ATOMS.has(ascii(head, 4, 8))) return 'video/quicktime';
  // EBML (Matroska family): only the WebM doctype, which sits in the first few dozen bytes.
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) {
    const docType = head.indexOf(Buffer.from([0x42, 0x82]));
    if (docType > 0 && docType < 64 && ascii(head, docType + 2, docType + 14).includes('webm')) return 'video/webm';
    return null;
  }
  return null;
}

export const EXTENSIONS: Record<UploadMimeType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
  'video/webm': 'webm',
  'application/pdf': 'pdf',
};
