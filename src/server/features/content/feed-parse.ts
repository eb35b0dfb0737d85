import { contentMessages as m } from '../../../contract/content-messages';
import { httpUrl } from '../../../contract/http-url';
import type { StoredFeedItem } from '../../db/schema';
import { FetchError } from './feed-fetch';

/**
 * RSS 2.0, RSS 1.0 (RDF) and Atom, read by a small tolerant reader (docs/content.md#feeds): the
 * project has no XML parser among its dependencies, and a feed needs only a few elements of each
 * item. Real feeds are often not well-formed XML (stray `&`, HTML inside), so this reads what it
 * can rather than refusing the whole document.
 */

const TITLE_MAX = 300;
const SUMMARY_MAX = 600;

/**
 * The document's text: the byte order mark, else the HTTP `charset`, else the XML declaration's
 * `encoding` (RFC 7303 puts the HTTP header first), else UTF-8. `TextDecoder` knows ISO-8859-1
 * (as windows-1252, as browsers do) and the other WHATWG encodings.
 */
export function decodeFeed(body: Buffer, contentType: string | undefined): string {
  const decode = (label: string) => {
    try {
      return new TextDecoder(label).decode(body);
    } catch {
      return null; // an unknown label
    }
  };
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return decode('utf-8')!;
  if ((body[0] === 0xff && body[1] === 0xfe) || (body[0] === 0xfe && body[1] === 0xff))
    return decode(body[0] === 0xff ? 'utf-16le' : 'utf-16be')!;
  const header = /charset\s*=\s*"?([\w.:-]+)/i.exec(contentType ?? '')?.[1];
  const declared = /^\s*<\?xml[^>]*\bencoding\s*=\s*["']([\w.:-]+)["']/i.exec(
    body.subarray(0, 200).toString('latin1'),
  )?.[1];
  for (const label of [header, declared]) {
    if (!label) continue;
    const text = decode(label);
    if (text !== null) return text;
  }
  return decode('utf-8')!;
}

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  laquo: '«',
  raquo: '»',
  bull: '•',
  middot: '·',
  copy: '©',
  reg: '®',
  trade: '™',
  euro: '€',
  deg: '°',
  ordf: 'ª',
  ordm: 'º',
};
// The Latin-1 letters by name (&aacute; &ccedil; &Atilde;…), the ones Portuguese text uses.
const ACCENTS: Record<string, string> = {
  acute: '\u0301',
  grave: '\u0300',
  circ: '\u0302',
  tilde: '\u0303',
  uml: '\u0308',
  cedil: '\u0327',
};

/** `&amp;`, `&#233;`, `&#xE9;`, `&eacute;`…; an unknown name stays as written. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z][a-z0-9]*);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : '';
    }
    if (NAMED[name]) return NAMED[name];
    const accent = /^([a-zA-Z])(acute|grave|circ|tilde|uml|cedil)$/.exec(name);
    if (accent) return (accent[1]! + ACCENTS[accent[2]!]!).normalize('NFC');
    return whole;
  });
}

/**
 * Every `open … close` span of `text` through `by` (its inner text), in one forward pass. A lazy
 * `open[\s\S]*?close` regex rescans to the end for each open left unclosed: quadratic, minutes of
 * CPU for a hostile 2 MB feed. Here a missing close ends the pass (nothing after it could close):
 * the rest goes through `outside` like the text between spans. `open` and `close` must be global;
 * an opening tag's attributes are matched with `[^<>]*`, so that it stops at the next tag too.
 */
function mapSpans(
  text: string,
  open: RegExp,
  close: RegExp,
  by: (inner: string) => string,
  outside: (text: string) => string = (t) => t,
): string {
  let out = '';
  let at = 0;
  for (;;) {
    open.lastIndex = at;
    const start = open.exec(text);
    if (!start) break;
    const inner = start.index + start[0].length;
    close.lastIndex = inner;
    const end = close.exec(text);
    if (!end) break;
    out += outside(text.slice(at, start.index)) + by(text.slice(inner, end.index));
    at = end.index + end[0].length;
  }
  return out + outside(text.slice(at));
}

