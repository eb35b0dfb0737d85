import { execFile } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { ERROR_CODES } from '../../../contract/errors';
import { messages } from '../../../contract/messages';
import { HttpError } from '../../http/errors';
import { onPath } from './ffmpeg';

const run = promisify(execFile);

/** More pages than this are refused at upload (docs/content.md#pdf): a screen shows a few, not a book. */
export const PDF_MAX_PAGES = 200;
/** Pages are rendered to fit this many pixels on their long side: a 1080p screen's width. */
export const PDF_PAGE_BOX = 1920;

export interface PopplerBinaries {
  pdfinfo: string;
  pdftoppm: string;
}

/** poppler-utils' pdfinfo and pdftoppm on PATH (both, or neither counts), looked up at each use like ffmpeg. */
export function systemPoppler(): PopplerBinaries | null {
  const pdfinfo = onPath('pdfinfo');
  const pdftoppm = onPath('pdftoppm');
  return pdfinfo && pdftoppm ? { pdfinfo, pdftoppm } : null;
}

/** No poppler on this machine: this server takes no PDFs (the message says what to install). */
export const pdfToolsMissing = () => new HttpError(415, messages.media.pdfToolsMissing, ERROR_CODES.unsupportedMedia);
const refused = (message: string) => new HttpError(400, message, ERROR_CODES.validation);

function poppler(): PopplerBinaries {
  const tools = systemPoppler();
  if (!tools) throw pdfToolsMissing();
  return tools;
}

/** A failure of the tool itself (missing, killed, timed out) rather than its verdict on the file. */
const toolFailed = (error: unknown) => {
  const e = error as NodeJS.ErrnoException & { killed?: boolean; signal?: string | null };
  return typeof e.code === 'string' || e.killed === true || Boolean(e.signal);
};

/**
 * Checks an uploaded PDF before it is stored (docs/content.md#pdf) and returns its page count.
 * The file's own faults answer 400 with a pt-BR message: protected by a password (pdfinfo says
 * "Encrypted: yes", or cannot open it without one), unreadable, no pages, too many pages.
 * A missing poppler answers 415 (this server takes no PDFs); a tool that crashes or hangs is ours (500).
 */
export async function checkPdf(file: string, signal?: AbortSignal): Promise<{ pages: number }> {
  const { pdfinfo } = poppler();
  let stdout: string;
  try {
    ({ stdout } = await run(pdfinfo, [file], { timeout: 30_000, maxBuffer: 1024 * 1024, signal }));
  } catch (error) {
    if (toolFailed(error)) throw error;
    const stderr = String((error as { stderr?: unknown }).stderr ?? '');
    throw refused(/password/i.test(stderr) ? messages.media.pdfEncrypted : messages.media.pdfBroken);
  }
  if (/^Encrypted:\s+yes/m.test(stdout)) throw refused(messages.media.pdfEncrypted);
  const pages = Number(/^Pages:\s+(\d+)/m.exec(stdout)?.[1] ?? 0);
  if (!Number.isInteger(pages) || pages < 1) throw refused(messages.media.pdfBroken);
  if (pages > PDF_MAX_PAGES) throw refused(messages.media.pdfTooManyPages(PDF_MAX_PAGES));
  return { pages };
}

/**
 * Renders every page to a PNG that fits `PDF_PAGE_BOX` on its long side, into `outDir` (empty,
 * the caller's). Returns the files in page order. A PDF that renders no page at all, or fewer
 * pages than it claims, is the file's fault (415-like: the job marks the row failed).
 */
export async function renderPdfPages(
  file: string,
  pages: number,
  outDir: string,
  signal?: AbortSignal,
): Promise<string[]> {
  const { pdftoppm } = poppler();
  try {
    await run(
      pdftoppm,
      ['-png', '-scale-to', String(PDF_PAGE_BOX), '-f', '1', '-l', String(pages), file, path.join(outDir, 'page')],
      // Generous: 200 pages of a heavy PDF on a small machine; the job's signal stops it sooner.
      { timeout: 15 * 60_000, maxBuffer: 1024 * 1024, signal },
    );
  } catch (error) {
    if (toolFailed(error)) throw error;
    throw new HttpError(415, messages.media.pdfBroken, ERROR_CODES.unsupportedMedia);
  }
  // pdftoppm names them page-1.png … or page-001.png (padded to the page count's digits).
  const files = (await readdir(outDir))
    .map((name) => ({ name, page: Number(/^page-(\d+)\.png$/.exec(name)?.[1]) }))
    .filter((f) => Number.isInteger(f.page))
    .sort((a, b) => a.page - b.page);
  if (files.length !== pages) throw new HttpError(415, messages.media.pdfBroken, ERROR_CODES.unsupportedMedia);
  return files.map((f) => path.join(outDir, f.name));
}
