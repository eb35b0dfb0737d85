import type { QueryFunction } from '@tanstack/react-query';
import { ApiRequestError } from './api-error';
import { getSavedUser } from './storage';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = await res.text().catch(() => '');
  throw new ApiRequestError(res.status, text, res.statusText);
}

function send(method: HttpMethod, url: string, body?: unknown, signal?: AbortSignal): Promise<Response> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  // Sent as the client rule says (docs/api.md#calls); the server identifies the caller by the session cookie only.
  const saved = getSavedUser();
  if (saved?.id) headers['x-user-id'] = String(saved.id);
  return fetch(url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'include',
    signal,
  });
}

/**
 * GETs started before React renders (the entry starts the session and the device list together on a
 * private page, instead of one after the other: docs/benchmarks.md). Each answer is used once, by the
 * first `apiRequest('GET', url)`; `dropEarlyRequests` forgets them when the session changes.
 */
const early = new Map<string, Promise<Response>>();

export function startEarlyGet(url: string): void {
  if (early.has(url)) return;
  const response = send('GET', url);
  // Never consumed (the page went elsewhere): not an unhandled rejection.
  response.catch(() => undefined);
  early.set(url, response);
}

export function dropEarlyRequests(): void {
  early.clear();
}

function takeEarly(method: HttpMethod, url: string, body: unknown): Promise<Response> | undefined {
  if (method !== 'GET' || body !== undefined) return undefined;
  const response = early.get(url);
  early.delete(url);
  return response;
}

/** The shared request helper: JSON only when there is a body, always the cookie and `x-user-id`. */
export async function apiRequest(
  method: HttpMethod,
  url: string,
  body?: unknown,
  signal?: AbortSignal,
): Promise<Response> {
  const res = await (takeEarly(method, url, body) ?? send(method, url, body, signal));
  await throwIfNotOk(res);
  return res;
}

/** `apiRequest` plus JSON parsing; a 204 (or an empty body) yields `undefined`. */
export async function apiJson<T>(method: HttpMethod, url: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  const res = await apiRequest(method, url, body, signal);
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The default query function: GET on the query key's first element, parsed as JSON. */
export const defaultQueryFn: QueryFunction = async ({ queryKey, signal }) => {
  const url = queryKey[0];
  if (typeof url !== 'string') throw new Error('A query key must start with its URL.');
  const res = await apiRequest('GET', url, undefined, signal);
  return res.json();
};
