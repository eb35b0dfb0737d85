import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { Device, DeviceGroup } from '../src/contract/devices';
import { apiSignIn, createDevice } from './api';
import { createIsolatedUser, signIn, toast, unique } from './support';

/**
 * Opening hours in the panel (docs/opening-hours.md): the group form's editor (weekly intervals, one
 * crossing midnight, an overlap refused, a holiday closed) and "Minutos offline até alertar", kept
 * over a reload; an offline screen whose hours say closed now reads "Fora do horário", not Offline.
 */

async function newUser(page: Page, request: APIRequestContext) {
  const user = await createIsolatedUser(request, 'user');
  await apiSignIn(request, user);
  await signIn(page, user.email, user.password);
}

async function openGroupForm(page: Page, name: string) {
  await page.getByRole('button', { name: 'Grupos', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: `Editar grupo ${name}` }).click();
  return dialog;
}

test('a group saves its opening hours and alert minutes, kept after a reload', async ({ page, request }) => {
  await newUser(page, request);
  const res = await request.post('/api/device-groups', { data: { name: unique('Lojas ') } });
  expect(res.status(), await res.text()).toBe(201);
  const group = (await res.json()) as DeviceGroup;

  await page.goto('/devices');
  let dialog = await openGroupForm(page, group.name);
  await dialog.getByRole('checkbox', { name: 'Sempre ligada' }).click();
  await expect(dialog.getByLabel('Abertura — Segunda, horário 1')).toHaveValue('08:00');

  // A second Monday interval that overlaps the first is refused, in Portuguese, under it.
  await dialog.getByRole('button', { name: 'Adicionar horário (Segunda)' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(/se sobrepõem/);
  await dialog.getByRole('button', { name: 'Atualizar Grupo' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(/se sobrepõem/);
  // 22:00 to 02:00 crosses midnight: said so, and no longer overlapping.
  await dialog.getByLabel('Abertura — Segunda, horário 2').fill('22:00');
  await dialog.getByLabel('Fechamento — Segunda, horário 2').fill('02:00');
  await expect(dialog.getByText('Termina no dia seguinte (passa da meia-noite).')).toBeVisible();
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  // Christmas closed all day, and 20 minutes offline before an alert.
  await dialog.getByRole('button', { name: 'Adicionar exceção' }).click();
  await dialog.getByLabel('Data').fill('2026-12-25');
  await dialog.getByLabel('Minutos offline até alertar').fill('20');
  await dialog.getByRole('button', { name: 'Atualizar Grupo' }).click();
  await expect(toast(page, 'Grupo atualizado com sucesso.')).toBeVisible();

  const saved = (await (await request.get('/api/device-groups')).json()) as DeviceGroup[];
  expect(saved.find((g) => g.id === group.id)).toMatchObject({
    offlineMinutes: 20,
    openingHours: {
      weekly: expect.arrayContaining([{ weekday: 1, start: '22:00', end: '02:00' }]),
      exceptions: [{ date: '2026-12-25', intervals: [] }],
    },
  });

  await page.reload();
  dialog = await openGroupForm(page, group.name);
  await expect(dialog.getByRole('checkbox', { name: 'Sempre ligada' })).toHaveAttribute('aria-checked', 'false');
  await expect(dialog.getByLabel('Abertura — Segunda, horário 2')).toHaveValue('22:00');
  await expect(dialog.getByLabel('Fechamento — Segunda, horário 2')).toHaveValue('02:00');
  await expect(dialog.getByLabel('Fechamento — Sexta, horário 1')).toHaveValue('18:00');
  await expect(dialog.getByLabel('Data')).toHaveValue('2026-12-25');
  await expect(dialog.getByRole('checkbox', { name: 'Fechada o dia todo' })).toHaveAttribute('aria-checked', 'true');
  await expect(dialog.getByLabel('Minutos offline até alertar')).toHaveValue('20');
});

test('an offline screen closed by its hours reads "Fora do horário"; one without hours, Offline', async ({
  page,
  request,
}) => {
  await newUser(page, request);
  const sleeping = await createDevice(request, { name: unique('TV Noite '), location: 'Loja' });
  const plain = await createDevice(request, { name: unique('TV Comum '), location: 'Loja' });
  // No interval at all: closed every hour of the week (and neither TV is paired: both offline).
  const put = await request.put(`/api/devices/${sleeping.id}`, {
    data: {
      name: sleeping.name,
      location: sleeping.location,
      resolution: sleeping.resolution,
      orientation: sleeping.orientation,
      layout: sleeping.layout,
      groupId: sleeping.groupId,
      authCode: sleeping.authCode,
      openingHours: { weekly: [], exceptions: [] },
    },
  });
  expect(put.status(), await put.text()).toBe(200);
  expect(((await put.json()) as Device).openingHours).toEqual({ weekly: [], exceptions: [] });

  await page.goto('/dashboard');
  const offline = page.getByTestId('dashboard-offline');
  await expect(offline.getByRole('listitem').filter({ hasText: sleeping.name })).toContainText('Fora do horário');
  await expect(offline.getByRole('listitem').filter({ hasText: plain.name })).toContainText('Offline');
  await expect(offline.getByRole('listitem').filter({ hasText: plain.name })).not.toContainText('Fora do horário');

  await page.goto('/devices');
  await expect(page.getByTestId(`device-card-${sleeping.id}`).getByTestId('outside-hours')).toHaveText(
    'Fora do horário',
  );
  await expect(page.getByTestId(`device-card-${plain.id}`).getByTestId('outside-hours')).toHaveCount(0);

  // The device form keeps its hours: saved without touching them, they are still there.
  await page.goto(`/devices/edit/${sleeping.id}`);
  await expect(page.getByRole('checkbox', { name: 'Sempre ligada' })).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByText('Sem nenhum horário a tela fica sempre desligada.')).toBeVisible();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page).toHaveURL(/\/devices$/);
  const after = (await (await request.get(`/api/devices/${sleeping.id}`)).json()) as Device;
  expect(after.openingHours).toEqual({ weekly: [], exceptions: [] });
});
