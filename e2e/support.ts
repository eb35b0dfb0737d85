import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_ADMIN, E2E_OTHER_ADMIN } from '../playwright.config';

export { E2E_ADMIN, E2E_OTHER_ADMIN };

let sequence = 0;
/** A name no other test (or earlier run against the same server) uses. */
export const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${(sequence++).toString(36)}`;

/** Creates a user through the API as the e2e admin; returns its credentials. */
export async function createUserViaApi(request: APIRequestContext, role: 'user' | 'admin' = 'user') {
  const username = unique('pessoa');
  const user = { username, email: `${username}@exemplo.com.br`, phone: '', role, password: 'senha-pessoa-123' };
  const login = await request.post('/api/auth/login', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } });
  expect(login.ok()).toBeTruthy();
  const created = await request.post('/api/users', { data: user });
  expect(created.status(), await created.text()).toBe(201);
  await request.post('/api/auth/logout');
  return { ...user, id: (await created.json()).id as number };
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
