import { describe, expect, it } from 'vitest';
import { makePairedDevice, signedInUser } from '../../test/factories';
import { useTestApp } from '../../test/test-app';

const logged: Array<{ msg: string; req?: { url?: string } }> = [];
const logStream = { write: (line: string) => void logged.push(JSON.parse(line) as (typeof logged)[number]) };

/** Headers that differ between any two answers (time, connection, request id). */
const comparable = (headers: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(headers).filter(
      ([name]) => !['date', 'connection', 'keep-alive', 'x-request-id'].includes(name.toLowerCase()),
    ),
  );

/**
 * docs/benchmarks.md#targets: a TV's conditional manifest request, answered 304 from memory before Fastify routes it,
 * must say exactly what the route says, and never outlive a revoked pairing.
 */
describe('TV content fast path', () => {
  const t = useTestApp({ logLevel: 'debug' }, { logStream });

  it('answers 304 before routing, with the route’s headers, and steps aside for anything else', async () => {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    const owner = await signedInUser(t.app, t.database);
    const { device, headers: tv } = await makePairedDevice(t, { owner });

    const first = await fetch(`${base}/api/tv/content`, { headers: tv });
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^".+"$/);

    logged.length = 0;
    const fast = await fetch(`${base}/api/tv/content`, { headers: { ...tv, 'if-none-match': etag } });
    expect(fast.status).toBe(304);
    // Fastify never saw it: no request line of its own for that answer.
    expect(logged.filter((l) => l.msg === 'incoming request')).toEqual([]);
    expect(fast.headers.get('x-request-id')).toBeTruthy();
    // The route's own 304 (inject skips the server, so Fastify answers it) has the same headers.
    const routed = await t.app.inject({
      method: 'GET',
      url: '/api/tv/content',
      headers: { ...tv, 'if-none-match': etag },
    });
    expect(routed.statusCode).toBe(304);
    expect(comparable(Object.fromEntries(fast.headers))).toEqual(comparable(routed.headers as Record<string, unknown>));

    // Anything else goes on to the route: another ETag (200 with the body), a proxy's request.
    expect((await fetch(`${base}/api/tv/content`, { headers: { ...tv, 'if-none-match': '"outra"' } })).status).toBe(
      200,
    );
    logged.length = 0;
    expect(
      (
        await fetch(`${base}/api/tv/content`, {
          headers: { ...tv, 'if-none-match': etag, 'x-forwarded-for': '10.1.1.1' },
        })
      ).status,
    ).toBe(304);
    expect(logged.some((l) => l.msg === 'incoming request')).toBe(true);

    // A revoked pairing is never answered from memory.
    await t.app.inject({
      method: 'POST',
      url: `/api/devices/${device.id}/disconnect`,
      headers: { cookie: owner.cookie },
    });
    expect((await fetch(`${base}/api/tv/content`, { headers: { ...tv, 'if-none-match': etag } })).status).toBe(401);
  });
});
