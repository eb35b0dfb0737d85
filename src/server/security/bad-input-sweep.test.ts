import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../test/uploads';
import { useTestApp } from '../test/test-app';
import { getTestDatabase } from '../test/test-database';
import {
  buildWorld,
  loadOperations,
  propertyPaths,
  resourceOf,
  sample,
  setAt,
  urlFor,
  type Operation,
  type World,
} from './api-surface';
import { defaultWorkspace } from '../test/factories';

/** Values that a field of any type may receive from a careless or hostile client. */
const JUNK_VALUES: unknown[] = [
  null,
  true,
  0,
  -1,
  1.5,
  2_147_483_648,
  2 ** 53,
  1e308,
  '',
  '\u0000',
  'a\u0000b',
  'x'.repeat(10_001),
  '0x1',
  '1e0',
  'NaN',
  '0000-01-01',
  '300000-01-01T00:00:00Z',
  '2025-02-30',
  "'; DROP TABLE users; --",
  '<script>alert(1)</script>',
  '\ud800',
  [],
  [null, { a: [] }],
  {},
  JSON.parse('{"__proto__": {"role": "admin"}, "constructor": {"prototype": {"x": 1}}}'),
  Array.from({ length: 10_001 }, (_, i) => i + 1),
];

/** Whole bodies that are not what any route expects. */
const JUNK_BODIES: Array<{ payload: string; contentType?: string }> = [
  { payload: '{bad json' },
  { payload: '' },
  { payload: 'null' },
  { payload: '[]' },
  { payload: '"texto"' },
  { payload: '12345678901234567890' },
  { payload: '{"a":'.repeat(2000) + '1' + '}'.repeat(2000) },
  { payload: '['.repeat(5000) + ']'.repeat(5000) },
  { payload: '{"name": "a\\u0000"}' },
  { payload: `{"name": "${'x'.repeat(1_100_000)}"}` },
  { payload: '{}', contentType: 'text/plain' },
  { payload: '<xml/>', contentType: 'application/xml' },
  { payload: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
  { payload: '{}', contentType: 'multipart/form-data; boundary=x' },
];

const PATH_JUNK = [
  '0',
  '-1',
  '0x1',
  '1e0',
  '+1',
  '1.0',
  '%201',
  '01',
  '2147483648',
  '99999999999999999999',
  'abc',
  '%00',
  '1%00',
  '%E0%A4%A',
  'a'.repeat(300),
  'null',
];

/** English texts that must never reach a pt-BR client (Fastify's, zod's and Node's defaults). */
const ENGLISH =
  /\b(the|is|must|should|expected|received|invalid|required|unexpected|body|request|error|not found|unsupported|too large|bad request|internal server|cannot|failed)\b/i;

interface Probe {
  label: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

/**
 * docs/api.md#errors against everything the API exposes: every documented operation gets malformed path ids,
 * query values, bodies, body fields and headers, generated from its schemas. Nothing may answer 5xx,
 * and every refusal is JSON with a pt-BR message.
 */
describe('generated bad-input sweep over every operation', () => {
  // The first file a worker runs creates the worker's database: slow on a busy machine.
  beforeAll(async () => {
    await getTestDatabase();
  }, 180_000);
  const t = useTestApp();

  it('answers every malformed request below 500 with a pt-BR JSON message', async () => {
    const operations = await loadOperations(t.app);
    const workspaceId = await defaultWorkspace(t.database);
    const user = await buildWorld(t, 'user', 'varredura', workspaceId);
    const admin = await buildWorld(t, 'admin', 'varredura-admin', workspaceId);
    const probes: Probe[] = [];

    for (const op of operations) {
      const world = op.auth === 'admin' ? admin : user;
      const headers = credentialsFor(op, world);
      const id = op.pathParams.length ? world.ids[resourceOf(op)] : 0;
      const base = op.body ? sample(op.body, world) : undefined;
      const validQuery = op.query.map((q) => `${q.name}=${q.schema.type === 'integer' ? 1 : 'a'}`).join('&');
      const url = (pathId: number | string, query = validQuery) => urlFor(op, pathId) + (query ? `?${query}` : '');
      const json = (payload: unknown): Probe['payload'] => JSON.stringify(payload);
      const probe = (label: string, p: Partial<Probe>) =>
        probes.push({
          label: `${op.key} ${label}`,
          method: op.method,
          url: url(id),
          headers: { ...headers, ...(base !== undefined ? { 'content-type': 'application/json' } : {}) },
          payload: base !== undefined ? json(base) : undefined,
          ...p,
          ...(p.headers ? { headers: { ...headers, ...p.headers } } : {}),
        });

      for (const junk of op.pathParams.length ? PATH_JUNK : []) probe(`path ${junk.slice(0, 20)}`, { url: url(junk) });
      for (const q of op.query) {
        for (const junk of JUNK_VALUES.filter((v) => typeof v !== 'object' || v === null)) {
          const others = op.query.filter((o) => o !== q).map((o) => `${o.name}=1`);
          probe(`query ${q.name}=${String(junk).slice(0, 20)}`, {
            url: url(id, [...others, `${q.name}=${encode(String(junk))}`].join('&')),
          });
        }
      }
      for (const body of op.contentType ? JUNK_BODIES : []) {
        probe(`body ${body.payload.slice(0, 20)}`, {
          payload: body.payload,
          headers: { 'content-type': body.contentType ?? 'application/json' },
        });
      }
      if (op.body) {
        for (const path of propertyPaths(op.body)) {
          for (const junk of JUNK_VALUES)
            probe(`${path.join('.')}=${JSON.stringify(junk)?.slice(0, 30)}`, {
              payload: json(setAt(base, path, junk)),
            });
          probe(`${path.join('.')} missing`, { payload: json(setAt(base, path, undefined)) });
        }
        probe('unknown field', { payload: json({ ...(base as object), extra: { deep: [1, 'x'] } }) });
      }
      if (op.contentType === 'multipart/form-data') {
        for (const part of [
          { content: Buffer.from('not an image'), filename: 'a.png' },
          { content: Buffer.from('GIF89a'), filename: 'nul\u0000name.gif' },
          { content: Buffer.from('\x89PNG\r\n\x1a\n'), filename: `${'n'.repeat(5000)}.png` },
          { content: Buffer.from('x'), filename: 'a.png', field: 'outro' },
        ]) {
          const { payload, headers: h } = multipart(part);
          probe(`multipart ${part.filename.slice(0, 20)}`, { payload, headers: h });
        }
      }
      for (const [name, value] of [
        ['authorization', `Bearer ${'x'.repeat(5000)}`],
        ['authorization', 'Basic Zm9vOmJhcg=='],
        ['cookie', `sid=${'%'.repeat(300)}`],
        ['cookie', 'sid=%E0%A4%A'],
        ['if-none-match', 'x'.repeat(5000)],
        ['range', 'bytes=999999999999999999999-'],
        ['accept-encoding', 'br;q=NaN, *;q=-1'],
      ]) {
        probe(`header ${name}`, { headers: { [name!]: value! } });
      }
    }

    const failures: string[] = [];
    const statuses = new Map<number, number>();
    // A few at a time: enough to overlap waits (hashing, delays), few enough for 2 cores.
    for (let i = 0; i < probes.length; i += 8) {
      await Promise.all(
        probes.slice(i, i + 8).map(async (p) => {
          const res = await t.app.inject({
            method: p.method as 'GET',
            url: p.url,
            headers: p.headers,
            ...(p.payload !== undefined ? { payload: p.payload } : {}),
          });
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          const problem = judge(res);
          if (problem) failures.push(`${p.label}: ${res.statusCode} ${problem}`);
        }),
      );
    }

    expect(failures.slice(0, 30)).toEqual([]);
    expect(probes.length).toBeGreaterThanOrEqual(2000);
    // Most probes must be refused, or the generator is not reaching validation.
    const refused = [...statuses].filter(([s]) => s >= 400).reduce((n, [, c]) => n + c, 0);
    expect(refused / probes.length).toBeGreaterThan(0.6);
  }, 300_000);
});

/** Percent-encodes; a lone surrogate becomes the invalid UTF-8 bytes a client could send anyway. */
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

/** What a legitimate caller of this operation would send: a session cookie, or a TV's token. */
function credentialsFor(op: Operation, world: World): Record<string, string> {
  if (op.path.startsWith('/api/tv/')) return { authorization: `Bearer ${world.tvToken}` };
  if (op.auth === 'public') return {};
  return { cookie: world.cookie };
}

/** Null when the answer is acceptable for a malformed request; otherwise what is wrong with it. */
function judge(res: LightMyRequestResponse): string | null {
  if (res.statusCode >= 500) return res.body.slice(0, 200);
  if (res.statusCode < 400) return null;
  if (!String(res.headers['content-type']).includes('application/json'))
    return `not JSON: ${res.headers['content-type']}`;
  let body: { message?: unknown; issues?: Array<{ message?: unknown }> };
  try {
    body = res.json();
  } catch {
    return 'unparseable JSON';
  }
  const texts = [body.message, ...(body.issues ?? []).map((i) => i.message)];
  if (typeof body.message !== 'string' || !body.message.trim()) return 'no message';
  const english = texts.find((m) => typeof m !== 'string' || ENGLISH.test(m));
  return english === undefined ? null : `English or odd message: ${String(english).slice(0, 120)}`;
}
