/**
 * Test support: small real PDFs written byte by byte (objects, a correct xref table, a trailer),
 * so the tests need no PDF library. Each page is a coloured square with its number drawn in it.
 */

interface PdfOptions {
  /** Adds an `/Encrypt` dictionary whose password check nothing passes: a password-protected PDF. */
  encrypted?: boolean;
}

export function makePdf(pageCount: number, options: PdfOptions = {}): Buffer {
  const objects: string[] = [];
  const add = (body: string) => objects.push(body) + 0; // its number is its 1-based index
  add('<< /Type /Catalog /Pages 2 0 R >>');
  add(''); // the page tree, filled in once the pages' numbers are known
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  const kids: number[] = [];
  for (let page = 1; page <= pageCount; page++) {
    const shade = (page * 0.3) % 1;
    const stream = `${shade.toFixed(2)} 0.4 0.8 rg 50 50 500 300 re f BT /F1 96 Tf 0 0 0 rg 230 160 Td (${page}) Tj ET`;
    add(`<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`);
    const content = objects.length;
    add(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 600 400] /Resources << /Font << /F1 3 0 R >> >> /Contents ${content} 0 R >>`,
    );
    kids.push(objects.length);
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${pageCount} >>`;
  const hex32 = (byte: string) => `<${byte.repeat(32)}>`;
  if (options.encrypted) add(`<< /Filter /Standard /V 1 /R 2 /O ${hex32('a1')} /U ${hex32('b2')} /P -4 >>`);
  const encrypt = options.encrypted ? objects.length : null;

  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  const id = '<0123456789abcdef0123456789abcdef>';
  out +=
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R` +
    (encrypt ? ` /Encrypt ${encrypt} 0 R /ID [${id} ${id}]` : '') +
    ` >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** Looks like a PDF to the sniffer (`%PDF-`), but is none. */
export const brokenPdf = () => Buffer.from('%PDF-1.4\nthis is not really a PDF, only its first bytes\n', 'latin1');
