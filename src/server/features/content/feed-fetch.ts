import { lookup } from 'node:dns/promises';
import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { pipeline } from 'node:stream';
import zlib from 'node:zlib';
import { contentMessages as m } from '../../../contract/content-messages';
import { httpUrl } from '../../../contract/http-url';
import { isPrivateAddress } from './address-guard';

/** The limits of one fetch (docs/content.md#feeds): `Config['feeds']`. */
export interface FetchLimits {
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  allowPrivate: boolean;
}

/** Why a fetch failed, in pt-BR for the person who typed the address. */
export class FetchError extends Error {}

export interface FetchedPage {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The address after the redirects. */
  url: string;
}

const USER_AGENT = 'Sinalize/1.0 (+feeds; https://github.com/sinalize)';

/**
 * Resolves the host and refuses it when any of its addresses is private (unless allowed). The
 * connection is then pinned to the first checked address by `lookup`, so a DNS answer that changes
 * between the check and the connection (DNS rebinding) cannot lead it elsewhere.
 */
async function resolveChecked(url: URL, allowPrivate: boolean) {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: Array<{ address: string; family: number }>;
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await lookup(host, { all: true, verbatim: true });
    } catch {
      throw new FetchError(m.fetchHostNotFound(host));
    }
  }
  if (addresses.length === 0) throw new FetchError(m.fetchHostNotFound(host));
  if (!allowPrivate && addresses.some((a) => isPrivateAddress(a.address))) throw new FetchError(m.fetchPrivate);
  return addresses[0]!;
}

const pinnedLookup =
  (pinned: { address: string; family: number }): LookupFunction =>
  (_hostname, options, callback) => {
    if (options.all) (callback as (e: null, a: (typeof pinned)[]) => void)(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };

/** A refresh's validators from the last fetch: a 304 answer then means "unchanged" (no body). */
export interface Validators {
  etag?: string | null;
  lastModified?: string | null;
}

function request(
  url: URL,
  method: string,
  pinned: { address: string; family: number },
  signal: AbortSignal,
  validators: Validators,
) {
  return new Promise<IncomingMessage>((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(url, {
      method,
      signal,
      lookup: pinnedLookup(pinned),
      headers: {
        'user-agent': USER_AGENT,
        accept: 'application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5',
        'accept-encoding': 'gzip, deflate, br',
        ...(validators.etag ? { 'if-none-match': validators.etag } : {}),
        ...(validators.lastModified ? { 'if-modified-since': validators.lastModified } : {}),
      },
    });
    req.once('response', resolve);
    req.once('error', reject);
    req.end();
  });
}

/** The body, decompressed, refused past `maxBytes` (counted after decompression: a zip bomb stops too). */
async function readBody(res: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(res.headers['content-length']);
  const encoding = String(res.headers['content-encoding'] ?? '').toLowerCase();
  if (!encoding && Number.isFinite(declared) && declared > maxBytes) {
    res.destroy();
    throw new FetchError(m.fetchTooLarge(Math.round(maxBytes / (1024 * 1024))));
  }
  const decompressor =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? zlib.createGunzip()
      : encoding === 'deflate'
        ? zlib.createInflate()
        : encoding === 'br'
          ? zlib.createBrotliDecompress()
          : null;
  // `pipeline`, not `pipe`: an aborted response (the timeout) must end the reading with an error.
  const stream = decompressor ? pipeline(res, decompressor, () => undefined) : res;
  // The decompressor's own error: the address answered, with a body that is not what it declared.
  let badEncoding = false;
  decompressor?.once('error', () => (badEncoding = true));
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (total > maxBytes) throw new FetchError(m.fetchTooLarge(Math.round(maxBytes / (1024 * 1024))));
      chunks.push(chunk);
    }
  } catch (error) {
    throw badEncoding && !(error instanceof FetchError) ? new FetchError(m.fetchBadEncoding) : error;
  } finally {
    res.destroy();
    if (stream !== res) stream.destroy();
  }
  return Buffer.concat(chunks);
}

/** What a network error means for the person (the raw error is never shown). */
function explain(error: unknown): FetchError {
  if (error instanceof FetchError) return error;
  const code = (error as { code?: string }).code ?? '';
  if (code.startsWith('ERR_TLS') || /CERT|SSL|TLS/.test(code)) return new FetchError(m.fetchTls);
  return new FetchError(m.fetchConnection);
}

/**
 * One fetch of a feed or a page (docs/content.md#feeds): http/https only, every hop's host checked
 * against private networks and the connection pinned to the checked address, at most
 * `maxRedirects` redirects followed by hand, the whole of it within `timeoutMs`, and the body
 * refused past `maxBytes`. A 4xx/5xx answer fails unless `acceptErrors`; `headersOnly` reads no
 * body; `validators` make the request conditional (304, no body). Throws `FetchError`.
 */
export async function safeFetch(
  address: string,
  limits: FetchLimits,
  {
    method = 'GET',
    acceptErrors = false,
    headersOnly = method === 'HEAD',
    validators = {},
  }: { method?: 'GET' | 'HEAD'; acceptErrors?: boolean; headersOnly?: boolean; validators?: Validators } = {},
): Promise<FetchedPage> {
  let url = httpUrl(address);
  if (!url) throw new FetchError(m.urlNotHttp);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), limits.timeoutMs);
  const timedOut = () => new FetchError(m.fetchTimeout(Math.max(1, Math.round(limits.timeoutMs / 1000))));
  const aborted = new Promise<never>((_resolve, reject) =>
    controller.signal.addEventListener('abort', () => reject(timedOut()), { once: true }),
  );
  aborted.catch(() => undefined); // only ever awaited in a race
  try {
    for (let redirects = 0; ; redirects++) {
      // A slow DNS answer counts against the same time (the lookup itself takes no signal).
      const pinned = await Promise.race([resolveChecked(url, limits.allowPrivate), aborted]);
      const res = await request(url, method, pinned, controller.signal, validators);
      const location = res.headers.location;
      if (res.statusCode && res.statusCode >= 300 && res.statusCode < 400 && location) {
        res.destroy();
        if (redirects >= limits.maxRedirects) throw new FetchError(m.fetchTooManyRedirects(limits.maxRedirects));
        const next = httpUrl(location, url);
        if (!next) throw new FetchError(m.fetchRedirectInvalid);
        url = next;
        continue;
      }
      const status = res.statusCode ?? 0;
      if (status >= 400 && !acceptErrors) {
        res.destroy();
        throw new FetchError(m.fetchHttpStatus(status));
      }
      const noBody = headersOnly || status === 304;
      if (noBody) res.destroy();
      const body = noBody ? Buffer.alloc(0) : await readBody(res, limits.maxBytes);
      return { status, headers: res.headers, body, url: url.href };
    }
  } catch (error) {
    if (controller.signal.aborted && !(error instanceof FetchError)) throw timedOut();
    throw explain(error);
  } finally {
    clearTimeout(timer);
  }
}
