import type { Readable } from 'node:stream';
import {
  AD_STATEMENT_LABELS as L,
  campaignLabel,
  formatCents,
  formatCountBr,
  formatDayBr,
  formatInstantBr,
  formatPeriodBr,
  screenLabel,
} from '../../../contract/ad-statement-format';
import type { AdStatement } from '../../../contract/ad-statements';
import { formatDocument } from '../../../contract/ads-forms';
import { PdfFlow, type PdfColumn } from '../../lib/pdf/pdf-flow';
import type { MediaStore } from '../../storage/media-store';
import type { ScreenshotKeys } from './advertiser-statement-service';

/**
 * A statement as a PDF in pt-BR (docs/ads.md#statements): the company, the advertiser, the period,
 * the totals, the campaigns, the plays per screen and day, and each screen's latest screenshot with
 * its date (the proof that the screen was there and on), when it has one.
 */

/** Screenshots drawn at most: a statement of hundreds of screens stays a few megabytes. */
const MAX_SCREENSHOTS = 24;
/** A screenshot larger than this is not drawn (the TVs send a few hundred kilobytes). */
const MAX_SCREENSHOT_BYTES = 4 * 1024 * 1024;

const figureColumns: PdfColumn[] = [
  { header: L.plays, share: 0.16, align: 'right' },
  { header: L.audience, share: 0.2, align: 'right' },
  { header: L.amount, share: 0.19, align: 'right' },
];
const figureCells = (f: { plays: number; audience: number; amountCents: number }) => [
  formatCountBr(f.plays),
  formatCountBr(f.audience),
  formatCents(f.amountCents),
];

async function readAll(stream: Readable, limit: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > limit) {
      stream.destroy();
      return null;
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** The screenshot's bytes, or an empty buffer (the caption alone) when the store no longer has it. */
async function screenshotBytes(store: MediaStore, key: string): Promise<Buffer> {
  try {
    return (await readAll(await store.read(key), MAX_SCREENSHOT_BYTES)) ?? Buffer.alloc(0);
  } catch {
    return Buffer.alloc(0);
  }
}

export async function advertiserStatementPdf(
  statement: AdStatement,
  screenshots: ScreenshotKeys,
  store: MediaStore,
): Promise<Buffer> {
  const { advertiser, totals, timeZone } = statement;
  const flow = new PdfFlow(`${L.title} — ${advertiser.name}`, new Date(statement.generatedAt))
    .heading(L.title)
    .pairs([
      [L.company, statement.company.name],
      [L.advertiser, advertiser.name],
      ...(advertiser.document ? [[L.document, formatDocument(advertiser.document)] as const] : []),
      [L.period, formatPeriodBr(statement.period)],
      [L.timeZone, timeZone],
      [L.generatedAt, formatInstantBr(statement.generatedAt, timeZone)],
    ])
    .gap()
    .heading(L.totals, 12)
    .pairs([
      [L.plays, formatCountBr(totals.plays)],
      [L.audience, formatCountBr(totals.audience)],
      [L.amount, formatCents(totals.amountCents)],
    ])
    .gap();
  if (statement.screens.length === 0) return flow.line(L.noPlays).toBuffer();

  flow
    .heading(L.byCampaign, 12)
    .table(
      [{ header: L.campaign, share: 0.45 }, ...figureColumns],
      statement.campaigns.map((c) => [campaignLabel(c), ...figureCells(c)]),
    )
    .heading(L.byScreenAndDay, 12)
    .table(
      [{ header: L.screen, share: 0.3 }, { header: L.day, share: 0.15 }, ...figureColumns],
      statement.screens.flatMap((screen) =>
        screen.days.map((d) => [screenLabel(screen), formatDayBr(d.day), ...figureCells(d)]),
      ),
      { footer: [L.total, '', ...figureCells(totals)] },
    );

  const shown = statement.screens.filter((s) => screenshots.has(s.id)).slice(0, MAX_SCREENSHOTS);
  if (shown.length) flow.heading(L.screens, 12);
  for (const screen of shown) {
    const bytes = await screenshotBytes(store, screenshots.get(screen.id)!);
    const where = screen.location ? ` (${screen.location})` : '';
    const when = screen.screenshotAt ? `, ${L.screenshotOf} ${formatInstantBr(screen.screenshotAt, timeZone)}` : '';
    flow.image(bytes, `${screenLabel(screen)}${where}${when}`);
  }
  return flow.toBuffer();
}
