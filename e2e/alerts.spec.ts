import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { createIsolatedUser, createUserViaApi, mainNav, signIn, toast } from './support';

type Received = { method: string; url: string; headers: IncomingHttpHeaders; body: string };

/** A webhook receiver of the spec's own on loopback: it records every request and answers 200. */
async function startReceiver() {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sinalize`;
  return { url, received, close: () => new Promise((done) => server.close(done)) };
}

// docs/alerts.md#in-the-panel: the admin's Alertas page against the real server; incidents opening
// and closing, and their notices, are covered by the API tests (alert-notices.test.ts).
test.describe('Alertas page', () => {
  test('an admin saves the recipients and minutes, adds a webhook (a bad URL first) and tests it: the receiver gets a signed post', async ({
    page,
    request,
  }) => {
    const receiver = await startReceiver();
    try {
      const admin = await createIsolatedUser(request, 'admin');
      await signIn(page, admin.email, admin.password);
      await mainNav(page).getByRole('link', { name: 'Alertas' }).click();
      await expect(page).toHaveURL(/\/alerts$/);
      await expect(page.getByRole('heading', { name: 'Alertas', level: 1 })).toBeVisible();

      // The e2e server has no SMTP_URL: the page says email will not go, webhooks will.
      const settings = page.getByRole('region', { name: 'Configurações' });
      await expect(settings.getByText(/não tem SMTP_URL configurado/)).toBeVisible();
      const minutes = settings.getByLabel('Minutos offline até alertar');
      await expect(minutes).toHaveValue('10');
      const newEmail = settings.getByLabel('Novo destinatário');
      await newEmail.fill('operacao@exemplo.com.br');
      await settings.getByRole('button', { name: 'Adicionar' }).click();
      await newEmail.fill('Plantao@Exemplo.com.br');
      await newEmail.press('Enter');
      await minutes.fill('15');
      await settings.getByRole('button', { name: 'Salvar' }).click();
      await expect(toast(page, 'Configurações de alertas salvas.')).toBeVisible();

      await page.reload();
      const recipients = page
        .getByRole('region', { name: 'Configurações' })
        .getByRole('list', { name: 'Destinatários' });
      await expect(recipients.getByRole('listitem')).toHaveText(['operacao@exemplo.com.br', 'plantao@exemplo.com.br']);
      await expect(page.getByLabel('Minutos offline até alertar')).toHaveValue('15');

      const hooks = page.getByRole('region', { name: 'Webhooks' });
      await expect(hooks.getByText('Nenhum webhook cadastrado.')).toBeVisible();
      await hooks.getByRole('button', { name: 'Adicionar webhook' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Endereço (URL)').fill('receptor.exemplo.com.br/sinalize');
      await dialog.getByRole('button', { name: 'Adicionar' }).click();
      await expect(
        dialog.getByText('Informe o endereço completo do webhook, começando com http:// ou https://.'),
      ).toBeVisible();
      const none = await page.request.get('/api/alerts/webhooks');
      expect(await none.json()).toEqual([]);

      await dialog.getByLabel('Endereço (URL)').fill(receiver.url);
      await dialog.getByRole('button', { name: 'Adicionar' }).click();
      await expect(dialog.getByRole('heading', { name: 'Webhook adicionado' })).toBeVisible();
      await expect(dialog.getByText(/ele não será mostrado de novo/)).toBeVisible();
      const secret = await dialog.getByLabel('Segredo').inputValue();
      expect(secret).toMatch(/^[0-9a-f]{64}$/);
      await dialog.getByRole('button', { name: 'Concluído' }).click();
      await expect(dialog).toHaveCount(0);

      const row = hooks.getByRole('listitem').filter({ hasText: receiver.url });
      await expect(row.getByText(`Segredo: …${secret.slice(-4)}`)).toBeVisible();
      await row.getByRole('button', { name: `Testar ${receiver.url}` }).click();
      await expect(row.getByTestId('webhook-test-result')).toHaveText('Teste enviado: o receptor respondeu 200.');

      expect(receiver.received).toHaveLength(1);
      const [post] = receiver.received;
      expect(post!.method).toBe('POST');
      const timestamp = String(post!.headers['x-sinalize-timestamp']);
      expect(timestamp).toMatch(/^\d+$/);
      const expected = `sha256=${createHmac('sha256', secret).update(`${timestamp}.${post!.body}`).digest('hex')}`;
      expect(post!.headers['x-sinalize-signature']).toBe(expected);
      expect(JSON.parse(post!.body)).toMatchObject({ event: 'test', workspace: { name: admin.workspace } });

      // The attempt is in the delivery log, in Portuguese.
      const log = page.getByRole('table', { name: 'Envios' });
      const line = log.getByRole('row').filter({ hasText: receiver.url });
      await expect(line).toContainText('Teste');
      await expect(line).toContainText('Enviado');
      await expect(line).toContainText('200');
    } finally {
      await receiver.close();
    }
  });

  test('a user who is not an admin has no Alertas entry, and the page says it is for admins', async ({
    page,
    request,
  }) => {
    const user = await createUserViaApi(request, 'user');
    await signIn(page, user.email, user.password);
    await expect(mainNav(page).getByRole('link', { name: 'Dispositivos' })).toBeVisible();
    await expect(mainNav(page).getByRole('link', { name: 'Alertas' })).toHaveCount(0);
    await page.goto('/alerts');
    await expect(page.getByText('Apenas administradores podem configurar os alertas.')).toBeVisible();
  });
});
