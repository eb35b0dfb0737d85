import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Config } from '../config';

/** The feeds' limits in the tests: loopback allowed (this server), a short timeout, no pause. */
export const loopbackFeeds = (scanIntervalMs: number): Config['feeds'] => ({
  allowPrivate: true,
  timeoutMs: 2000,
  maxBytes: 2 * 1024 * 1024,
  maxRedirects: 3,
  scanIntervalMs,
  refreshGapMs: 0,
});

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

/**
 * A real HTTP server on loopback for the feed tests (docs/content.md#feeds): each path answers
 * what the test set, and a test may change an answer (a feed that changed, a feed that broke).
 */
export async function startFeedServer() {
  const routes = new Map<string, Handler>();
  const server = http.createServer((req, res) => {
    const handler = routes.get(req.url ?? '');
    if (handler) handler(req, res);
    else res.writeHead(404).end('não encontrado');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: (path: string) => `${base}${path}`,
    set(path: string, handler: Handler) {
      routes.set(path, handler);
    },
    /** A body with its content type; `latin1` bytes when asked (an ISO-8859-1 feed). */
    serve(path: string, type: string, body: string | Buffer, headers: Record<string, string> = {}) {
      routes.set(path, (_req, res) => res.writeHead(200, { 'content-type': type, ...headers }).end(body));
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
export type FeedServer = Awaited<ReturnType<typeof startFeedServer>>;

export const latin1Rss = (items: Array<{ title: string; description: string; date: string }>) =>
  Buffer.from(
    `<?xml version="1.0" encoding="ISO-8859-1"?>
<rss version="2.0"><channel><title>Notícias</title><link>http://example.com/</link>
${items
  .map(
    (i) => `<item><title>${i.title}</title><description><![CDATA[${i.description}]]></description>
<pubDate>${i.date}</pubDate></item>`,
  )
  .join('\n')}
</channel></rss>`,
    'latin1',
  );

/** An Atom feed, entry `i` dated 2026-11-0{i+1}; `pictures[i]`, when given, as its image enclosure. */
export const atomFeed = (
  titles: string[],
  pictures: Array<string | undefined> = [],
) => `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><title>Blog</title>
${titles
  .map(
    (title, i) => `<entry><title type="html">${title}</title>${
      pictures[i] ? `<link rel="enclosure" type="image/png" href="${pictures[i]}"/>` : ''
    }
<summary type="html">&lt;p&gt;Resumo &lt;b&gt;${i + 1}&lt;/b&gt; &amp;amp; mais&lt;/p&gt;</summary>
<updated>2026-11-0${i + 1}T10:00:00Z</updated></entry>`,
  )
  .join('\n')}
</feed>`;
