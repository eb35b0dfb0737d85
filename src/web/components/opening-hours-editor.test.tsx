// @vitest-environment jsdom
import type { OpeningHours } from '@contract/opening-hours';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { OpeningHoursEditor } from './opening-hours-editor';

/** The editor in a form's place: it holds the value and logs each change. */
function Harness({ first, log }: { first: OpeningHours | null; log: Array<OpeningHours | null> }) {
  const [value, setValue] = useState(first);
  return (
    <OpeningHoursEditor
      id="hours"
      value={value}
      onChange={(next) => {
        log.push(next);
        setValue(next);
      }}
    />
  );
}

afterEach(cleanup);

const monday = (start: string, end: string) => ({ weekday: 1, start, end });

describe('the opening hours editor', () => {
  it('starts from "Sempre ligada" (null); unticked it offers weekdays 08:00–18:00 to edit', async () => {
    const log: Array<OpeningHours | null> = [];
    render(<Harness first={null} log={log} />);
    const always = screen.getByRole('checkbox', { name: 'Sempre ligada' });
    expect(always.getAttribute('aria-checked')).toBe('true');
    expect(screen.queryByLabelText(/^Abertura/)).toBeNull();
    await userEvent.setup().click(always);
    expect(log.at(-1)?.weekly).toHaveLength(5);
    expect((screen.getByLabelText('Abertura — Segunda, horário 1') as HTMLInputElement).value).toBe('08:00');
    expect((screen.getByLabelText('Fechamento — Sexta, horário 1') as HTMLInputElement).value).toBe('18:00');
    expect(screen.getAllByText('Desligada')).toHaveLength(2); // Saturday and Sunday
  });

  it('shows the overlap error in Portuguese under the second interval', async () => {
    const log: Array<OpeningHours | null> = [];
    render(<Harness first={{ weekly: [monday('08:00', '12:00')], exceptions: [] }} log={log} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Adicionar horário (Segunda)' }));
    // The new one is 08:00–18:00: it overlaps the first.
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'Os horários de segunda 08:00–12:00 e de segunda 08:00–18:00 se sobrepõem. Junte-os em um só ou ajuste um deles.',
    );
    expect(alert.id).toBe('hours-w1-error');
    fireEvent.change(screen.getByLabelText('Abertura — Segunda, horário 2'), { target: { value: '13:00' } });
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(log.at(-1)?.weekly).toEqual([monday('08:00', '12:00'), monday('13:00', '18:00')]);
  });

  it('says that an interval ending before it starts crosses midnight', () => {
    const log: Array<OpeningHours | null> = [];
    render(<Harness first={{ weekly: [monday('18:00', '23:00')], exceptions: [] }} log={log} />);
    expect(screen.queryByText('Termina no dia seguinte (passa da meia-noite).')).toBeNull();
    fireEvent.change(screen.getByLabelText('Fechamento — Segunda, horário 1'), { target: { value: '02:00' } });
    const hint = screen.getByText('Termina no dia seguinte (passa da meia-noite).');
    expect(screen.getByLabelText('Fechamento — Segunda, horário 1').getAttribute('aria-describedby')).toBe(hint.id);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(log.at(-1)?.weekly).toEqual([monday('18:00', '02:00')]);
  });

  it('adds a holiday closed all day, asking for its date first', async () => {
    const log: Array<OpeningHours | null> = [];
    render(<Harness first={{ weekly: [monday('08:00', '18:00')], exceptions: [] }} log={log} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Adicionar exceção' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Data inválida (use AAAA-MM-DD).');
    fireEvent.change(screen.getByLabelText('Data'), { target: { value: '2026-12-25' } });
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(screen.getByRole('checkbox', { name: 'Fechada o dia todo' }).getAttribute('aria-checked')).toBe('true');
    expect(log.at(-1)?.exceptions).toEqual([{ date: '2026-12-25', intervals: [] }]);
    await user.click(screen.getByRole('checkbox', { name: 'Fechada o dia todo' }));
    expect(log.at(-1)?.exceptions).toEqual([{ date: '2026-12-25', intervals: [{ start: '08:00', end: '12:00' }] }]);
  });
});
