import { helveticaWidth } from './helvetica-widths';

/**
 * A small PDF 1.4 writer for the statements (docs/ads.md#pdf): A4 pages, the standard Helvetica
 * fonts (every PDF reader has them, so nothing is embedded) in WinAnsi encoding, which holds every
 * pt-BR letter, lines, filled rectangles and JPEG images (the screenshots, passed through as
 * DCTDecode). No dependency: a statement needs nothing more, and a PDF library that reads font
 * files from its own folder does not survive the server's bundling (scripts/build-server.mjs).
 * Coordinates are points from the page's top-left corner; the writer flips them.
 */

export const A4 = { width: 595.28, height: 841.89 };

export type FontName = 'regular' | 'bold';
export interface TextOptions {
  size?: number;
  font?: FontName;
  align?: 'left' | 'right' | 'center';
  /** Gray level 0 (black) to 1 (white). */
  gray?: number;
}

interface JpegImage {
  data: Buffer;
  width: number;
  height: number;
  components: number;
}

const FONT_RESOURCE: Record<FontName, string> = { regular: 'F1', bold: 'F2' };

/** Width of `text` in points at `size` (Helvetica's metrics; bold read as 5 % wider). */
export function textWidth(text: string, size: number, font: FontName = 'regular'): number {
  let units = 0;
  for (const char of text) units += helveticaWidth(char);
  return ((font === 'bold' ? units * 1.05 : units) * size) / 1000;
}

// WinAnsi (cp1252) code points above Latin-1's range that a statement may use.
const WIN_ANSI_EXTRA: Record<string, number> = {
  '€': 0x80,
  '‚': 0x82,
  '„': 0x84,
  '…': 0x85,
  '•': 0x95,
  '–': 0x96,
  '—': 0x97,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
};

/** A PDF string literal in WinAnsi: ASCII kept, other bytes as octal escapes, the rest as `?`. */
function pdfString(text: string): string {
  let out = '(';
  for (const char of text.normalize('NFC')) {
    const code = char.codePointAt(0)!;
    const byte = code < 0x80 ? code : code >= 0xa0 && code <= 0xff ? code : (WIN_ANSI_EXTRA[char] ?? 0x3f);
    if (byte === 0x28 || byte === 0x29 || byte === 0x5c) out += `\\${String.fromCharCode(byte)}`;
    else if (byte < 0x20) out += ' ';
    else if (byte < 0x80) out += String.fromCharCode(byte);
    else out += `\\${byte.toString(8).padStart(3, '0')}`;
  }
  return `${out})`;
}

/** A text string outside the page (the document's title): UTF-16BE, which readers take whole. */
function pdfTextString(text: string): string {
  const utf16 = Buffer.from(`\ufeff${text}`, 'utf16le').swap16();
  return `<${utf16.toString('hex')}>`;
}

const num = (value: number) => (Math.round(value * 100) / 100).toString();

/** Reads a JPEG's size and colour components from its start-of-frame marker; null if it is not a JPEG. */
export function readJpeg(data: Buffer): JpegImage | null {
  if (data.length < 4 || data[0] !== 0xff || data[1] !== 0xd8) return null;
  let at = 2;
  while (at + 9 < data.length) {
    if (data[at] !== 0xff) return null;
    const marker = data[at + 1]!;
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += 2;
      continue;
    }
    const length = data.readUInt16BE(at + 2);
    // SOF0..SOF15 but DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      const components = data[at + 9]!;
      if (![1, 3, 4].includes(components)) return null;
      return { data, height: data.readUInt16BE(at + 5), width: data.readUInt16BE(at + 7), components };
    }
    at += 2 + length;
  }
  return null;
}

export class PdfPage {
  readonly ops: string[] = [];
  readonly images: number[] = [];

  constructor(private readonly doc: PdfDocument) {}

  text(x: number, y: number, text: string, options: TextOptions = {}): void {
    const size = options.size ?? 10;
    const font = options.font ?? 'regular';
    const width = textWidth(text, size, font);
    const left = options.align === 'right' ? x - width : options.align === 'center' ? x - width / 2 : x;
    const baseline = A4.height - y - size * 0.8;
    this.ops.push(
      `BT ${num(options.gray ?? 0)} g /${FONT_RESOURCE[font]} ${num(size)} Tf ${num(left)} ${num(baseline)} Td ${pdfString(text)} Tj ET`,
    );
  }

  line(x1: number, y1: number, x2: number, y2: number, options: { width?: number; gray?: number } = {}): void {
    this.ops.push(
      `${num(options.gray ?? 0)} G ${num(options.width ?? 0.5)} w ${num(x1)} ${num(A4.height - y1)} m ${num(x2)} ${num(A4.height - y2)} l S`,
    );
  }

