import type SharpModule from 'sharp';

/** Thumbnails fit in THUMBNAIL_BOX × THUMBNAIL_BOX pixels (the gallery cards and the playlist picker). */
export const THUMBNAIL_BOX = 320;

let loading: Promise<typeof SharpModule> | null = null;

/**
 * sharp (libvips) is loaded on the first thumbnail, not at start: it adds to the resident memory, and
 * the embedded default must stay under its target at rest (docs/benchmarks.md#targets) on a server that
 * may go days without an upload.
 */
function loadSharp(): Promise<typeof SharpModule> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    // Each upload is a different image: libvips' operation cache would only hold memory.
    sharp.cache(false);
    return sharp;
  });
  return loading;
}

/**
 * Writes a WebP thumbnail of an image file or of an encoded frame. Also proves the image decodes:
 * a file that only looks like a JPEG fails here. Only the first frame of an animation is used.
 */
export async function writeThumbnail(input: string | Buffer, target: string): Promise<void> {
  const sharp = await loadSharp();
  await sharp(input, { failOn: 'error' })
    .rotate() // honour the EXIF orientation of phone photos
    .resize({ width: THUMBNAIL_BOX, height: THUMBNAIL_BOX, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 78 })
    .toFile(target);
}

/**
 * A rendered PDF page (docs/content.md#pdf) as the WebP a TV shows: already scaled by pdftoppm,
 * so only re-encoded (about a third of the PNG's bytes; every player we ship decodes WebP).
 */
export async function pageImage(input: string): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(input, { failOn: 'error' }).webp({ quality: 82 }).toBuffer();
}

/** A feed item's picture fits this width on screen (docs/content.md#feeds). */
export const FEED_PICTURE_WIDTH = 1280;

/**
 * A feed item's picture (docs/content.md#feeds) as the WebP a TV shows: decoded (which proves it
 * is an image), turned upright, at most 1280 px wide, first frame only. The pixel limit refuses a
 * small file that would decode to an enormous image (a decompression bomb).
 */
export async function feedPictureImage(input: Buffer): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(input, { failOn: 'error', limitInputPixels: 50_000_000 })
    .rotate()
    .resize({ width: FEED_PICTURE_WIDTH, withoutEnlargement: true })
    .webp({ quality: 82 })
    .toBuffer();
}
