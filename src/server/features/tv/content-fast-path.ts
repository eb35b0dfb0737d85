import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { SECURITY_HEADERS } from '../../http/security';
import type { DeviceAuthenticator } from '../../auth/device-auth';
import type { ManifestService } from './manifest-service';

export const TV_CONTENT_PATH = '/api/tv/content';

// Per answer, the headers go as one flat [name, value, …] list and the request id is this process's
// id plus a counter: an object spread and a random UUID per request kept the answer under its
// target against a bare node:http server; this form meets it (docs/benchmarks.md).
const SECURITY_ENTRIES = Object.entries(SECURITY_HEADERS).flat();
const PROCESS_ID = randomUUID();
let answered = 0;

/**
 * The request a fleet makes most (docs/benchmarks.md#targets): every TV asks `GET /api/tv/content` with the ETag it
 * holds, and almost always gets 304. When the token and the device's manifest version are both in
 * memory, the answer is written here, before Fastify routes the request (its routing, hooks and reply
 * cost half the throughput of a bare node:http server). Anything else — no or unknown token, a
 * changed version, a request through a proxy (whose headers Fastify judges) — goes on to the
 * regular route, which answers the same way with the same headers.
 */
export function createContentFastPath(auth: DeviceAuthenticator, manifests: ManifestService) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== 'GET' || req.url !== TV_CONTENT_PATH) return false;
    // The raw header list: building `req.headers` costs more than the rest of this answer.
    let held: string | undefined;
    let authorization: string | undefined;
    let requestId: string | undefined;
    const raw = req.rawHeaders;
    for (let i = 0; i < raw.length; i += 2) {
      const name = raw[i]!.toLowerCase();
      if (name === 'if-none-match') held = raw[i + 1];
      else if (name === 'authorization') authorization = raw[i + 1];
      else if (name === 'x-request-id') requestId = raw[i + 1];
      else if (name === 'x-forwarded-for' || name === 'x-forwarded-proto') return false;
    }
    if (!held || !authorization?.startsWith('Bearer ')) return false;
    const identity = auth.cachedIdentity(authorization.slice(7).trim());
    const etag = identity ? manifests.cachedEtag(identity.deviceId, identity.tokenHash) : null;
    if (!etag || etag !== held) return false;
    res.writeHead(304, [
      ...SECURITY_ENTRIES,
      'X-Request-Id',
      requestId?.slice(0, 64) || `${PROCESS_ID}-${(++answered).toString(36)}`,
      'ETag',
      etag,
      'Cache-Control',
      'no-cache',
    ]);
    res.end();
    return true;
  };
}
export type ContentFastPath = ReturnType<typeof createContentFastPath>;
