/**
 * The few protocol values the player needs at run time, copied from `src/contract` so the player's
 * bundle does not pull in zod (the contract modules build their schemas on import). A unit test
 * (`protocol.test.ts`) keeps these equal to the contract's.
 */
export const DEVICE_SOCKET_PATH = '/ws/device';
export const DEVICE_REVOKED_CLOSE_CODE = 4001;
export const HEARTBEAT_INTERVAL_MS = 15_000;
/** ETag poll of the manifest while the socket is down or silent (docs/tv-protocol.md#device-socket: fallback to the push). */
export const CONTENT_POLL_MS = 30_000;
/**
 * How long the TV waits for the manifest the server announced with `content_changed` before it
 * fetches it instead (a push lost, a slow socket the server skipped): a fleet of 10,000 gets its
 * pushes within ~1.5 s.
 */
export const PUSH_WAIT_MS = 5_000;
/** Screenshots (issue 15): the contract's `SCREENSHOT_*` values (`contract/screens.ts`). */
export const SCREENSHOT_MAX_SIDE = 1280;
export const SCREENSHOT_JPEG_QUALITY = 0.8;
export const SCREENSHOT_MAX_BYTES = 2 * 1024 * 1024;