/** The inner texts of the spans `mapSpans` finds, in order. */
function spansOf(text: string, open: RegExp, close: RegExp): string[] {
  const found: string[] = [];
  mapSpans(text, open, close, (inner) => (found.push(inner), ''));
  return found;
}

/** HTML (or text) reduced to plain text: scripts, styles and tags gone, entities decoded, whitespace collapsed. */
export function htmlToText(html: string): string {
  let text = mapSpans(html, /<!--/g, /-->/g, () => ' ');
  for (const name of ['script', 'style'])
    text = mapSpans(text, new RegExp(`<${name}\\b[^<>]*>`, 'gi'), new RegExp(`</${name}\\s*>`, 'gi'), () => ' ');
  return decodeEntities(text.replace(/<\/?(p|br|div|li|h\d)\b[^<>]*>/gi, ' ').replace(/<\/?[a-zA-Z][^<>]*>/g, ''))
    .replace(/\s+/g, ' ')
    .trim();
}

/** An element's text: CDATA sections taken as they are, the rest with its XML entities decoded. */
function xmlText(inner: string): string {
  return mapSpans(inner, /<!\[CDATA\[/g, /\]\]>/g, (cdata) => cdata, decodeEntities);
}

const tag = (name: string) => `(?:[\\w.-]+:)?${name}`;

/** The inner text of the first child element named one of `names` (any namespace prefix). */
function child(xml: string, names: string[]): string | null {
  for (const name of names) {
    const [inner] = spansOf(xml, openTag(name), closeTag(name));
    if (inner !== undefined) return xmlText(inner);
  }
  return null;
}

const openTag = (name: string) => new RegExp(`<${tag(name)}(?:\\s[^<>]*)?>`, 'gi');
const closeTag = (name: string) => new RegExp(`</${tag(name)}\\s*>`, 'gi');

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

