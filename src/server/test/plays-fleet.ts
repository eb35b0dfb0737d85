import pg from 'pg';

/**
 * A fleet of paired TVs on a server process and what its plays left in the database, shared by the
 * PostgreSQL restart test (db/database-restart-tvs.test.ts) and its drill (bench/fault-database.ts).
 */

export interface PairedTv {
  deviceId: number;
  token: string;
}

/** Signs the admin in; the session cookie. */
export async function signIn(baseUrl: string, admin: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  if (!res.ok) throw new Error(`login: ${res.status} ${await res.text()}`);
  return (res.headers.get('set-cookie') ?? '').split(';')[0]!;
}

/**
 * `n` TVs registered by the admin and paired with their codes (`lanes` at a time), as a shop pairs
 * its screens. Codes are distinct without retries: (offset + i × 7919) mod 10⁶ is a permutation.
 */
export async function pairTvs(baseUrl: string, cookie: string, n: number, lanes = 8): Promise<PairedTv[]> {
  const offset = Math.floor(Math.random() * 1_000_000);
  const tvs: PairedTv[] = new Array(n);
  let next = 0;
  const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<Record<string, unknown>>;
  };
  await Promise.all(
    Array.from({ length: Math.min(lanes, n) }, async () => {
      while (next < n) {
        const i = next++;
        const code = String((offset + i * 7919) % 1_000_000).padStart(6, '0');
        const device = await post(
          '/api/devices',
          { name: `TV reinício ${i + 1}`, location: 'Loja', resolution: '1920x1080', authCode: code },
          { cookie },
        );
        const paired = await post('/api/tv/authenticate', { code });
        tvs[i] = { deviceId: device.id as number, token: paired.token as string };
      }
    }),
  );
  return tvs;
}

export interface StoredPlays {
  /** Records the TVs made. */
  made: number;
  /** Of those, how many have a row. */
  stored: number;
  /** Client ids with more than one row for one device (impossible by the unique index; counted anyway). */
  twice: number;
  /** Rows of these devices in all: a row the TVs never made would show here. */
  rows: number;
  /** Plays counted by the daily roll-ups of these devices: a batch added twice would show here. */
  rolledUp: number;
}

/** What the database holds of the records `made` by the devices `deviceIds`, read directly (not through the proxy). */
export async function storedPlays(databaseUrl: string, deviceIds: number[], made: string[]): Promise<StoredPlays> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ stored: string; twice: string; rows: string; rolled: string }>(
      `select
        (select count(distinct client_id) from plays where device_id = any($1::int[]) and client_id = any($2::text[])) as stored,
        (select count(*) from (select 1 from plays where device_id = any($1::int[])
          group by device_id, client_id having count(*) > 1) t) as twice,
        (select count(*) from plays where device_id = any($1::int[])) as rows,
        (select coalesce(sum(plays), 0) from play_days where device_id = any($1::int[])) as rolled`,
      [deviceIds, made],
    );
    const row = rows[0]!;
    return {
      made: made.length,
      stored: Number(row.stored),
      twice: Number(row.twice),
      rows: Number(row.rows),
      rolledUp: Number(row.rolled),
    };
  } finally {
    await client.end();
  }
}
