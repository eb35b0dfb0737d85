import { getRememberedEmail, setRememberedEmail } from '@web/lib/storage';

/**
 * "Lembrar credenciais" (docs/security.md#browser-protections): the email is kept in localStorage, the password only in the
 * browser's own credential store (Credential Management API), never in localStorage. Every call
 * to the API is guarded: it is missing in some browsers and may reject (no secure context, policy).
 */
type PasswordCredentialLike = Credential & { id: string; password?: string };
type PasswordCredentialCtor = new (data: { id: string; password: string; name?: string }) => Credential;

function passwordCredentialCtor(): PasswordCredentialCtor | null {
  const ctor = (window as unknown as { PasswordCredential?: PasswordCredentialCtor }).PasswordCredential;
  return typeof ctor === 'function' && navigator.credentials ? ctor : null;
}

/** The remembered email (synchronous, for the first render). */
export function rememberedEmail(): string | null {
  return getRememberedEmail();
}

/** The stored password for `email`, asked silently (no browser prompt); undefined when none. */
export async function rememberedPassword(email: string): Promise<string | undefined> {
  if (!passwordCredentialCtor()) return undefined;
  try {
    const options = { password: true, mediation: 'silent' } as CredentialRequestOptions;
    const credential = (await navigator.credentials.get(options)) as PasswordCredentialLike | null;
    // A credential for another account must not prefill this email's password.
    if (credential?.password && credential.id.toLowerCase() === email.toLowerCase()) return credential.password;
  } catch {
    // No stored credential available: the user types the password.
  }
  return undefined;
}

export async function rememberCredentials(email: string, password: string): Promise<void> {
  setRememberedEmail(email);
  const Ctor = passwordCredentialCtor();
  if (!Ctor) return;
  try {
    await navigator.credentials.store(new Ctor({ id: email, password, name: email }));
  } catch {
    // The browser declined to store it; the email is still remembered.
  }
}

export async function forgetCredentials(): Promise<void> {
  setRememberedEmail(null);
  try {
    await navigator.credentials?.preventSilentAccess?.();
  } catch {
    // Nothing stored, or the API is unavailable.
  }
}
