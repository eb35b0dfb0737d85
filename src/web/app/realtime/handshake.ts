/** The channel's two greetings (docs/product.md#states): `connected` on open, `admin_auth_success` after `admin_auth`. */
const HANDSHAKE_TYPES: ReadonlySet<unknown> = new Set(['connected', 'admin_auth_success']);

/**
 * A greeting carries nothing but its type and changes nothing on screen, so it is not validated:
 * the first parse of the message union builds its lookup tables (a long task on a throttled phone),
 * and the greetings arrive while the first page is still rendering (docs/benchmarks.md#targets: the dashboard's
 * blocking time). The first message that matters pays it instead, later.
 */
export function isHandshake(message: unknown): boolean {
  return typeof message === 'object' && message !== null && HANDSHAKE_TYPES.has((message as { type?: unknown }).type);
}
