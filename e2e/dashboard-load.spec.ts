import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN, signIn } from './support';

/** What the page asked for, in the order the browser reported it. */
function recordNetwork(page: Page) {
  const events: string[] = [];
  const path = (url: string) => new URL(url).pathname;
  page.on('request', (r) => events.push(`start ${path(r.url())}`));
  page.on('requestfinished', (r) => events.push(`end ${path(r.url())}`));
  return events;
}

test.describe('the dashboard loads fast (docs/benchmarks.md#targets)', () => {
  test('a signed-in visit downloads neither the landing nor the login page, and asks for the session and the devices together', async ({
    page,
  }) => {
    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await expect(page.getByTestId('summary-total')).toBeVisible();
    // The cookie only, as on a browser where the app never ran: nothing remembered to paint first.
    await page.evaluate(() => window.localStorage.clear());
    const events = recordNetwork(page);
    await page.goto('/dashboard');
    await expect(page.getByTestId('summary-total')).toBeVisible();

    const chunks = events.filter((e) => e.startsWith('start /assets/'));
    expect(chunks.some((e) => e.includes('/authenticated-area-'))).toBe(true);
    expect(chunks.filter((e) => /\/(landing-page|public-layout|login-page|login-route)-/.test(e))).toEqual([]);
    // Both start from index.html's preload links, ahead of the signed-in area's chunks.
    const areaChunk = events.findIndex((e) => /^start \/assets\/authenticated-area-/.test(e));
    expect(events.indexOf('start /api/auth/me')).toBeLessThan(areaChunk);
    expect(events.indexOf('start /api/devices')).toBeLessThan(areaChunk);
    // The device list starts before the session's answer is in: side by side, not one after the other.
    expect(events.indexOf('start /api/devices')).toBeGreaterThan(-1);
    expect(events.indexOf('start /api/devices')).toBeLessThan(events.indexOf('end /api/auth/me'));
    // The early answer is the one the page uses: one request each.
    expect(events.filter((e) => e === 'start /api/devices')).toHaveLength(1);
    expect(events.filter((e) => e === 'start /api/auth/me')).toHaveLength(1);
  });

  test('the landing page does not download the signed-in area', async ({ page }) => {
    const events = recordNetwork(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(events.filter((e) => /\/(authenticated-area|dashboard-page)-/.test(e))).toEqual([]);
    expect(events.filter((e) => e.startsWith('start /api/'))).toEqual([]);
  });

  test('a signed-out visitor of /dashboard signs in there and gets the devices, not the early 401', async ({
    page,
  }) => {
    await page.goto('/dashboard');
    await page.getByLabel('Email').fill(E2E_ADMIN.email);
    await page.getByLabel('Senha', { exact: true }).fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('summary-total')).toBeVisible();
    await expect(page.getByTestId('dashboard-online')).toBeVisible();
  });
});
