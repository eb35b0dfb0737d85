import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { ERROR_CODES } from '../../contract/errors';
import { messages } from '../../contract/messages';
import { preloadGroupsFor, type PreloadGroup } from '../../contract/pages';

/**
 * Serves the built admin UI: hashed assets cached for a year, and `index.html` (never cached) for
 * every other GET that is not an API call, so client-side routes survive a reload. The TV player is
 * a second app: `/player` and `/player/*` get `player/index.html`, and its service worker
 * (`/player/sw.js`, revalidated like every unhashed file) may control `/player` itself. Unknown API
 * paths answer 404 JSON. Text assets go out pre-compressed: `npm run build:web` writes `.br` and `.gz`
 * beside them (scripts/compress-web.mjs) and the client gets the best one it accepts.
 */
const SOURCE_MAP = /\.map(\.br|\.gz)?$/i;
const PLAYER_WORKER = /[\\/]player[\\/]sw\.js(\.br|\.gz)?$/;

export async function registerWebApp(app: FastifyInstance, webRoot: string | undefined) {
  // Source maps would publish the UI's sources: the build keeps them out of the pages ('hidden') and
  // the server refuses them, whatever the encoding or case of the request.
  app.addHook('onRequest', async (request, reply) => {
    let pathname = request.url.split('?')[0]!;
    try {
      pathname = decodeURIComponent(pathname);
    } catch {
      // the router answers malformed escapes itself
    }
    if (SOURCE_MAP.test(pathname))
      return reply.status(404).send({ message: messages.http.notFound, code: ERROR_CODES.notFound });
  });
  const indexFile = webRoot ? path.join(webRoot, 'index.html') : undefined;
  const hasWeb = indexFile !== undefined && existsSync(indexFile);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webRoot!,
      wildcard: false,
      index: false,
      // Brotli, then gzip, then the file itself, by the request's Accept-Encoding.
      preCompressed: true,
      // Our own Cache-Control below: hashed assets forever, everything else revalidated.
      cacheControl: false,
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        // The same URL has several encodings: caches must key on Accept-Encoding.
        res.setHeader('Vary', 'Accept-Encoding');
        // Its folder is /player/, so without this its scope could not include the page /player.
        if (PLAYER_WORKER.test(filePath)) res.setHeader('Service-Worker-Allowed', '/player');
      },
    });
  }
  // index.html answers every client route, in one version per set of preloaded chunks (below), each
  // compressed once here like the assets on disk.
  const indexPages = hasWeb ? indexVariants(readFileSync(indexFile!, 'utf8')) : undefined;
  for (const path of ['/', '/dashboard']) indexPages?.(preloadGroupsFor(path));
  // The TV player's own page answers /player and /player/*.
  const playerFile = hasWeb ? path.join(webRoot!, 'player', 'index.html') : undefined;
  const playerHtml = playerFile && existsSync(playerFile) ? readFileSync(playerFile) : undefined;
  const playerEncoded = playerHtml
    ? { br: brotliCompressSync(playerHtml), gzip: gzipSync(playerHtml, { level: 9 }) }
    : undefined;

  app.setNotFoundHandler(async (request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    if (!isApi && indexPages && (request.method === 'GET' || request.method === 'HEAD')) {
      const pathname = request.url.split('?')[0]!;
      const isPlayer = playerHtml && playerEncoded && (pathname === '/player' || pathname.startsWith('/player/'));
      const page = isPlayer ? undefined : indexPages(preloadGroupsFor(pathname));
      const [html, encoded] = isPlayer ? [playerHtml, playerEncoded] : [page!.html, page!.encoded];
      reply.header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding').type('text/html; charset=utf-8');
      const encoding = preferredEncoding(request.headers['accept-encoding']);
      if (encoding) return reply.header('Content-Encoding', encoding).send(encoded[encoding]);
      return reply.send(html);
    }
    return reply.status(404).send({ message: messages.http.notFound, code: ERROR_CODES.notFound });
  });
}

type EncodedPage = { html: Buffer; encoded: { br: Buffer; gzip: Buffer } };
const PRELOAD_LINK = /[ \t]*<link\b[^>]*\bdata-preload="([a-z]+)"[^>]*>\n?/g;

/**
 * The build tags each `modulepreload` link of index.html with its group (vite.config.ts): the landing
 * page's chunks, the signed-in area's, the dashboard's. Each path gets only the links of the groups
 * `preloadGroupsFor` names, so `/dashboard` never downloads the landing page and `/` never the admin
 * area. Each version is built and compressed once, the first time a path asks for it.
 */
export function indexVariants(source: string): (groups: readonly PreloadGroup[]) => EncodedPage {
  const variants = new Map<string, EncodedPage>();
  return (groups) => {
    const key = groups.join(',');
    let page = variants.get(key);
    if (!page) {
      const html = Buffer.from(
        source.replace(PRELOAD_LINK, (link, group: PreloadGroup) => (groups.includes(group) ? link : '')),
      );
      page = { html, encoded: { br: brotliCompressSync(html), gzip: gzipSync(html, { level: 9 }) } };
      variants.set(key, page);
    }
    return page;
  };
}

/** `br` or `gzip` if the Accept-Encoding header allows it (q > 0, `*` included), in that order. */
export function preferredEncoding(header: string | string[] | undefined): 'br' | 'gzip' | undefined {
  if (!header) return undefined;
  const q = new Map<string, number>();
  for (const part of String(header).split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const weight = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    q.set(name.trim(), weight ? Number(weight.slice(2)) || 0 : 1);
  }
  return (['br', 'gzip'] as const).find((encoding) => (q.get(encoding) ?? q.get('*') ?? 0) > 0);
}
