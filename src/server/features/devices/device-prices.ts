import type { Tx } from '../../db/client';
import { devicePrices } from '../../db/schema';

/** What a screen sells (docs/ads.md#price-history). */
interface SellingFigures {
  partnerId: number | null;
  pricePerPlayCents: number | null;
  audiencePerPlay: number | null;
}

/**
 * In the save's transaction: a new row of the screen's price history when its partner, price or
 * audience is set for the first time or changes, in force from the save (the transaction's time).
 * Counted plays take the row in force when they started (features/plays/play-service.ts).
 */
export async function recordSellingFigures(
  tx: Tx,
  before: SellingFigures | null,
  after: SellingFigures & { id: number; workspaceId: number },
): Promise<void> {
  const same =
    before &&
    before.partnerId === after.partnerId &&
    before.pricePerPlayCents === after.pricePerPlayCents &&
    before.audiencePerPlay === after.audiencePerPlay;
  if (same) return;
  await tx.insert(devicePrices).values({
    workspaceId: after.workspaceId,
    deviceId: after.id,
    partnerId: after.partnerId,
    pricePerPlayCents: after.pricePerPlayCents,
    audiencePerPlay: after.audiencePerPlay,
  });
}
