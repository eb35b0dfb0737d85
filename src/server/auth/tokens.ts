import { createHash, randomBytes } from 'node:crypto';

/** An opaque random token for a cookie or a device; only its SHA-256 is ever stored. */
export const newToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
