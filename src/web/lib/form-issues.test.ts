import { createFormControl } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { ApiRequestError } from './api-error';
import { applyServerIssues } from './form-issues';

type Values = { name: string; group: { id: number | null }; items: { duration: number }[] };

const refused = (issues: unknown) =>
  new ApiRequestError(
    400,
    JSON.stringify({ message: 'Dados inválidos.', code: 'VALIDATION_ERROR', issues }),
    'Bad Request',
  );

/** A real react-hook-form control (no React needed), so the test reads what the form would show. */
function form() {
  return createFormControl<Values>({ defaultValues: { name: '', group: { id: null }, items: [{ duration: 10 }] } });
}

describe('applyServerIssues', () => {
  it('puts each issue under the field of its path, nested paths dotted', () => {
    const f = form();
    const issues = [
      { path: ['name'], message: 'Nome é obrigatório' },
      { path: ['items', 0, 'duration'], message: 'Duração inválida' },
    ];
    expect(applyServerIssues(f.setError, refused(issues))).toBe(2);
    expect(f.getFieldState('name').error?.message).toBe('Nome é obrigatório');
    expect(f.getFieldState('items.0.duration').error?.message).toBe('Duração inválida');
  });

  it('with a field list, maps a deeper path onto its listed field and leaves the rest out', () => {
    const f = form();
    const issues = [
      { path: ['group', 'id'], message: 'Grupo não encontrado' },
      { path: ['workspaceId'], message: 'nope' },
      { path: ['named'], message: 'not name' },
    ];
    expect(applyServerIssues(f.setError, refused(issues), ['name', 'group'])).toBe(1);
    expect(f.getFieldState('group').error?.message).toBe('Grupo não encontrado');
    expect(f.getFieldState('name').error).toBeUndefined();
  });

  it('places nothing for errors without issues', () => {
    const f = form();
    expect(applyServerIssues(f.setError, new ApiRequestError(500, 'oops', 'Internal'))).toBe(0);
    expect(applyServerIssues(f.setError, new TypeError('Failed to fetch'))).toBe(0);
    expect(f.getFieldState('name').error).toBeUndefined();
  });
});
