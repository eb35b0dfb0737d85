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

export const healthSchema = z.object({ status: z.literal('ok'), database: z.literal('ok'), version: z.string() });
export type Health = z.infer<typeof healthSchema>;
