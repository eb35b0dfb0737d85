import { expect, test, type Page } from '@playwright/test';
import { LANDING_VIDEO_DELAY_SLOW_MS, LANDING_VIDEO_TIMEOUT_MS } from '../src/contract/constants';
import { E2E_ADMIN, signIn } from './support';

const SECTIONS = [
  { link: 'Como funciona', id: 'como-funciona' },
  { link: 'Benefícios', id: 'beneficios' },
  { link: 'Casos de sucesso', id: 'casos-de-sucesso' },
  { link: 'Integração', id: 'integracao' },
  { link: 'Contato', id: 'contato' },
];
const HERO_ALT = /Ilustração de uma TV exibindo um layout de sinalização digital/;
const heroScreen = (page: Page) => page.locator('[data-hero-video]');
const heroImage = (page: Page) => page.getByRole('img', { name: HERO_ALT });

/** Counts requests for the hero loop (webm or mp4). */
function trackVideoRequests(page: Page) {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (/\/landing\/hero-loop\./.test(request.url())) urls.push(request.url());
  });
  return urls;
}

/**
 * Runs the page's fake clock (`page.clock.install()` before loading it) past every timer the hero
 * can start, the longest delay and then the load timeout: whatever it would ever do on its own has
 * happened, so a check that something did not happen is not merely early.
 */
const runHeroTimers = (page: Page) => page.clock.runFor(LANDING_VIDEO_DELAY_SLOW_MS + LANDING_VIDEO_TIMEOUT_MS);

test.describe('landing page', () => {
  test('has its title, description, landmarks and the marketing promises', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('Sinalização digital para TVs corporativas · Sinalize');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /gestão remota/);
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('main')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Todas as TVs da sua empresa, controladas de um só lugar',
    );
    const promises = page.getByRole('list', { name: 'O que o Sinalize faz' });
    for (const promise of ['Gestão remota', 'Agendamento', 'Relatórios', 'Comissões de parceiros de anúncio']) {
      await expect(promises.getByText(promise, { exact: true })).toBeVisible();
    }
    // Pricing by quote only, statistics labelled as marketing claims, support hours in the footer.
    await expect(page.getByText('Preço sob consulta')).toBeVisible();
    await expect(page.getByText(/R\$\s?\d/)).toHaveCount(0);
    await expect(
      page.getByText(/Números ilustrativos de campanhas de clientes; não constituem garantia de resultado/),
    ).toBeVisible();
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText('Segunda a sexta:08:00–18:00');
    await expect(footer).toContainText('Sábado:08:00–12:00');
    await expect(footer).toContainText('Emergências:24 horas, 7 dias por semana');
  });

  for (const section of SECTIONS) {
    test(`the "${section.link}" link scrolls to its section`, async ({ page }) => {
      await page.goto('/');
      await page
        .getByRole('navigation', { name: 'Seções da página' })
        .getByRole('link', { name: section.link, exact: true })
        .click();
      await expect(page).toHaveURL(new RegExp(`/#${section.id}$`));
      const target = page.locator(`section#${section.id}`);
      await expect(target.getByRole('heading', { level: 2 }).first()).toBeInViewport();
      // The section's top lands just under the sticky header (its scroll margin), or the page is at its end.
      await expect
        .poll(() =>
          target.evaluate((el) => {
            const top = el.getBoundingClientRect().top;
            const margin = parseFloat(getComputedStyle(el).scrollMarginTop);
            const atEnd = Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight - 1;
            return Math.abs(top - margin) <= 2 || (atEnd && top >= 0 && top <= margin);
          }),
        )
        .toBe(true);
    });
  }

  test('opening /#section from another page scrolls to that section', async ({ page }) => {
    await page.goto('/#integracao');
    await expect(page.locator('section#integracao').getByRole('heading', { level: 2 })).toBeInViewport();
  });

  test('"Entrar" and "Acessar o painel" lead to the login screen', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: 'Entrar' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();

    await page.goto('/');
    await page.getByRole('link', { name: 'Acessar o painel' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the contact form sends nothing and stays on the page', async ({ page }) => {
    await page.goto('/#contato');
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'GET') sent.push(`${request.method()} ${request.url()}`);
    });
    const form = page.getByRole('form', { name: 'Fale com a gente' });
    await form.getByLabel('Nome').fill('Ana Souza');
    await form.getByLabel('Email').fill('ana@empresa.com.br');
    await form.getByLabel('Empresa').fill('Farmácias Boa Saúde');
    await form.getByLabel('Mensagem').fill('Temos 40 TVs em 12 lojas.');
    // The submit event, once every listener has run: the browser has then sent the form, or never will.
    const submitted = form.evaluate(
      (el) =>
        new Promise<boolean>((resolve) =>
          el.addEventListener('submit', (event) => setTimeout(() => resolve(event.defaultPrevented)), { once: true }),
        ),
    );
    await form.getByRole('button', { name: 'Solicitar orçamento' }).click();
    expect(await submitted).toBe(true);
    expect(sent).toEqual([]);
    await expect(page).toHaveURL(/\/#contato$/);
    await expect(form.getByLabel('Nome')).toHaveValue('Ana Souza');
  });

  test('the footer links to the legal pages and the TV app', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('link', { name: 'Termos de Serviço' }).click();
    await expect(page.getByRole('heading', { name: 'Termos de Serviço', level: 1 })).toBeVisible();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Política de Privacidade' }).click();
    await expect(page.getByRole('heading', { name: 'Política de Privacidade', level: 1 })).toBeVisible();
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Baixar o app para TV' })).toHaveAttribute(
      'href',
      '/download-app',
    );
  });
});

