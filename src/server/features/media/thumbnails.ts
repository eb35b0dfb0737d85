import sharp from 'sharp';

/** Thumbnails fit in THUMBNAIL_BOX × THUMBNAIL_BOX pixels (the gallery cards and the playlist picker). */
export const THUMBNAIL_BOX = 320;

// Each upload is a different image: libvips' operation cache would only hold memory.
sharp.cache(false);

/**
 * Writes a WebP thumbnail of an image file or of an encoded frame. Also proves the image decodes:
 * a file that only looks like a JPEG fails here. Only the first frame of an animation is used.
 */
export async function writeThumbnail(input: string | Buffer, target: string): Promise<void> {
  await sharp(input, { failOn: 'error' })
    .rotate() // honour the EXIF orientation of phone photos
    .resize({ width: THUMBNAIL_BOX, height: THUMBNAIL_BOX, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 78 })
    .toFile(target);
}
