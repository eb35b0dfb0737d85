import { describe, expect, it } from 'vitest';
import { KEEP_ALIVE_TIMEOUT_MS } from '../app';
import { useTestApp } from '../test/test-app';

/**
 * The app makes its own HTTP server (the TV content fast path), and Fastify then leaves Node's 5 s
 * keep-alive: an idle connection closed under a client that is sending on it answers ECONNRESET
 * (seen on a PATCH in the e2e suite). The app's server keeps Fastify's 72 s.
 */
describe('keep-alive', () => {
  const t = useTestApp();

  it("keeps idle connections for Fastify's 72 s, not Node's 5 s", () => {
    expect(t.app.server.keepAliveTimeout).toBe(KEEP_ALIVE_TIMEOUT_MS);
    expect(KEEP_ALIVE_TIMEOUT_MS).toBe(72_000);
  });
});
