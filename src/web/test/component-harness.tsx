import '@web/lib/zod-setup';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { Toaster } from '@web/components/ui/toaster';
import { dismissToast } from '@web/components/ui/use-toast';
import { createQueryClient } from '@web/lib/query-client';
import { ME_QUERY_KEY } from '@web/lib/query-keys';
import type { ReactElement } from 'react';
import { afterEach, expect } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';

/**
 * Component tests (`*.test.tsx`, `// @vitest-environment jsdom`): the real components with a real
 * QueryClient, the app's toaster and a router in memory. What a component sends goes, through the
 * real API client and fetch (or XHR), to a small HTTP server of the test's own (`startApi`).
 */

const servers: Server[] = [];
afterEach(async () => {
  cleanup();
  dismissToast();
  await Promise.all(servers.splice(0).map((s) => new Promise((done) => s.close(done))));
});

// jsdom lacks what Radix's select and dialogs call on a real browser's elements.
Object.assign(Element.prototype, {
  hasPointerCapture: () => false,
  setPointerCapture: () => undefined,
  releasePointerCapture: () => undefined,
  scrollIntoView: () => undefined,
});
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

/** Renders `ui` as the app would: query client, toaster, router (at `path`; `history` records where it went). */
export function renderApp(ui: ReactElement, { path = '/', client }: { path?: string; client?: QueryClient } = {}) {
  const location = memoryLocation({ path, record: true });
  const queryClient = client ?? createQueryClient();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <Router hook={location.hook}>{ui}</Router>
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...result, queryClient, history: location.history };
}

/** A query client whose session is a signed-in `role` (what `useSession` reads), without asking the server. */
export function signedInClient(role: 'admin' | 'user'): QueryClient {
  const client = createQueryClient();
  client.setQueryData(ME_QUERY_KEY, {
    user: {
      id: 1,
      username: 'ana',
      email: 'ana@exemplo.com.br',
      phone: null,
      role,
      createdAt: '2026-01-01T00:00:00.000Z',
    },
    workspace: { id: 1, name: 'Padaria', timeZone: 'America/Sao_Paulo' },
  });
  return client;
}

/** A toast on screen with this title and (when given) this description, both word for word. */
export async function expectToast(title: string, description?: string) {
  await waitFor(() => {
    const toasts = screen.queryAllByRole('status').filter((el) => within(el).queryByText(title, { exact: true }));
    expect(toasts.map((el) => el.textContent)).not.toEqual([]);
    if (description !== undefined)
      expect(toasts.some((el) => within(el).queryByText(description, { exact: true }))).toBe(true);
  });
}

type JsdomInstance = { reconfigure(options: { url: string }): void; window: { _origin: string } };

export type ApiCall = { method: string; url: string; body: unknown };
export type ApiAnswer = { status: number; body?: unknown };
type Handler = (call: ApiCall) => ApiAnswer | Promise<ApiAnswer>;

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return undefined;
  return (req.headers['content-type'] ?? '').includes('application/json') ? JSON.parse(text) : text;
}

/**
 * An HTTP server answering `'METHOD /path'` (query string included when the route names one) from
 * `routes`, anything else 404; it records every call. The page's address becomes the server's, so
 * the app's relative `/api/...` URLs reach it, as in the browser.
 */
export async function startApi(routes: Record<string, Handler>) {
  const calls: ApiCall[] = [];
  const server = createServer(async (req, res) => {
    const call: ApiCall = { method: req.method ?? 'GET', url: req.url ?? '/', body: await readBody(req) };
    calls.push(call);
    const path = call.url.split('?')[0];
    const handler = routes[`${call.method} ${call.url}`] ?? routes[`${call.method} ${path}`];
    const answer = handler ? await handler(call) : { status: 404, body: { message: 'Não encontrado' } };
    res.writeHead(answer.status, answer.body === undefined ? {} : { 'content-type': 'application/json' });
    res.end(answer.body === undefined ? undefined : JSON.stringify(answer.body));
  });
  servers.push(server);
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { jsdom } = globalThis as unknown as { jsdom: JsdomInstance };
  jsdom.reconfigure({ url: `${origin}/` });
  // jsdom's reconfigure moves the document, not the origin its XMLHttpRequest sends from (kept
  // from the window's creation): without this, the upload's XHR would be a refused CORS request.
  jsdom.window._origin = origin;
  return {
    origin,
    calls,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.url === path),
  };
}

// Node's fetch takes absolute URLs only; the browser resolves the app's `/api/...` against the page.
const nodeFetch = globalThis.fetch;
globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) =>
  nodeFetch(typeof input === 'string' ? new URL(input, window.location.href) : input, init);
