import { describe, expect, it } from 'vitest';
import { parseFeed } from './feed-parse';

/** docs/content.md#feeds: each item's picture address, as the parser finds it. */
const rss = (items: string[], channelLink = '<link>https://loja.example/blog/</link>') =>
  `<?xml version="1.0"?><rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"
  xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel><title>Loja</title>${channelLink}
${items.map((body, i) => `<item><title>Item ${i + 1}</title>${body}</item>`).join('\n')}
</channel></rss>`;

const sources = (xml: string, documentUrl = 'https://feeds.example/rss.xml') =>
  parseFeed(xml, 50, documentUrl).map((i) => i.imageSource ?? null);

describe('feed pictures (docs/content.md#feeds)', () => {
  it('takes an image enclosure, media:content, media:thumbnail, else the first <img> of the HTML', () => {
    expect(
      sources(
        rss([
          '<enclosure url="https://cdn.example/a.jpg" length="10" type="image/jpeg"/>',
          '<enclosure url="https://cdn.example/audio.mp3" type="audio/mpeg"/><media:content url="https://cdn.example/b.png" medium="image"/>',
          '<media:content url="https://cdn.example/c.webp" type="image/webp"></media:content>',
          '<media:group><media:thumbnail url="https://cdn.example/d.jpg" width="120"/></media:group>',
          '<description><![CDATA[<p>Olá <img alt="x" src="https://cdn.example/e.gif?a=1&amp;b=2"> e <img src="/f.jpg"></p>]]></description>',
          '<description>&lt;img src="https://cdn.example/g.jpg"&gt; texto</description>',
          '<description>sem imagem</description>',
        ]),
      ),
    ).toEqual([
      'https://cdn.example/a.jpg',
      'https://cdn.example/b.png',
      'https://cdn.example/c.webp',
      'https://cdn.example/d.jpg',
      'https://cdn.example/e.gif?a=1&b=2',
      'https://cdn.example/g.jpg',
      null,
    ]);
  });

  it('prefers the enclosure over a picture in the text; content:encoded counts as the text', () => {
    expect(
      sources(
        rss([
          '<description><![CDATA[<img src="https://cdn.example/text.jpg">]]></description><enclosure url="https://cdn.example/enc.jpg" type="image/jpeg"/>',
          '<description>Resumo</description><content:encoded><![CDATA[<p><img src="https://cdn.example/full.png"></p>]]></content:encoded>',
        ]),
      ),
    ).toEqual(['https://cdn.example/enc.jpg', 'https://cdn.example/full.png']);
  });

  it('resolves relative addresses against the item’s link, else the feed’s, else the document’s', () => {
    expect(
      sources(
        rss([
          '<link>https://loja.example/posts/1/</link><enclosure url="capa.jpg" type="image/jpeg"/>',
          '<enclosure url="/img/2.jpg" type="image/png"/>',
        ]),
      ),
    ).toEqual(['https://loja.example/posts/1/capa.jpg', 'https://loja.example/img/2.jpg']);
    expect(sources(rss(['<enclosure url="3.jpg" type="image/jpeg"/>'], ''))).toEqual(['https://feeds.example/3.jpg']);
  });

  it('keeps http and https only (no data:, javascript:, file:)', () => {
    expect(
      sources(
        rss([
          '<enclosure url="data:image/png;base64,AAAA" type="image/png"/>',
          '<enclosure url="file:///etc/passwd" type="image/jpeg"/>',
          '<description><![CDATA[<img src="javascript:alert(1)"><img src="http://cdn.example/ok.jpg">]]></description>',
        ]),
      ),
    ).toEqual([null, null, 'http://cdn.example/ok.jpg']);
  });

  it('Atom: <link rel="enclosure"> of an image type, else the first <img> of the content; not the entry’s <content>', () => {
    const atom = `<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>Blog</title>
<link rel="self" href="https://blog.example/atom.xml"/><link href="https://blog.example/"/>
<entry><title>Um</title><link href="https://blog.example/um"/><link rel="enclosure" type="image/jpeg" href="/capa-um.jpg"/>
<summary>Resumo</summary><updated>2026-11-02T10:00:00Z</updated></entry>
<entry><title>Dois</title><content type="html">&lt;p&gt;&lt;img src="fotos/dois.png"&gt;&lt;/p&gt;</content><updated>2026-11-01T10:00:00Z</updated></entry>
<entry><title>Três</title><content type="image/png" src="https://blog.example/x.png"/><updated>2026-10-01T10:00:00Z</updated></entry>
</feed>`;
    expect(sources(atom)).toEqual(['https://blog.example/capa-um.jpg', 'https://blog.example/fotos/dois.png', null]);
  });

  it('an item without a picture keeps the shape it had (no imageSource), imageUrl null', () => {
    const [item] = parseFeed(rss(['<description>Texto</description>']), 10);
    expect(item).toEqual({ title: 'Item 1', summary: 'Texto', publishedAt: null, imageUrl: null });
  });
});

/**
 * A hostile feed of 2 MB (the fetch's limit) made of tags opened and never closed. Each lazy
 * `<item>…</item>` match over it rescanned to the end: about 10¹¹ steps, the process stuck for
 * minutes. The reader now reads it in one pass: the test's own time limit is the check.
 */
describe('feeds built to stall the reader', () => {
  const two = 2 * 1024 * 1024;
  const hostile = (unit: string, head = '<rss version="2.0"><channel>') =>
    head + unit.repeat(Math.floor((two - head.length) / unit.length));

  it.each([
    ['items never closed', hostile('<item>')],
    ['titles never closed inside one item', hostile('<title>', '<rss><channel><item>') + '</item>'],
    ['comments never closed', hostile('<!--', '<rss><channel><item><title>Um</title></item>')],
    ['CDATA never closed', hostile('<![CDATA[', '<rss><channel><item><title>') + '</title></item>'],
    [
      'scripts never closed',
      hostile('&lt;script&gt;', '<rss><channel><item><title>Um</title><description>') + '</description></item>',
    ],
  ])(
    '%s: read at once, without the broken parts',
    (_, xml) => {
      expect(Array.isArray(parseFeed(xml, 10))).toBe(true);
    },
    5_000,
  );
});
