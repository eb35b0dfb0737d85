import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_ADMIN, E2E_DATA_DIR, E2E_OTHER_ADMIN, E2E_POOL } from '../playwright.config';

export { E2E_ADMIN, E2E_OTHER_ADMIN };

let sequence = 0;
/** A name no other test (or earlier run against the same server) uses. */
export const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${(sequence++).toString(36)}`;

/**
 * Creates a user through the API as the e2e admin, in the e2e admin's workspace (what a server of
 * a spec's own offers); returns its credentials.
 */
export async function createUserViaApi(
  request: APIRequestContext,
  role: 'user' | 'admin' = 'user',
  admin: { email: string; password: string } = E2E_ADMIN,
) {
  const username = unique('pessoa');
  const user = { username, email: `${username}@exemplo.com.br`, phone: '', role, password: 'senha-pessoa-123' };
  const login = await request.post('/api/auth/login', { data: { email: admin.email, password: admin.password } });
  expect(login.ok()).toBeTruthy();
  const created = await request.post('/api/users', { data: user });
  expect(created.status(), await created.text()).toBe(201);
  await request.post('/api/auth/logout');
  return { ...user, id: (await created.json()).id as number };
}

/**
 * A pool workspace no other test has (the first free one, claimed with an atomic mkdir, so the two
 * workers never share one): its lists, counts and realtime events are the test's own.
 */
function claimWorkspace(): number {
  const claims = `${E2E_DATA_DIR}-claims`;
  mkdirSync(claims, { recursive: true });
  for (let slot = 0; slot < E2E_POOL.size; slot++) {
    try {
      mkdirSync(path.join(claims, String(slot)));
      return slot;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  throw new Error(`all ${E2E_POOL.size} e2e workspaces are taken: raise E2E_POOL.size in playwright.config.ts`);
}

/** A user (of the given role) alone in a workspace of their own, on the shared e2e server. */
export async function createIsolatedUser(request: APIRequestContext, role: 'user' | 'admin' = 'user') {
  const slot = claimWorkspace();
  const user = await createUserViaApi(request, role, { email: E2E_POOL.email(slot), password: E2E_POOL.password });
  return { ...user, workspace: E2E_POOL.workspace(slot) };
}

/** Signs in through the login screen and waits for the dashboard. */
export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

export const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Navegação principal' });

/** The visible toast containing this text (at most one toast is shown at a time). */
export const toast = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text });
