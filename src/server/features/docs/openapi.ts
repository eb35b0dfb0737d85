import { z } from 'zod';
import type { RouteDef } from '../../http/define-route';
import { PUSH_IMAGE_EXAMPLE, TICKER_LINES_EXAMPLE } from './api-key-example';

type JsonSchema = Record<string, unknown>;

/**
 * Builds the OpenAPI 3.0 document from the same route definitions that the server registers,
 * whose shapes come from `src/contract`: the document cannot describe an API that does not exist.
 */
export function buildOpenApiDocument(routes: RouteDef[], version: string) {
  const components: Record<string, JsonSchema> = {};
  const convert = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
    const json = z.toJSONSchema(schema, { io, target: 'openapi-3.0', unrepresentable: 'any' }) as JsonSchema;
    const { definitions, ...rest } = json as JsonSchema & { definitions?: Record<string, JsonSchema> };
    const rewrite = <T>(value: T): T =>
      JSON.parse(JSON.stringify(value).replaceAll('"#/definitions/', '"#/components/schemas/')) as T;
    for (const [name, def] of Object.entries(definitions ?? {})) {
      // Request and response variants of one schema differ (defaults, transforms): keep both.
      components[io === 'input' && components[name] ? `${name}Input` : name] ??= rewrite(def);
    }
    return rewrite(rest);
  };

  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = route.url.replace(/:(\w+)/g, '{$1}');
    const parameters = [...parametersOf(route.params, 'path', convert), ...parametersOf(route.query, 'query', convert)];
    const responses = Object.fromEntries(
      Object.entries(route.responses).map(([status, schema]) => [
        status,
        route.rawResponse && Number(status) < 300
          ? {
              description: describe(Number(status)),
              content: { [route.rawResponse.contentType]: { schema: { type: 'string', format: 'binary' } } },
            }
          : schema
            ? {
                description: describe(Number(status)),
                content: { 'application/json': { schema: convert(schema, 'output') } },
              }
            : { description: describe(Number(status)) },
      ]),
    );
    (paths[path] ??= {})[route.method.toLowerCase()] = {
      tags: [route.tag],
      summary: route.summary,
      // Who may call it (public, any signed-in user, admins only, a paired TV): what the security suite checks.
      'x-auth': route.auth,
      // The resource kind an API key needs a permission on (`read` for GET, `write` otherwise).
      ...(route.apiKey ? { 'x-api-key': route.apiKey, security: [{ session: [] }, { apiKey: [] }] } : {}),
      ...(route.auth === 'public' ? { security: [] } : {}),
      ...(route.auth === 'device' ? { security: [{ device: [] }] } : {}),
      ...(parameters.length ? { parameters } : {}),
      ...(route.body
        ? { requestBody: { required: true, content: { 'application/json': { schema: convert(route.body, 'input') } } } }
        : route.rawBody
          ? {
              requestBody: {
                required: true,
                content: { [route.rawBody.contentType]: { schema: route.rawBody.schema } },
              },
            }
          : {}),
      responses,
    };
  }

  return {
    openapi: '3.0.3',
    info: {
      title: 'Sinalize API',
      version,
      description:
        'API do gerenciador de sinalização digital. As chamadas autenticadas usam o cookie de sessão `sid`, obtido em `POST /api/auth/login`. Tudo pertence a um workspace (a empresa): cada chamada vê e altera só o que é do workspace da sessão, e um id de outro workspace responde 404. Erros seguem o formato `{ message, code?, issues? }` com mensagens em pt-BR. As TVs usam `Authorization: Bearer <token>` (obtido em `POST /api/tv/authenticate`). Tempo real: WebSocket `/ws` para o painel (cookie de sessão; mensagens `connected`, `admin_auth_success`, `device_update`, `device_heartbeat`, `playlist_update`, `error`, e além da especificação `device_changed` (o dispositivo inteiro), `device_removed`, `device_heartbeats` (um lote por intervalo de gravação, 5 s), `device_group_update`, `device_group_removed`, `media_update`, `media_removed`, `playlist_removed`, `campaign_update` e `campaign_removed` (com o `campaignId`), `layout_update` e `layout_removed` (com o `layoutId`), `device_screenshot_failed`, `workspace_update`, `history_update`, `resync` (o servidor pode ter perdido mudanças numa queda do Redis ou do PostgreSQL: a tela busca de novo o que mostra)) e `/ws/device` para as TVs (Bearer no cabeçalho ou numa primeira mensagem do tipo `auth` com o `token`; recebe `content_changed` (com `manifestFollows: true` quando o manifesto novo vem a seguir pelo socket), `manifest` (o mesmo corpo de `GET /api/tv/content`, ETag `"<version>"`), `disconnect` e fecha com 4001 quando o dispositivo é desconectado; envia mensagens do tipo `heartbeat`).' +
        '\n\n## Chaves de API (integrações e scripts)\n\nUm administrador cria a chave em **Chaves de API** (ela é mostrada uma única vez) e escolhe, por tipo de recurso (dispositivos, grupos, mídias, playlists, campanhas, estatísticas), leitura ou leitura e escrita. A chamada envia `Authorization: Bearer snz_…` (sem cookie) e age no workspace da chave: GET pede leitura, o resto escrita (403 sem a permissão); usuários, chaves, perfil, login e as rotas de TV respondem 403; chave desconhecida, desativada ou expirada, 401. O que a chave cria fica em nome de quem a criou. Cada operação diz em `x-api-key` o tipo de recurso que exige.\n\nExemplo: enviar uma imagem nova para uma playlist a partir de um script (curl e jq):\n\n```sh\n' +
        PUSH_IMAGE_EXAMPLE +
        '\n```\n\nExemplo: trocar as frases de um letreiro (as ofertas do dia):\n\n```sh\n' +
        TICKER_LINES_EXAMPLE +
        '\n```',
    },
    components: {
      schemas: components,
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: 'sid' },
        device: {
          type: 'http',
          scheme: 'bearer',
          description:
            'Token da TV, devolvido por `POST /api/tv/authenticate` ao parear com o código de 6 dígitos: `Authorization: Bearer <token>`. Vale até a TV ser desconectada, receber um código novo ou ser removida (depois, 401).',
        },
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          description:
            'Chave de API (`snz_…`), criada por um administrador em Chaves de API: `Authorization: Bearer <chave>`. Age no workspace da chave com as permissões dela (leitura para GET, escrita para o resto, por tipo de recurso: `x-api-key` de cada operação); 401 para chave desconhecida, desativada ou expirada, 403 sem a permissão e em usuários, chaves, perfil e login.',
        },
      },
    },
    security: [{ session: [] }],
    paths,
  };
}

function parametersOf(
  schema: z.ZodType | undefined,
  location: 'path' | 'query',
  convert: (s: z.ZodType, io: 'input') => JsonSchema,
) {
  if (!schema) return [];
  const json = convert(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, s]) => ({
    name,
    in: location,
    required: location === 'path' || (json.required ?? []).includes(name),
    schema: s,
  }));
}

const STATUS_TEXT: Record<number, string> = {
  200: 'Sucesso',
  201: 'Criado',
  204: 'Sem conteúdo',
  304: 'Não modificado',
  400: 'Requisição inválida',
  401: 'Não autenticado',
  403: 'Sem permissão',
  404: 'Não encontrado',
  409: 'Conflito',
  410: 'Expirado ou revogado',
  413: 'Grande demais',
  415: 'Tipo não suportado',
  429: 'Muitas requisições',
};
const describe = (status: number) => STATUS_TEXT[status] ?? String(status);
