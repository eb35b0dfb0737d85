import { parseArgs } from 'node:util';
import { count, eq } from 'drizzle-orm';
import { z } from 'zod';
import { loadConfig } from '../../config';
import { openDatabase, type Database } from '../../db/client';
import { DatabaseInUseError } from '../../db/pglite-lock';
import { devices, media, users } from '../../db/schema';
import { createNotifyEventBus } from '../../realtime/command-events';
import { createInProcessEventBus, type EventBus } from '../../realtime/event-bus';
import { createRedisEventBus } from '../../realtime/redis-event-bus';
import { createMediaStore } from '../../storage/media-store';
import { createWorkspaceWithAdmin, EmailTakenError, findWorkspaces, removeWorkspace } from './workspace-service';

/** Where a command writes: the operator's terminal (tests collect it). */
export interface CommandIo {
  env: NodeJS.ProcessEnv;
  out: (line: string) => void;
  err: (line: string) => void;
}

/** A refusal the operator can act on: printed as is, exit code 1 (2 for a misuse of the command). */
class CommandError extends Error {
  constructor(
    message: string,
    readonly code = 1,
  ) {
    super(message);
  }
}

const USAGE = [
  'Uso:',
  '  npm run workspace:create -- --name "Nome da empresa" --admin-email admin@empresa.com.br [--admin-password …] [--admin-username …]',
  '  npm run workspace:remove -- --id N | --name "Nome da empresa"  [--yes]',
].join('\n');

const createOptions = z.object({
  name: z
    .string({ error: 'Informe o nome do workspace: --name "…"' })
    .trim()
    .min(1, 'Informe o nome do workspace: --name "…"')
    .max(120),
  'admin-email': z.email({ error: 'Informe um email válido para o administrador: --admin-email …' }),
  'admin-password': z.string().min(8, 'A senha do administrador deve ter pelo menos 8 caracteres.').max(256).optional(),
  'admin-username': z.string().trim().min(1).max(64).optional(),
});

function parse(args: string[]) {
  try {
    return parseArgs({
      args,
      allowPositionals: true,
      options: {
        name: { type: 'string' },
        id: { type: 'string' },
        yes: { type: 'boolean', default: false },
        'admin-email': { type: 'string' },
        'admin-password': { type: 'string' },
        'admin-username': { type: 'string' },
      },
    });
  } catch (error) {
    throw new CommandError(`${(error as Error).message}\n${USAGE}`, 2);
  }
}

async function create(database: Database, values: ReturnType<typeof parse>['values'], io: CommandIo) {
  const parsed = createOptions.safeParse(values);
  if (!parsed.success) throw new CommandError(`${parsed.error.issues[0]!.message}\n${USAGE}`, 2);
  const input = parsed.data;
  try {
    const created = await createWorkspaceWithAdmin(database.db, {
      name: input.name,
      email: input['admin-email'],
      password: input['admin-password'],
      username: input['admin-username'],
    });
    io.out(`Workspace "${created.workspace.name}" criado (id ${created.workspace.id}).`);
    io.out(`Administrador: ${created.email}`);
    io.out(
      created.generatedPassword
        ? `Senha: ${created.generatedPassword}  (anote: ela não será mostrada de novo)`
        : 'Senha: a informada em --admin-password',
    );
  } catch (error) {
    if (error instanceof EmailTakenError)
      throw new CommandError(`Já existe um usuário com o email ${error.email}. Use outro email para o administrador.`);
    throw error;
  }
}

/** The bus the server processes hear: Redis when they use it, else PostgreSQL NOTIFY; PGlite has no other process. */
async function commandBus(
  database: Database,
  redis: { url: string | undefined; prefix: string },
  io: CommandIo,
): Promise<EventBus> {
  if (redis.url)
    return createRedisEventBus(redis.url, (error) => io.err(`Redis: ${error.message}`), undefined, redis.prefix);
  return database.kind === 'postgres' ? createNotifyEventBus(database.db) : createInProcessEventBus();
}

async function remove(
  database: Database,
  values: ReturnType<typeof parse>['values'],
  io: CommandIo,
  redisUrl: string | undefined,
  config: ReturnType<typeof loadConfig>,
) {
  if (values.id === undefined && values.name === undefined)
    throw new CommandError(`Informe o workspace: --id N ou --name "…"\n${USAGE}`, 2);
  const id = values.id === undefined ? undefined : Number(values.id);
  if (id !== undefined && !Number.isInteger(id)) throw new CommandError('--id deve ser um número inteiro.', 2);
  const found = await findWorkspaces(database.db, id !== undefined ? { id } : { name: values.name! });
  if (found.length === 0) throw new CommandError('Workspace não encontrado.');
  if (found.length > 1)
    throw new CommandError(
      `Há ${found.length} workspaces com esse nome (ids ${found.map((w) => w.id).join(', ')}): use --id.`,
    );
  const workspace = found[0]!;
  const tally = async (table: typeof users | typeof devices | typeof media) =>
    (await database.db.select({ n: count() }).from(table).where(eq(table.workspaceId, workspace.id)))[0]!.n;
  const summary = `"${workspace.name}" (id ${workspace.id}): ${await tally(users)} usuário(s), ${await tally(devices)} dispositivo(s), ${await tally(media)} mídia(s)`;
  if (!values.yes) {
    throw new CommandError(
      `Isto remove o workspace ${summary}, com seus arquivos, e desconecta suas TVs. Não pode ser desfeito.\nConfirme com --yes.`,
    );
  }
  const bus = await commandBus(database, { url: redisUrl, prefix: config.redisPrefix }, io);
  try {
    const removed = await removeWorkspace(
      {
        db: database.db,
        bus,
        store: createMediaStore(config.mediaStorage),
        log: { error: (details, message) => io.err(`${message}: ${String((details as { key?: string }).key ?? '')}`) },
      },
      workspace.id,
    );
    if (!removed) throw new CommandError('Workspace não encontrado.');
    io.out(
      `Workspace ${summary} removido. ${removed.devices.length} TV(s) desconectada(s), ${removed.media.length} arquivo(s) de mídia apagado(s).`,
    );
  } finally {
    await bus.close();
  }
}

/**
 * `npm run workspace:create` and `npm run workspace:remove` (docs/security.md#roles-and-tenancy: a host serving several
 * customers creates each workspace and its first admin with a server command; no screen crosses
 * workspaces). Reads the server's own environment (DATA_DIR or DATABASE_URL, S3_*, REDIS_URL), so
 * it works on the embedded database (with the server stopped: `db/pglite-lock.ts`) and on
 * PostgreSQL (with servers running). Returns the exit code.
 */
export async function runWorkspaceCommand(args: string[], io: CommandIo): Promise<number> {
  let database: Database | undefined;
  try {
    const { positionals, values } = parse(args);
    const command = positionals[0];
    if (command !== 'create' && command !== 'remove') throw new CommandError(USAGE, 2);
    const config = loadConfig(io.env, { logLevel: 'silent' });
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    if (command === 'create') await create(database, values, io);
    else await remove(database, values, io, config.redisUrl, config);
    return 0;
  } catch (error) {
    if (error instanceof CommandError || error instanceof DatabaseInUseError) {
      io.err(error.message);
      return error instanceof CommandError ? error.code : 1;
    }
    io.err(`Falha: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await database?.close();
  }
}
