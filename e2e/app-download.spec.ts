import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';

/**
 * The real Android TV app on /download-app: the e2e server runs without APP_APK_PATH, so it offers
 * dist/sinalize-tv.apk, the file `npm run build:apk` made (.ci/run builds it before this suite).
 * On a developer machine without that file, the test builds it when the Android toolchain is
 * installed and skips otherwise; in CI a missing APK is a failure.
 */
const APK = path.resolve('dist/sinalize-tv.apk');
const TOOLS = ['aapt', 'zipalign', 'apksigner', 'javac', 'keytool'];
const hasTool = (tool: string) => spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0;
const toolchain = () => TOOLS.every(hasTool) && existsSync('/usr/share/android-framework-res/framework-res.apk');

function ensureApk(): string | null {
  if (existsSync(APK)) return null;
  if (process.env.CI)
    throw new Error('dist/sinalize-tv.apk is missing: .ci/run runs `npm run build:apk` before the e2e suite');
  if (!toolchain())
    return `no APK and no Android toolchain (${TOOLS.join(', ')}, android-framework-res): run \`npm run build:apk\` as root once`;
  execFileSync('npm', ['run', 'build:apk'], { stdio: 'inherit', timeout: 180_000 });
  return null;
}

test.describe('the Android TV app download', () => {
  test('the page offers the built APK with the size and SHA-256 of the file it serves', async ({
    page,
    baseURL,
  }, testInfo) => {
    test.setTimeout(240_000);
    const skip = ensureApk();
    test.skip(skip !== null, skip ?? '');

    await page.goto('/download-app');
    await expect(page.getByRole('heading', { level: 1, name: 'Baixar o app para TV' })).toBeVisible();
    const sha = page.getByTestId('apk-sha256');
    await expect(sha).toHaveText(/^[0-9a-f]{64}$/);
    const shownSha = (await sha.textContent())!;
    const shownSize = (await page.getByTestId('apk-size').textContent())!;
    // The spec's identity of the app stays beside the real figures.
    const about = page.locator('dl[aria-label="Sobre o app"]');
    for (const text of ['1.2', 'Estável', 'Android 11+']) await expect(about).toContainText(text);
    await expect(page.getByRole('region', { name: 'Requisitos técnicos' })).toContainText('Android 11 ou superior');
    await expect(
      page.getByRole('img', { name: `QR code do download do app: ${baseURL}/api/app/download` }),
    ).toBeVisible();
    // What the app's first-run screen asks for.
    await expect(page.getByTestId('server-address')).toHaveText(baseURL!);

    const link = page.getByRole('link', { name: `Baixar o app (APK, ${shownSize})` });
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe('sinalize-tv-1.2.apk');
    const saved = testInfo.outputPath('sinalize-tv.apk');
    await download.saveAs(saved);
    const bytes = readFileSync(saved);

    // What the technician reads on the page is what arrives: checksum and size.
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(shownSha);
    const kb = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const expectedSize =
      bytes.length < 1024 * 1024 ? `${kb.format(bytes.length / 1024)} KB` : `${kb.format(bytes.length / 1024 ** 2)} MB`;
    expect(shownSize).toBe(expectedSize);
    const info = await (await page.request.get('/api/app/info')).json();
    expect(info).toMatchObject({ available: true, version: '1.2', sizeBytes: bytes.length, sha256: shownSha });
    // And it is the APK the build made: a zip with the manifest and the dex code.
    expect(bytes.equals(readFileSync(APK))).toBe(true);
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('PK\x03\x04');
    for (const entry of ['AndroidManifest.xml', 'classes.dex', 'resources.arsc'])
      expect(bytes.includes(Buffer.from(entry))).toBe(true);
  });
});
