import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { signedInUser } from '../../test/factories';
import { useTestApp } from '../../test/test-app';
import { noisePng, uploadSettled } from '../../test/uploads';
import { eventually } from '../../test/eventually';

/** Every line the server logged (JSON, as pino writes it). */
const logged: Array<{ level: number; msg: string; err?: { message?: string } }> = [];
const logStream = { write: (line: string) => void logged.push(JSON.parse(line) as (typeof logged)[number]) };

type Cut = 'after-first-chunk' | 'before-answer';

/**
 * A GET whose client goes away: after the first body chunk, or as soon as the request is sent
 * (the server may not have opened the file yet). Resolves once the socket is closed.
 */
function cancelledGet(
  base: string,
  path: string,
  headers: Record<string, string>,
  cut: Cut,
): Promise<{ status?: number; bytes: number }> {
  return new Promise((resolve) => {
    let status: number | undefined;
    let bytes = 0;
    const req = http.get(`${base}${path}`, { headers, agent: false }, (res) => {
      status = res.statusCode;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        req.destroy();
      });
    });
    req.on('error', () => undefined);
    req.on('close', () => resolve({ status, bytes }));
    if (cut === 'before-answer') req.on('finish', () => setImmediate(() => req.destroy()));
  });
}

function fullGet(
  base: string,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${path}`, { headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

describe('a media answer the client cancels', () => {
  const t = useTestApp({ logLevel: 'debug' }, { logStream });

  it('logs no error and keeps serving, whether cut mid-stream or before the answer', async () => {
    const owner = await signedInUser(t.app, t.database);
    // ~3 MB of noise: far more than one socket write, so the answer is still streaming when cut.
    const png = await noisePng(1000, 1000, 3);
    const media = await uploadSettled(t.app, owner.cookie, {
      content: png,
      filename: 'grande.png',
      contentType: 'image/png',
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const path = `/api/media/${media.id}/file`;
    const cookie = { cookie: owner.cookie };
    logged.length = 0;

    const cuts: Array<[Record<string, string>, Cut]> = [
      [{ range: 'bytes=1000-' }, 'after-first-chunk'],
      [{ range: 'bytes=0-' }, 'after-first-chunk'],
      [{}, 'after-first-chunk'],
      [{ range: 'bytes=1000-' }, 'before-answer'],
      [{}, 'before-answer'],
    ];
    for (let round = 0; round < 4; round++) {
      for (const [headers, cut] of cuts) {
        const answer = await cancelledGet(base, path, { ...cookie, ...headers }, cut);
        if (cut === 'after-first-chunk') {
          expect(answer.status).toBe(headers.range ? 206 : 200);
          expect(answer.bytes).toBeLessThan(media.size);
        }
      }
    }
    // Every request that reached the server has ended there (Fastify's own last line for it: the
    // stream cut, or completed); an error answering it again would be logged before that line…
    const count = (msg: string) => logged.filter((l) => l.msg === msg).length;
    await eventually(
      () =>
        count('incoming request') > 0 &&
        count('stream closed prematurely') + count('request completed') === count('incoming request'),
      'every request ended',
    );
    // …and keeps serving, whole and ranged.
    const whole = await fullGet(base, path, cookie);
    expect(whole.status).toBe(200);
    expect(whole.body.equals(png)).toBe(true);
    const part = await fullGet(base, path, { ...cookie, range: 'bytes=10-19' });
    expect(part.status).toBe(206);
    expect(part.body.equals(png.subarray(10, 20))).toBe(true);

    const problems = logged.filter((l) => l.level >= 40).map((l) => `${l.msg}: ${l.err?.message ?? ''}`);
    expect(problems).toEqual([]);
  });
});
