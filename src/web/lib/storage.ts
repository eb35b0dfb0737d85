import { ROLES, STORAGE_KEYS, type Role } from '@contract/constants';
import type { User } from '@contract/users';

/**
 * The three things docs/product.md#entities keeps in localStorage. Every read is validated and every access is
 * guarded: storage may be disabled (private mode, quota) and old data may have another shape.
 */
function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage unavailable: the app still works, it only forgets between visits.
  }
}

function readJson(key: string): Record<string, unknown> | null {
  const raw = read(key);
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

// Checked by hand rather than with the zod schema: this module is on the landing page's critical
// path, and zod would double its JavaScript.
function asUser(v: Record<string, unknown> | null): User | null {
  if (!v) return null;
  const ok =
    typeof v.id === 'number' &&
    typeof v.username === 'string' &&
    typeof v.email === 'string' &&
    (v.phone === null || typeof v.phone === 'string') &&
    ROLES.includes(v.role as Role) &&
    typeof v.createdAt === 'string';
  return ok ? (v as User) : null;
}

/** The saved current user: instant first paint and the `x-user-id` header (docs/product.md#entities and #roles). */
export function getSavedUser(): User | null {
  return asUser(readJson(STORAGE_KEYS.currentUser));
}

export function saveUser(user: User): void {
  write(STORAGE_KEYS.currentUser, JSON.stringify(user));
  write(STORAGE_KEYS.loginState, 'true');
}

/** Forgets the signed-in user (logout, or a 401 from /api/auth/me). Remembered credentials stay. */
export function clearSession(): void {
  write(STORAGE_KEYS.currentUser, null);
  write(STORAGE_KEYS.loginState, null);
}

/** Only the email is kept here; the password goes to the browser's credential store (docs/security.md#browser-protections). */
export function getRememberedEmail(): string | null {
  const email = readJson(STORAGE_KEYS.rememberedCredentials)?.email;
  return typeof email === 'string' && email ? email : null;
}

export function setRememberedEmail(email: string | null): void {
  write(STORAGE_KEYS.rememberedCredentials, email === null ? null : JSON.stringify({ email }));
}