  rect(x: number, y: number, width: number, height: number, gray: number): void {
    this.ops.push(`${num(gray)} g ${num(x)} ${num(A4.height - y - height)} ${num(width)} ${num(height)} re f`);
  }

  /** Draws a JPEG fitted into the box, keeping its proportions; false (nothing drawn) if it is not a JPEG. */
  image(jpeg: Buffer, x: number, y: number, boxWidth: number, boxHeight: number): boolean {
    const image = readJpeg(jpeg);
    if (!image) return false;
    const scale = Math.min(boxWidth / image.width, boxHeight / image.height);
    const width = image.width * scale;
    const height = image.height * scale;
    const index = this.doc.addImage(image);
    this.images.push(index);
    this.ops.push(`q ${num(width)} 0 0 ${num(height)} ${num(x)} ${num(A4.height - y - height)} cm /Im${index} Do Q`);
    return true;
  }
}

export class PdfDocument {
  private readonly pages: PdfPage[] = [];
  private readonly imageList: JpegImage[] = [];

  constructor(private readonly info: { title: string; createdAt?: Date }) {}

  addPage(): PdfPage {
    const page = new PdfPage(this);
    this.pages.push(page);
    return page;
  }

  get pageCount(): number {
    return this.pages.length;
  }

  page(index: number): PdfPage {
    return this.pages[index]!;
  }

  /** @internal an image's index among the document's XObjects. */
  addImage(image: JpegImage): number {
    this.imageList.push(image);
    return this.imageList.length - 1;
  }

  toBuffer(): Buffer {
    if (this.pages.length === 0) this.addPage();
    const chunks: Buffer[] = [];
    const offsets: number[] = [];
    let length = 0;
    const push = (chunk: Buffer | string) => {
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk, 'latin1') : chunk;
      chunks.push(buffer);
      length += buffer.length;
    };
    const object = (id: number, body: string | Buffer[]) => {
      offsets[id] = length;
      push(`${id} 0 obj\n`);
      if (typeof body === 'string') push(body);
      else for (const part of body) push(part);
      push('\nendobj\n');
    };
    // Objects: 1 catalog, 2 pages, 3 info, 4–5 fonts, then the images, then each page and its content.
    const firstImage = 6;
    const firstPage = firstImage + this.imageList.length;
    const pageId = (index: number) => firstPage + index * 2;
    push('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n');
    object(1, '<< /Type /Catalog /Pages 2 0 R >>');
    const kids = this.pages.map((_, index) => `${pageId(index)} 0 R`).join(' ');
    object(2, `<< /Type /Pages /Kids [${kids}] /Count ${this.pages.length} >>`);
    const date = (this.info.createdAt ?? new Date()).toISOString().replace(/[-:T]/g, '').slice(0, 14);
    object(3, `<< /Title ${pdfTextString(this.info.title)} /Producer (Sinalize) /CreationDate (D:${date}Z) >>`);
    object(4, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
    object(5, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
    this.imageList.forEach((image, index) => {
      const space = image.components === 1 ? 'DeviceGray' : image.components === 3 ? 'DeviceRGB' : 'DeviceCMYK';
      // Adobe's CMYK JPEGs are stored inverted.
      const decode = image.components === 4 ? ' /Decode [1 0 1 0 1 0 1 0]' : '';
      object(firstImage + index, [
        Buffer.from(
          `<< /Type /XObject /Subtype /Image /Width ${image.width} /Height ${image.height} /ColorSpace /${space}` +
            ` /BitsPerComponent 8 /Filter /DCTDecode${decode} /Length ${image.data.length} >>\nstream\n`,
          'latin1',
        ),
        image.data,
        Buffer.from('\nendstream', 'latin1'),
      ]);
    });
    this.pages.forEach((page, index) => {
      const images = [...new Set(page.images)].map((image) => `/Im${image} ${firstImage + image} 0 R`).join(' ');
      object(
        pageId(index),
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${A4.width} ${A4.height}] /Contents ${pageId(index) + 1} 0 R` +
          ` /Resources << /Font << /F1 4 0 R /F2 5 0 R >> /XObject << ${images} >> >> >>`,
      );
      const content = page.ops.join('\n');
      object(pageId(index) + 1, `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`);
    });
    const count = firstPage + this.pages.length * 2;
    const xref = length;
    push(`xref\n0 ${count}\n0000000000 65535 f \n`);
    for (let id = 1; id < count; id++) push(`${String(offsets[id]).padStart(10, '0')} 00000 n \n`);
    push(`trailer\n<< /Size ${count} /Root 1 0 R /Info 3 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
    return Buffer.concat(chunks, length);
  }
}
