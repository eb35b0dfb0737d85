import type { Locator, Page } from '@playwright/test';

/** The layout editor as a person drives it (docs/layouts.md#the-editor): shared by the layout specs. */

/** A zone of the editor's canvas, by name (its accessible name starts "Zona <name>:"). */
export const zone = (page: Page, name: string) => page.getByRole('button', { name: new RegExp(`^Zona ${name}:`) });

/** Drags from the centre of `from` by a percent of the canvas's width and height, with the mouse. */
export async function dragBy(page: Page, from: Locator, dxPct: number, dyPct: number) {
  const canvas = await page.getByTestId('zone-canvas').boundingBox();
  const box = await from.boundingBox();
  if (!canvas || !box) throw new Error('the canvas is not drawn');
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + (dxPct / 100) * canvas.width, y + (dyPct / 100) * canvas.height, { steps: 6 });
  await page.mouse.up();
}

export async function press(page: Page, key: string, times: number) {
  for (let i = 0; i < times; i++) await page.keyboard.press(key);
}

export async function addZone(page: Page, name: string) {
  await page.getByRole('button', { name: 'Adicionar zona' }).click();
  await page.getByLabel('Nome da zona').fill(name);
}
