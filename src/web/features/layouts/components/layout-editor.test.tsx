// @vitest-environment jsdom
import { BUILT_IN_LAYOUTS, type Layout } from '@contract/layouts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectToast, renderApp, startApi, type ApiCall } from '@web/test/component-harness';
import { describe, expect, it } from 'vitest';
import { LayoutEditor } from './layout-editor';

const saved =
  (status: number, id = 7) =>
  (call: ApiCall) => ({
    status,
    body: { id, builtIn: false, ...(call.body as object) },
  });
const zoneButton = (name: string) => screen.getByRole('button', { name: new RegExp(`^Zona ${name}:`) });

describe('layout editor', () => {
  it('draws a zone with the keyboard, names it and creates the layout the server checks', async () => {
    const api = await startApi({ 'POST /api/layouts': saved(201) });
    let done = 0;
    renderApp(<LayoutEditor layout={null} onDone={() => (done += 1)} />);
    const user = userEvent.setup();
    // An empty layout is refused live, in the contract's words.
    expect(screen.getByText('O layout precisa de pelo menos uma zona.')).toBeTruthy();
    await user.type(screen.getByLabelText('Nome do layout'), 'Balcão');
    await user.click(screen.getByRole('button', { name: 'Adicionar zona' }));
    expect(screen.queryByText('O layout precisa de pelo menos uma zona.')).toBeNull();
    zoneButton('Zona 1').focus();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowDown}{Shift>}{ArrowRight}{ArrowDown}{ArrowDown}{/Shift}');
    expect(zoneButton('Zona 1').getAttribute('aria-label')).toBe('Zona Zona 1: posição 2 %, 1 %, tamanho 31 % × 32 %');
    const name = screen.getByLabelText('Nome da zona');
    await user.clear(name);
    await user.type(name, 'Principal');
    await user.click(screen.getByRole('button', { name: 'Criar layout' }));
    await expectToast('Sucesso!', 'Layout criado.');
    expect(done).toBe(1);
    expect(api.callsTo('POST', '/api/layouts').map((c) => c.body)).toEqual([
      {
        name: 'Balcão',
        orientation: 'horizontal',
        zones: [{ key: 'zona-1', name: 'Principal', x: 2, y: 1, width: 31, height: 32, z: 0, fit: 'contain' }],
      },
    ]);
  });

  it('refuses a ninth zone and two zones with one name, live and on submit, sending nothing', async () => {
    const api = await startApi({});
    renderApp(<LayoutEditor layout={null} onDone={() => undefined} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Nome do layout'), 'Cheio');
    for (let i = 0; i < 9; i++) await user.click(screen.getByRole('button', { name: 'Adicionar zona' }));
    const problems = () => screen.getByRole('list', { name: 'Problemas do layout' });
    expect(within(problems()).getByText('Um layout tem no máximo 8 zonas.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Criar layout' }));
    await user.click(screen.getByRole('button', { name: 'Remover zona' }));
    await waitFor(() => expect(screen.queryByText('Um layout tem no máximo 8 zonas.')).toBeNull());
    await user.click(zoneButton('Zona 2'));
    await user.clear(screen.getByLabelText('Nome da zona'));
    await user.type(screen.getByLabelText('Nome da zona'), 'zona 1');
    expect(
      within(problems()).getByText('Já existe uma zona chamada "zona 1". Dê um nome diferente a cada zona.'),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Criar layout' }));
    expect(api.calls).toEqual([]);
  });

  it('edits a layout started from its zones; a 400 shows each issue under its field, a 409 its message', async () => {
    const layout: Layout = { ...BUILT_IN_LAYOUTS[3]!, id: 5, builtIn: false, name: 'L da loja' };
    let answer: { status: number; body: unknown } = {
      status: 400,
      body: {
        message: 'Nome do layout é obrigatório',
        issues: [
          { path: ['name'], message: 'Nome do layout é obrigatório' },
          { path: ['zones', 1, 'x'], message: 'A zona "Lateral" sai da tela.' },
        ],
      },
    };
    const api = await startApi({ 'PUT /api/layouts/5': () => answer });
    renderApp(<LayoutEditor layout={layout} onDone={() => undefined} />);
    const user = userEvent.setup();
    expect((screen.getByLabelText('Nome do layout') as HTMLInputElement).value).toBe('L da loja');
    expect(screen.getAllByRole('button', { name: /^Zona / }).map((b) => b.getAttribute('aria-label'))).toEqual([
      'Zona Principal: posição 0 %, 0 %, tamanho 75 % × 85 %',
      'Zona Lateral: posição 75 %, 0 %, tamanho 25 % × 100 %',
      'Zona Rodapé: posição 0 %, 85 %, tamanho 75 % × 15 %',
    ]);
    await user.click(screen.getByRole('button', { name: 'Salvar layout' }));
    await waitFor(() => expect(screen.getByLabelText('Nome do layout').getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById('layout-name-error')?.textContent).toBe('Nome do layout é obrigatório');
    expect(
      within(screen.getByRole('list', { name: 'Problemas do layout' })).getByText('A zona "Lateral" sai da tela.'),
    );
    answer = { status: 409, body: { code: 'CONFLICT', message: 'Já existe um layout com este nome.' } };
    await user.click(screen.getByRole('button', { name: 'Salvar layout' }));
    await expectToast('Erro', 'Já existe um layout com este nome.');
    expect(api.callsTo('PUT', '/api/layouts/5').at(-1)?.body).toMatchObject({
      name: 'L da loja',
      orientation: 'horizontal',
      zones: layout.zones,
    });
  });

  it('takes a typed position or size with a comma, and says live when it has more than two decimals', async () => {
    await startApi({});
    renderApp(<LayoutEditor layout={null} onDone={() => undefined} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Adicionar zona' }));
    const width = screen.getByLabelText('Largura (%)');
    await user.clear(width);
    await user.type(width, '33,333');
    expect(
      screen.getByText(
        'A zona "Zona 1" usa mais de duas casas decimais. Posição e tamanho aceitam até duas (ex.: 33,33).',
      ),
    ).toBeTruthy();
    await user.clear(width);
    await user.type(width, '33,5');
    await user.tab();
    expect(zoneButton('Zona 1').getAttribute('aria-label')).toBe(
      'Zona Zona 1: posição 0 %, 0 %, tamanho 33.5 % × 30 %',
    );
    expect((width as HTMLInputElement).value).toBe('33.5');
    expect(screen.queryByRole('list', { name: 'Problemas do layout' })).toBeNull();
  });

  it('starts from a built-in of the chosen orientation, copying its zones', async () => {
    await startApi({});
    renderApp(<LayoutEditor layout={null} onDone={() => undefined} />);
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Vertical'));
    const templates = screen.getByLabelText('Começar de um modelo');
    expect(within(templates).queryByRole('option', { name: 'Três colunas' })).toBeNull();
    await user.selectOptions(templates, 'Três faixas');
    await user.click(screen.getByRole('button', { name: 'Usar modelo' }));
    expect(screen.getAllByRole('button', { name: /^Zona / }).map((b) => b.getAttribute('aria-label'))).toEqual([
      'Zona Superior: posição 0 %, 0 %, tamanho 100 % × 33.33 %',
      'Zona Centro: posição 0 %, 33.33 %, tamanho 100 % × 33.34 %',
      'Zona Inferior: posição 0 %, 66.67 %, tamanho 100 % × 33.33 %',
    ]);
    expect(screen.getByRole('group', { name: 'Tela vertical: zonas do layout' }).className).toContain('aspect-[9/16]');
  });
});
