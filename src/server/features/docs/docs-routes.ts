import path from 'node:path';
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { RouteDef } from '../../http/define-route';
import { buildOpenApiDocument } from './openapi';

const PAGE = `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Documentação da API · Sinalize</title>
<link rel="stylesheet" href="/api-docs/assets/swagger-ui.css">
</head>
<body><div id="swagger"></div>
<script src="/api-docs/assets/swagger-ui-bundle.js"></script>
<script src="/api-docs/init.js"></script>
</body></html>`;

// A separate file, not an inline script, so the page works under the CSP (script-src 'self').
const INIT = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger', deepLinking: true });`;

/** `/api/openapi.json` and the interactive page `/api-docs` (the sidebar's Documentação link). */
export async function registerDocs(app: FastifyInstance, routes: RouteDef[], version: string) {
  const document = buildOpenApiDocument(routes, version);
  const swaggerDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  await app.register(fastifyStatic, {
    root: swaggerDir,
    prefix: '/api-docs/assets/',
    decorateReply: false,
    maxAge: '7d',
    allowedPath: (p) => /^\/swagger-ui(-bundle\.js|\.css)$/.test(p),
  });
  app.get('/api/openapi.json', async () => document);
  app.get('/api-docs', async (_req, reply) => reply.type('text/html; charset=utf-8').send(PAGE));
  app.get('/api-docs/init.js', async (_req, reply) => reply.type('text/javascript; charset=utf-8').send(INIT));
}
