import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiJson, apiRequest, defaultQueryFn, dropEarlyRequests, startEarlyGet } from './api-client';
import { ApiRequestError, getErrorStatus, getServerMessage } from './api-error';

type Call = { url: string; init: RequestInit };

function stubFetch(response: Response): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return response;
  });
  return calls;
}

function stubSavedUser(user: unknown): void {
  const store = new Map<string, string>([['signage.currentUser', JSON.stringify(user)]]);
  vi.stubGlobal('window', { localStorage: { getItem: (k: string) => store.get(k) ?? null } });
}

const savedUser = {
  id: 7,
  username: 'ana',
  email: 'ana@x.com',
  phone: null,
  role: 'user',
  createdAt: '2026-01-01T00:00:00Z',
};

afterEach(() => vi.unstubAllGlobals());

describe('apiRequest', () => {
  it('sends JSON with a content-type only when there is a body, always with credentials', async () => {
    const calls = stubFetch(new Response('{}', { status: 200 }));
    await apiRequest('POST', '/api/x', { a: 1 });
    await apiRequest('DELETE', '/api/x/1');
    expect(calls[0]!.init).toMatchObject({ method: 'POST', body: '{"a":1}', credentials: 'include' });
    expect(calls[0]!.init.headers).toEqual({ 'content-type': 'application/json' });
    expect(calls[1]!.init.body).toBeUndefined();
    expect(calls[1]!.init.headers).toEqual({});
    expect(calls[1]!.init.credentials).toBe('include');
  });

  it('adds x-user-id when a saved user with an id exists', async () => {
    stubSavedUser(savedUser);
    const calls = stubFetch(new Response('{}', { status: 200 }));
    await apiRequest('GET', '/api/x');
    expect(calls[0]!.init.headers).toEqual({ 'x-user-id': '7' });
  });

  it('throws "status: body" on a non-ok answer, or the status text when the body is empty', async () => {
    stubFetch(new Response('{"message":"Este email já está em uso."}', { status: 409, statusText: 'Conflict' }));
    await expect(apiRequest('POST', '/api/users', {})).rejects.toThrow('409: {"message":"Este email já está em uso."}');
    stubFetch(new Response('', { status: 404, statusText: 'Not Found' }));
    await expect(apiRequest('GET', '/api/devices')).rejects.toThrow('404: Not Found');
  });
});

describe('apiJson and the default query function', () => {
  it('parses JSON and gives undefined for an empty 204', async () => {
    stubFetch(new Response('[1,2]', { status: 200 }));
    await expect(apiJson('GET', '/api/x')).resolves.toEqual([1, 2]);
    stubFetch(new Response(null, { status: 204 }));
    await expect(apiJson('DELETE', '/api/x/1')).resolves.toBeUndefined();
  });

  it('GETs the first element of the query key', async () => {
    const calls = stubFetch(new Response('{"ok":true}', { status: 200 }));
    const signal = new AbortController().signal;
    const result = await defaultQueryFn({ queryKey: ['/api/devices', 'ignored'], signal } as never);
    expect(result).toEqual({ ok: true });
    expect(calls[0]).toMatchObject({ url: '/api/devices', init: { method: 'GET', credentials: 'include' } });
  });
});

describe('error helpers', () => {
  it('extracts the server message and status', () => {
    const error = new ApiRequestError(
      400,
      '{"message":"Senha atual incorreta.","code":"CURRENT_PASSWORD_WRONG"}',
      'Bad Request',
    );
    expect(getServerMessage(error)).toBe('Senha atual incorreta.');
    expect(getErrorStatus(error)).toBe(400);
  });

  it('also reads plain errors in the spec format', () => {
    const error = new Error('409: {"message":"Este nome de usuário já está em uso."}');
    expect(getServerMessage(error)).toBe('Este nome de usuário já está em uso.');
    expect(getErrorStatus(error)).toBe(409);
  });

  it('gives null when there is no usable message', () => {
    expect(getServerMessage(new ApiRequestError(502, '<html>Bad gateway</html>', 'Bad Gateway'))).toBeNull();
    expect(getServerMessage(new ApiRequestError(500, '{"message":"  "}', ''))).toBeNull();
    expect(getServerMessage(new TypeError('Failed to fetch'))).toBeNull();
    expect(getServerMessage('nope')).toBeNull();
    expect(getErrorStatus(new TypeError('Failed to fetch'))).toBeNull();
  });
});

describe('early GETs', () => {
  afterEach(() => dropEarlyRequests());

  it('answers the first GET of the URL with the response started early, then fetches again', async () => {
    let n = 0;
    const urls: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      urls.push(url);
      return new Response(JSON.stringify({ n: ++n }), { status: 200 });
    });
    startEarlyGet('/api/devices');
    startEarlyGet('/api/devices');
    expect(urls).toEqual(['/api/devices']);
    expect(await apiJson('GET', '/api/devices')).toEqual({ n: 1 });
    expect(await apiJson('GET', '/api/devices')).toEqual({ n: 2 });
    expect(urls).toEqual(['/api/devices', '/api/devices']);
  });

  it('is not used by another method or URL, and is forgotten by dropEarlyRequests', async () => {
    const calls = stubFetch(new Response('{}', { status: 200 }));
    startEarlyGet('/api/devices');
    await apiRequest('POST', '/api/devices', { a: 1 });
    await apiRequest('GET', '/api/auth/me');
    expect(calls.map((c) => `${c.init.method} ${c.url}`)).toEqual([
      'GET /api/devices',
      'POST /api/devices',
      'GET /api/auth/me',
    ]);
    dropEarlyRequests();
    await apiRequest('GET', '/api/devices');
    expect(calls).toHaveLength(4);
  });

  it('an early 401 fails the request that takes it like any other', async () => {
    stubFetch(new Response('{"message":"Não autenticado"}', { status: 401 }));
    startEarlyGet('/api/auth/me');
    await expect(apiRequest('GET', '/api/auth/me')).rejects.toMatchObject({ status: 401 });
  });
});
