import { expect, test } from '@playwright/test';
import { expectNoA11yViolations } from './a11y';
import { addZone, dragBy, press, zone } from './zone-editor';
import { createIsolatedUser, mainNav, signIn, toast, unique } from './support';

test.describe('Layouts', () => {
  test('an admin draws a three-zone layout with the mouse and the keyboard, saves it and sees its map', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const admin = await createIsolatedUser(request, 'admin');
    await signIn(page, admin.email, admin.password);
    // The welcome toast would sit over the canvas's bottom-right corner.
    await toast(page, 'Login realizado').getByRole('button', { name: 'Fechar notificação' }).click();
    await mainNav(page).getByRole('link', { name: 'Layouts' }).click();
    await expect(page.getByRole('heading', { name: 'Layouts', level: 1 })).toBeVisible();
    // The built-ins, read-only, for both orientations.
    await expect(page.getByRole('img', { name: 'Mapa do layout L: Principal, Lateral, Rodapé' })).toHaveCount(2);
    await expect(page.getByText('Modelo', { exact: true })).toHaveCount(14);

    await page.getByRole('link', { name: 'Novo layout' }).click();
    const name = unique('Balcão ');
    await page.getByLabel('Nome do layout').fill(name);

    // Mouse: the main zone grown from its corner, the side panel moved (snapping to the main
    // zone's right edge) and grown to the screen's bottom.
    await addZone(page, 'Principal');
    await dragBy(page, zone(page, 'Principal').getByTestId('resize-handle'), 45, 55);
    const principal = 'Zona Principal: posição 0 %, 0 %, tamanho 75 % × 85 %';
    await expect(zone(page, 'Principal')).toHaveAccessibleName(principal);
    // Dragged partly off the screen: it stops at the edges.
    await dragBy(page, zone(page, 'Principal'), -10, -10);
    await expect(zone(page, 'Principal')).toHaveAccessibleName(principal);
    await addZone(page, 'Lateral');
    await dragBy(page, zone(page, 'Lateral').getByTestId('resize-handle'), -5, 65);
    await dragBy(page, zone(page, 'Lateral'), 70.4, -5.3);
    // Within 1 % of the screen's bottom: it sticks to it.
    await dragBy(page, zone(page, 'Lateral').getByTestId('resize-handle'), 0, 4.4);
    await expect(zone(page, 'Lateral')).toHaveAccessibleName('Zona Lateral: posição 75 %, 0 %, tamanho 25 % × 100 %');

    // Keyboard: the bottom strip, arrows move 1 %, shift+arrows resize 1 %, then down to layer 0.
    await addZone(page, 'Rodapé');
    await zone(page, 'Rodapé').focus();
    await press(page, 'Shift+ArrowUp', 15);
    await press(page, 'Shift+ArrowRight', 45);
    await press(page, 'ArrowLeft', 10);
    await press(page, 'ArrowDown', 75);
    await expect(zone(page, 'Rodapé')).toHaveAccessibleName('Zona Rodapé: posição 0 %, 85 %, tamanho 75 % × 15 %');
    await page.getByRole('button', { name: 'Enviar para trás' }).click();
    await page.getByRole('button', { name: 'Enviar para trás' }).click();
    await expect(page.getByTestId('zone-layer')).toHaveText('Camada 0');
    await expect(page.getByRole('list', { name: 'Problemas do layout' })).toHaveCount(0);
    await expectNoA11yViolations(page);

    await page.getByRole('button', { name: 'Criar layout' }).click();
    await expect(toast(page, 'Layout criado.')).toBeVisible();
    await expect(page).toHaveURL(/\/layouts$/);
    await expect(page.getByRole('img', { name: `Mapa do layout ${name}: Principal, Lateral, Rodapé` })).toBeVisible();
    const saved = (await (await page.request.get('/api/layouts')).json()) as Array<{ name: string; zones: unknown }>;
    expect(saved.find((l) => l.name === name)?.zones).toEqual([
      { key: 'zona-1', name: 'Principal', x: 0, y: 0, width: 75, height: 85, z: 0, fit: 'contain' },
      { key: 'zona-2', name: 'Lateral', x: 75, y: 0, width: 25, height: 100, z: 1, fit: 'contain' },
      { key: 'zona-3', name: 'Rodapé', x: 0, y: 85, width: 75, height: 15, z: 0, fit: 'contain' },
    ]);

    // Nine zones: refused in Portuguese, nothing saved.
    await page.getByRole('link', { name: 'Novo layout' }).click();
    await page.getByLabel('Nome do layout').fill(unique('Cheio '));
    for (let i = 0; i < 9; i++) await page.getByRole('button', { name: 'Adicionar zona' }).click();
    await page.getByRole('button', { name: 'Criar layout' }).click();
    await expect(page.getByText('Um layout tem no máximo 8 zonas.')).toBeVisible();
    await expect(page).toHaveURL(/\/layouts\/new$/);
    const after = (await (await page.request.get('/api/layouts')).json()) as Array<{ builtIn: boolean }>;
    expect(after.filter((l) => !l.builtIn)).toHaveLength(1);
  });
});