function isoDate(text: string | null): string | null {
  if (!text) return null;
  const time = Date.parse(text.trim());
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/** The attributes of every element named `name` (`prefix` required, optional or any), in order. */
function elementsAttributes(xml: string, name: string, prefixed: boolean): Array<Record<string, string>> {
  const prefix = prefixed ? '[\\w.-]+:' : '(?:[\\w.-]+:)?';
  const found: Array<Record<string, string>> = [];
  for (const element of xml.matchAll(new RegExp(`<${prefix}${name}(\\s[^<>]*?)?/?>`, 'gi'))) {
    const attributes: Record<string, string> = {};
    for (const a of (element[1] ?? '').matchAll(/([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g))
      attributes[a[1]!.toLowerCase()] = decodeEntities(a[2] ?? a[3] ?? '');
    found.push(attributes);
  }
  return found;
}

const isImageType = (type: string | undefined) => /^image\//i.test(type?.trim() ?? '');

/** An address as the server may fetch it: absolute against `base`, http or https, not too long. */
function httpAddress(value: string | undefined, base: string | undefined): string | null {
  const text = value?.trim();
  const url = text ? httpUrl(text, base) : null;
  return url && url.href.length <= 2000 ? url.href : null;
}

/** A link's address: RSS `<link>text</link>`, else Atom's `<link href>` (alternate or without `rel`). */
function linkOf(xml: string, base: string | undefined): string | null {
  const text = child(xml, ['link']);
  if (text?.trim()) return httpAddress(text, base);
  const atom = elementsAttributes(xml, 'link', false).find((a) => !a.rel || a.rel === 'alternate');
  return httpAddress(atom?.href, base);
}

/**
 * An item's picture address (docs/content.md#feeds), in this order: an RSS `<enclosure>` or an
 * Atom `<link rel="enclosure">` of an image type, a `<media:content>` image, a `<media:thumbnail>`,
 * else the first `<img src>` of its HTML (its first http/https one). Relative addresses count from `base`; http/https only.
 */
function pictureOf(xml: string, html: string[], base: string | undefined): string | null {
  const candidates = [
    ...elementsAttributes(xml, 'enclosure', false)
      .filter((a) => isImageType(a.type))
      .map((a) => a.url),
    ...elementsAttributes(xml, 'link', false)
      .filter((a) => a.rel === 'enclosure' && isImageType(a.type))
      .map((a) => a.href),
    // `media:content` is prefixed: Atom's own `<content>` is the entry's text.
    ...elementsAttributes(xml, 'content', true)
      .filter((a) => a.medium === 'image' || isImageType(a.type))
      .map((a) => a.url),
    ...elementsAttributes(xml, 'thumbnail', true).map((a) => a.url),
    // The text's pictures in order: the first one with an http(s) address.
    ...html.flatMap((h) =>
      [...h.matchAll(/<img\b[^>]*?\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi)].map((img) =>
        decodeEntities(img[1] ?? img[2] ?? img[3] ?? ''),
      ),
    ),
  ];
  for (const candidate of candidates) {
    const address = httpAddress(candidate, base);
    if (address) return address;
  }
  return null;
}

/**
 * The items of a feed, newest first: by date when every item has one, else in the document's order
 * (which feeds keep newest first). At most `maxItems`. Throws `FetchError` when the text is not a
 * feed. Each item's picture address, when it has one, is kept as `imageSource` (resolved against
 * the item's link, else the feed's, else `documentUrl`); `imageUrl` stays null until the picture
 * is stored (feed-images.ts, docs/content.md#feeds).
 */
export function parseFeed(text: string, maxItems: number, documentUrl?: string): StoredFeedItem[] {
  const head = mapSpans(
    mapSpans(text, /<\?/g, /\?>/g, () => ''),
    /<!--/g,
    /-->/g,
    () => '',
  )
    .replace(/<!DOCTYPE[^<>]*>/gi, '')
    .trimStart();
  const root = /^<((?:[\w.-]+:)?(rss|feed|RDF))[\s>]/i.exec(head);
  if (!root) throw new FetchError(m.feedNotFeed);
  const atom = root[2]!.toLowerCase() === 'feed';
  const element = atom ? 'entry' : 'item';
  // The feed's own link: what comes before its first item.
  const firstItem = head.search(new RegExp(`<${tag(element)}[\\s>]`, 'i'));
  const feedBase = httpAddress(documentUrl, undefined) ?? undefined;
  const feedLink = linkOf(firstItem < 0 ? head : head.slice(0, firstItem), feedBase) ?? feedBase;
  const items: StoredFeedItem[] = [];
  for (const xml of spansOf(head, openTag(element), closeTag(element))) {
    const title = clip(htmlToText(child(xml, ['title']) ?? ''), TITLE_MAX);
    const html = atom
      ? [child(xml, ['summary']), child(xml, ['content'])]
      : [child(xml, ['description']), child(xml, ['encoded'])];
    const summary = clip(
      htmlToText((atom ? (html[0] ?? html[1]) : (html[0] ?? html[1] ?? child(xml, ['summary']))) ?? ''),
      SUMMARY_MAX,
    );
    if (!title && !summary) continue;
    const publishedAt = isoDate(atom ? child(xml, ['published', 'updated']) : child(xml, ['pubDate', 'date']));
    const imageSource = pictureOf(
      xml,
      html.filter((h): h is string => h !== null),
      linkOf(xml, feedLink) ?? feedLink,
    );
    items.push({ title, summary, publishedAt, imageUrl: null, ...(imageSource ? { imageSource } : {}) });
  }
  if (items.length > 0 && items.every((i) => i.publishedAt !== null))
    items.sort((a, b) => Date.parse(b.publishedAt!) - Date.parse(a.publishedAt!));
  return items.slice(0, maxItems);
}
