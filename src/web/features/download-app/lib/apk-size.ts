import { TV_APP } from '@contract/constants';
import { formatBytes } from '@web/lib/format';

/**
 * The size the page shows: the real file's when the server has one (what the TV will download),
 * otherwise the catalogue figure of docs/product.md#constants.
 */
export function apkSizeLabel(sizeBytes: number | null | undefined): string {
  return typeof sizeBytes === 'number' && sizeBytes > 0 ? formatBytes(sizeBytes) : TV_APP.sizeLabel;
}
