import { A4, PdfDocument, textWidth, type FontName, type PdfPage } from './pdf-document';

/**
 * Top-to-bottom layout over `PdfDocument` (docs/ads.md#pdf): headings, lines of text, tables that
 * continue on the next page with their header repeated, images, and a footer on every page
 * ("Página 2 de 5"). What a statement is made of, nothing more.
 */

const MARGIN = 48;
const FOOTER = 28;
const BOTTOM = A4.height - MARGIN - FOOTER;
export const CONTENT_WIDTH = A4.width - 2 * MARGIN;

export interface PdfColumn {
  header: string;
  /** Share of the content width; the shares of a table add up to 1. */
  share: number;
  align?: 'left' | 'right';
}

/** `text` cut to fit `width` points, ending in "…" when cut. */
export function fitText(text: string, width: number, size: number, font: FontName = 'regular'): string {
  if (textWidth(text, size, font) <= width) return text;
  let cut = text;
  while (cut.length > 0 && textWidth(`${cut}…`, size, font) > width) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

export class PdfFlow {
  private readonly doc: PdfDocument;
  private page: PdfPage;
  private y = MARGIN;

  constructor(
    private readonly title: string,
    createdAt?: Date,
  ) {
    this.doc = new PdfDocument({ title, createdAt });
    this.page = this.doc.addPage();
  }

  /** Starts a new page when `height` more points do not fit on this one; true if it did. */
  private room(height: number): boolean {
    if (this.y + height <= BOTTOM) return false;
    this.page = this.doc.addPage();
    this.y = MARGIN;
    return true;
  }

  heading(text: string, size = 16): this {
    this.room(size * 1.6);
    this.page.text(MARGIN, this.y, fitText(text, CONTENT_WIDTH, size, 'bold'), { size, font: 'bold' });
    this.y += size * 1.6;
    return this;
  }

  line(text: string, options: { size?: number; font?: FontName; gray?: number } = {}): this {
    const size = options.size ?? 10;
    this.room(size * 1.5);
    this.page.text(MARGIN, this.y, fitText(text, CONTENT_WIDTH, size, options.font), { ...options, size });
    this.y += size * 1.5;
    return this;
  }

  gap(points = 8): this {
    this.y += points;
    return this;
  }

  /** Label and value pairs, one per line, the values aligned. */
  pairs(rows: ReadonlyArray<readonly [string, string]>, size = 10): this {
    const labelWidth = Math.max(...rows.map(([label]) => textWidth(label, size, 'bold'))) + 12;
    for (const [label, value] of rows) {
      this.room(size * 1.5);
      this.page.text(MARGIN, this.y, label, { size, font: 'bold' });
      this.page.text(MARGIN + labelWidth, this.y, fitText(value, CONTENT_WIDTH - labelWidth, size), { size });
      this.y += size * 1.5;
    }
    return this;
  }

  table(
    columns: readonly PdfColumn[],
    rows: ReadonlyArray<readonly string[]>,
    options: { footer?: readonly string[] } = {},
  ): this {
    const size = 9;
    const rowHeight = size * 1.9;
    const lefts: number[] = [];
    let left = MARGIN;
    for (const column of columns) {
      lefts.push(left);
      left += column.share * CONTENT_WIDTH;
    }
    const cells = (values: readonly string[], font: FontName) =>
      columns.forEach((column, index) => {
        const width = column.share * CONTENT_WIDTH - 8;
        const text = fitText(values[index] ?? '', width, size, font);
        const x = column.align === 'right' ? lefts[index]! + column.share * CONTENT_WIDTH - 4 : lefts[index]! + 4;
        this.page.text(x, this.y + 4, text, { size, font, align: column.align ?? 'left' });
      });
    const header = () => {
      this.page.rect(MARGIN, this.y, CONTENT_WIDTH, rowHeight, 0.9);
      cells(
        columns.map((column) => column.header),
        'bold',
      );
      this.y += rowHeight;
    };
    this.room(rowHeight * 2);
    header();
    for (const row of rows) {
      if (this.room(rowHeight)) header();
      cells(row, 'regular');
      this.page.line(MARGIN, this.y + rowHeight, MARGIN + CONTENT_WIDTH, this.y + rowHeight, { gray: 0.85 });
      this.y += rowHeight;
    }
    if (options.footer) {
      if (this.room(rowHeight)) header();
      this.page.line(MARGIN, this.y, MARGIN + CONTENT_WIDTH, this.y, { width: 1 });
      cells(options.footer, 'bold');
      this.y += rowHeight;
    }
    return this.gap();
  }

  /** A JPEG with a caption under it, within `height` points; a file that is not a JPEG draws the caption only. */
  image(jpeg: Buffer, caption: string, height = 150): this {
    this.room(height + 18);
    const drawn = this.page.image(jpeg, MARGIN, this.y, CONTENT_WIDTH, height);
    if (drawn) this.y += height + 4;
    this.page.text(MARGIN, this.y, fitText(caption, CONTENT_WIDTH, 8), { size: 8, gray: 0.35 });
    this.y += 18;
    return this;
  }

  toBuffer(): Buffer {
    const pages = this.doc.pageCount;
    for (let index = 0; index < pages; index++) {
      const page = this.doc.page(index);
      const y = A4.height - MARGIN;
      page.line(MARGIN, y - 6, A4.width - MARGIN, y - 6, { gray: 0.7 });
      page.text(MARGIN, y, fitText(this.title, CONTENT_WIDTH - 90, 8), { size: 8, gray: 0.35 });
      page.text(A4.width - MARGIN, y, `Página ${index + 1} de ${pages}`, { size: 8, gray: 0.35, align: 'right' });
    }
    return this.doc.toBuffer();
  }
}