test.describe('hero video', () => {
  test('under reduced motion the image stays and no video is fetched', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install();
    const requests = trackVideoRequests(page);
    await page.goto('/');
    await expect(heroImage(page)).toBeVisible();
    await expect(heroScreen(page)).toHaveAttribute('data-hero-video', 'fallback');
    await runHeroTimers(page);
    await expect(page.locator('video')).toHaveCount(0);
    expect(requests).toEqual([]);
  });

  test('loads only once visible, then plays over the image', async ({ page }) => {
    // A short phone screen: the hero TV starts below the fold.
    await page.setViewportSize({ width: 390, height: 480 });
    await page.clock.install();
    const requests = trackVideoRequests(page);
    await page.goto('/');
    await expect(heroImage(page)).toBeAttached();
    // Answered by an IntersectionObserver made after the hero's: the hero's has reported too.
    await expect(heroImage(page)).not.toBeInViewport();
    await runHeroTimers(page);
    expect(requests).toEqual([]);
    await expect(heroScreen(page)).toHaveAttribute('data-hero-video', 'hidden');

    await heroScreen(page).scrollIntoViewIfNeeded();
    await expect(heroScreen(page)).toHaveAttribute('data-hero-video', 'waiting');
    // Past the load delay only: the load timeout starts afterwards and never fires here.
    await page.clock.runFor(LANDING_VIDEO_DELAY_SLOW_MS);
    await expect(heroScreen(page)).toHaveAttribute('data-hero-video', 'playing');
    expect(requests.length).toBeGreaterThan(0);
    const video = heroScreen(page).locator('video');
    await expect(video).toHaveAttribute('src', /\/landing\/hero-loop\.(webm|mp4)$/);
    expect(await video.evaluate((v: HTMLVideoElement) => v.muted && v.loop && !v.paused)).toBe(true);
    await expect(heroImage(page)).toBeAttached();
  });

  test('keeps the image on a slow (2g) connection', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'connection', {
        configurable: true,
        value: { effectiveType: '2g', saveData: false },
      });
    });
    await page.clock.install();
    const requests = trackVideoRequests(page);
    await page.goto('/');
    await expect(heroScreen(page)).toHaveAttribute('data-hero-video', 'fallback');
    await runHeroTimers(page);
    expect(requests).toEqual([]);
  });

  test('keeps the image when the visitor saves data', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'connection', {
        configurable: true,
        value: { effectiveType: '4g', saveData: true },
      });
    });
    await page.goto('/');
    await expect(heroScreen(page)).toHaveAttribute('data-hero-video', 'fallback');
    await expect(heroImage(page)).toBeVisible();
  });

  test('falls back to the image when the video fails to load', async ({ page }) => {
    await page.route(/\/landing\/hero-loop\./, (route) => route.fulfill({ status: 404, body: '' }));
    await page.goto('/');
    await expect(heroScreen(page)).toHaveAttribute('data-hero-video', 'fallback');
    await expect(page.locator('video')).toHaveCount(0);
    await expect(heroImage(page)).toBeVisible();
  });

  test('falls back to the image when the video has not started after 10 s', async ({ page }) => {
    await page.clock.install();
    // The video request never answers.
    await page.route(/\/landing\/hero-loop\./, () => {});
    await page.goto('/');
    await expect(heroScreen(page)).toHaveAttribute('data-hero-video', 'waiting');
    await page.clock.runFor(500);
    await expect(heroScreen(page)).toHaveAttribute('data-hero-video', 'loading');
    await page.clock.runFor(9_000);
    await expect(heroScreen(page)).toHaveAttribute('data-hero-video', 'loading');
    await page.clock.runFor(1_000);
    await expect(heroScreen(page)).toHaveAttribute('data-hero-video', 'fallback');
    await expect(page.locator('video')).toHaveCount(0);
  });
});

