import { expect, test } from '@playwright/test';
import { createIsolatedUser, createUserViaApi, mainNav, signIn } from './support';

// A job fails for good only after its retries (minutes apart: docs/jobs.md), so the list with a
// failed job and "Tentar novamente" is covered by the API tests (src/server/jobs/job-routes.test.ts);
// here, the page as an admin reaches it and what a user who is not one sees.
test.describe('Tarefas page', () => {
  test("an admin opens Tarefas from the menu and sees that none of the workspace's jobs failed", async ({
    page,
    request,
  }) => {
    const admin = await createIsolatedUser(request, 'admin');
    await signIn(page, admin.email, admin.password);
    await mainNav(page).getByRole('link', { name: 'Tarefas' }).click();
    await expect(page).toHaveURL(/\/jobs$/);
    await expect(page.getByRole('heading', { name: 'Tarefas', level: 1 })).toBeVisible();
    await expect(page.getByText('Nenhuma tarefa com falha')).toBeVisible();
  });

  test('a user who is not an admin has no Tarefas entry, and the page says it is for admins', async ({
    page,
    request,
  }) => {
    const user = await createUserViaApi(request, 'user');
    await signIn(page, user.email, user.password);
    await expect(mainNav(page).getByRole('link', { name: 'Dispositivos' })).toBeVisible();
    await expect(mainNav(page).getByRole('link', { name: 'Tarefas' })).toHaveCount(0);
    await page.goto('/jobs');
    await expect(page.getByText('Apenas administradores podem ver as tarefas.')).toBeVisible();
  });
});
