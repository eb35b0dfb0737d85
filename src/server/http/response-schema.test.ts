import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../contract/errors';
import { messages } from '../../contract/messages';
import { devices } from '../db/schema';
import { makeDevice, signedInUser } from '../test/factories';
import { useTestApp } from '../test/test-app';

const logged: Array<{ level: number; msg: string; reqId?: string; err?: { message?: string } }> = [];
const logStream = { write: (line: string) => void logged.push(JSON.parse(line) as (typeof logged)[number]) };

/**
 * An answer that fails its own response schema is the server's fault, not the caller's: 500 with
 * the generic pt-BR message, the details in the log under the request id, never a 400 that blames
 * the request or leaks the schema's issues.
 */
describe('an answer that fails its response schema', () => {
  const t = useTestApp({ logLevel: 'error' }, { logStream });

  it('is a 500 logged with its request id; a bad request body is still a 400', async () => {
    const owner = await signedInUser(t.app, t.database);
    const device = await makeDevice(t, { owner });
    // A row no current code writes (by hand, or an older version): the presenter passes it on as is.
    await t.database.db
      .update(devices)
      .set({ orientation: 'diagonal' as 'horizontal' })
      .where(eq(devices.id, device.id));

    logged.length = 0;
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/devices/${device.id}`,
      headers: { cookie: owner.cookie, 'x-request-id': 'pedido-resposta-ruim' },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: messages.http.internal, code: ERROR_CODES.internal });
    expect(res.body).not.toContain('diagonal');
    expect(res.headers['x-request-id']).toBe('pedido-resposta-ruim');
    const errors = logged.filter((l) => l.level >= 50);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ reqId: 'pedido-resposta-ruim' });
    expect(JSON.stringify(errors[0])).toContain('orientation');

    const bad = await t.app.inject({
      method: 'PUT',
      url: `/api/devices/${device.id}`,
      headers: { cookie: owner.cookie },
      payload: { name: 'TV', location: 'Loja', resolution: '1920x1080', orientation: 'diagonal' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'Orientação inválida', code: ERROR_CODES.validation });
  });
});