test.describe('legal pages', () => {
  test('the privacy policy is the full LGPD text, last updated 07 May 2025', async ({ page }) => {
    await page.goto('/privacy-policy');
    await expect(page).toHaveTitle('Política de Privacidade · Sinalize');
    await expect(page.getByText('Última atualização: 07 de maio de 2025')).toBeVisible();
    const article = page.getByRole('article');
    for (const heading of [
      'Quem é o controlador',
      'Quais dados coletamos',
      'Bases legais',
      'Com quem compartilhamos',
      'Por quanto tempo guardamos',
      'Cookies e armazenamento local',
      'Seus direitos como titular',
      'Encarregado (DPO)',
    ]) {
      await expect(
        article.getByRole('heading', { name: new RegExp(`^\\d+\\. ${heading.replace(/[()]/g, '\\$&')}$`), level: 2 }),
      ).toBeVisible();
    }
    await expect(article).toContainText('Lei nº 13.709/2018');
    await expect(article).toContainText('Lembrar credenciais');
  });

  test('the terms carry the liability cap, fees in Reais and automatic renewal', async ({ page }) => {
    await page.goto('/terms-of-service');
    await expect(page).toHaveTitle('Termos de Serviço · Sinalize');
    await expect(page.getByText('Última atualização: 07 de maio de 2025')).toBeVisible();
    const article = page.getByRole('article');
    await expect(article).toContainText(
      'limitada ao valor das taxas efetivamente pagas pelo Cliente nos 12 (doze) meses anteriores',
    );
    await expect(article).toContainText('a R$ 500,00 (quinhentos reais), para clientes que não pagam pelo serviço');
    await expect(article).toContainText('reais (R$)');
    await expect(article).toContainText('renovada automaticamente');
    await expect(article).toContainText('leis da República Federativa do Brasil');
  });
});

test.describe('404', () => {
  const unknown = [
    '/nao-existe',
    '/pricing',
    '/privacy-policy/extra',
    '/login/outra-coisa',
    '/devices/edit/3/extra',
    '/api-nao',
  ];

  for (const path of unknown) {
    test(`an anonymous visitor of ${path} sees the 404 placeholder`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: '404 Page Not Found', level: 1 })).toBeVisible();
      await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Entrar' })).toHaveCount(0);
    });
  }

  test('a signed-in user also gets the 404 for an unknown path, and can go home', async ({ page }) => {
    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto('/dashboard/nao-existe');
    await expect(page.getByRole('heading', { name: '404 Page Not Found', level: 1 })).toBeVisible();
    await page.getByRole('link', { name: 'Voltar ao início' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Todas as TVs da sua empresa, controladas de um só lugar',
    );
  });
});
