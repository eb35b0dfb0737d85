import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { ERROR_CODES } from '../../contract/errors';
import { messages } from '../../contract/messages';

/**
 * Serves the built admin UI: hashed assets cached for a year, and `index.html` (never cached) for
 * every other GET that is not an API call, so client-side routes survive a reload. Unknown API
 * paths answer 404 JSON. Text assets go out pre-compressed: `npm run build:web` writes `.br` and `.gz`
 * beside them (scripts/compress-web.mjs) and the client gets the best one it accepts.
 */
export async function registerWebApp(app: FastifyInstance, webRoot: string | undefined) {
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
      },
    });
  }
  const indexHtml = hasWeb ? readFileSync(indexFile!, 'utf8') : undefined;

  app.setNotFoundHandler(async (request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    if (!isApi && indexHtml && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
    }
    return reply.status(404).send({ message: messages.http.notFound, code: ERROR_CODES.notFound });
  });
}
