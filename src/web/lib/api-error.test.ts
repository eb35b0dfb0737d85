import { ERROR_CODES } from '@contract/errors';
import { describe, expect, it } from 'vitest';
import { ApiRequestError } from './api-error';

describe('ApiRequestError', () => {
  it('keeps the spec message and reads the server body once', () => {
    const body = JSON.stringify({
      message: 'Dados inválidos.',
      code: ERROR_CODES.validation,
      issues: [
        { path: ['name'], message: 'Nome é obrigatório' },
        { path: ['items', 0, 'duration'], message: 'Duração inválida' },
      ],
    });
    const error = new ApiRequestError(400, body, 'Bad Request');
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ApiRequestError');
    expect(error.message).toBe(`400: ${body}`);
    expect(error.status).toBe(400);
    expect(error.body).toBe(body);
    expect(error.serverMessage).toBe('Dados inválidos.');
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.issues).toEqual([
      { path: ['name'], message: 'Nome é obrigatório' },
      { path: ['items', 0, 'duration'], message: 'Duração inválida' },
    ]);
  });

  it('falls back to the status text in the message when the body is empty', () => {
    const error = new ApiRequestError(502, '', 'Bad Gateway');
    expect(error.message).toBe('502: Bad Gateway');
    expect([error.serverMessage, error.code, error.issues]).toEqual([null, null, []]);
  });

  it('ignores bodies and fields that are not the API error shape', () => {
    expect(new ApiRequestError(502, '<html>Bad gateway</html>', 'Bad Gateway').serverMessage).toBeNull();
    expect(new ApiRequestError(500, '[1,2]', '').issues).toEqual([]);
    const odd = new ApiRequestError(
      400,
      JSON.stringify({
        message: 3,
        code: 7,
        issues: [{ path: 'name', message: 'x' }, { path: ['ok'], message: 'y' }, null],
      }),
      '',
    );
    expect([odd.serverMessage, odd.code]).toEqual([null, null]);
    expect(odd.issues).toEqual([{ path: ['ok'], message: 'y' }]);
  });

  it('from(): the error itself, a plain error in the spec format read again, else null', () => {
    const error = new ApiRequestError(409, '{"message":"x","code":"AUTH_CODE_DUPLICATE"}', 'Conflict');
    expect(ApiRequestError.from(error)).toBe(error);
    const plain = ApiRequestError.from(new Error('409: {"message":"Em uso.","code":"CONFLICT"}'));
    expect(plain).toMatchObject({
      status: 409,
      code: 'CONFLICT',
      serverMessage: 'Em uso.',
      message: '409: {"message":"Em uso.","code":"CONFLICT"}',
    });
    expect(ApiRequestError.from(new TypeError('Failed to fetch'))).toBeNull();
    expect(ApiRequestError.from('409: nope')).toBeNull();
  });
});
