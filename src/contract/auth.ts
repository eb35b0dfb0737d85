import { z } from 'zod';
import { messages } from './messages';
import { userSchema } from './users';
import { workspaceSchema } from './workspaces';

/** The login form and `POST /api/auth/login`: both fields required (docs/product.md#validation). */
export const loginSchema = z
  .object({
    email: z.string({ error: messages.auth.emailRequired }).trim().min(1, messages.auth.emailRequired).max(254),
    password: z.string({ error: messages.auth.passwordRequired }).min(1, messages.auth.passwordRequired).max(256),
  })
  .meta({ id: 'Login' });
export type LoginInput = z.infer<typeof loginSchema>;

/** The signed-in user and their workspace (the profile and the sidebar show its name). */
export const sessionUserResponseSchema = z
  .object({ user: userSchema, workspace: workspaceSchema })
  .meta({ id: 'SessionUser' });

/**
 * `GET /api/health` when the database answers (otherwise 503). Redis away is `degraded`, still 200:
 * it is shared, so a 503 would take every process out of the load balancer at once while each
 * keeps working without it (docs/scaling.md). `absent`: no REDIS_URL.
 */
export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.literal('ok'),
  redis: z.enum(['up', 'down', 'absent']),
  version: z.string(),
});
export type Health = z.infer<typeof healthSchema>;
