import { z } from 'zod';
import { ROLES } from './constants';
import { isoDateTime, optionalText } from './common';
import { messages } from './messages';

export const roleSchema = z.enum(ROLES);

/** A user as the API returns it: the password never leaves the server. */
export const userSchema = z
  .object({
    id: z.number().int(),
    username: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    role: roleSchema,
    createdAt: isoDateTime,
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof userSchema>;
export const userListSchema = z.array(userSchema);

const required = messages.users.requiredFields.description;
const username = z.string({ error: required }).trim().min(1, required).max(64);
const email = z
  .string({ error: required })
  .trim()
  .min(1, required)
  .max(254)
  .pipe(z.email(messages.auth.emailInvalid))
  .transform((v) => v.toLowerCase());
const newPassword = z.string().min(8, messages.users.passwordTooShort).max(256);
/** An empty password field means "keep the current one" (docs/product.md#validation). */
const optionalNewPassword = z
  .union([z.literal(''), newPassword])
  .optional()
  .transform((v) => v || undefined);

const userFields = { username, email, phone: optionalText(32), role: roleSchema.default('user') };

/** The user modal in create mode and `POST /api/users`. */
export const createUserSchema = z
  .object({
    ...userFields,
    password: z
      .string({ error: messages.users.passwordRequired.description })
      .min(1, messages.users.passwordRequired.description)
      .pipe(newPassword),
  })
  .meta({ id: 'CreateUser' });
export type CreateUserInput = z.input<typeof createUserSchema>;
export type CreateUser = z.output<typeof createUserSchema>;

/**
 * `PUT /api/users/{id}`: the user modal in edit mode (admin) and the profile (owner). `role` is
 * optional because the profile does not send it; `currentPassword` is required by the server
 * whenever the owner changes their own password.
 */
export const updateUserSchema = z
  .object({
    username,
    email,
    phone: optionalText(32),
    role: roleSchema.optional(),
    password: optionalNewPassword,
    currentPassword: z
      .string()
      .max(256)
      .optional()
      .transform((v) => v || undefined),
  })
  .meta({ id: 'UpdateUser' });
export type UpdateUserInput = z.input<typeof updateUserSchema>;
export type UpdateUser = z.output<typeof updateUserSchema>;

/** The user modal form (both modes): password optional here, required in create mode by `createUserSchema`. */
export const userFormSchema = z.object({
  username: z.string(),
  email: z.string(),
  phone: z.string(),
  role: roleSchema,
  password: z.string(),
});
export type UserFormValues = z.infer<typeof userFormSchema>;

/** The profile form: the password pair is sent only when both are filled (docs/product.md#validation). */
export const profileFormSchema = z
  .object({
    username,
    email,
    phone: z.string(),
    currentPassword: z.string(),
    newPassword: z.string(),
    confirmPassword: z.string(),
  })
  .superRefine((v, ctx) => {
    if (v.newPassword !== v.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: messages.profile.passwordMismatch });
    } else if (v.newPassword && !v.currentPassword) {
      ctx.addIssue({
        code: 'custom',
        path: ['currentPassword'],
        message: messages.profile.currentPasswordRequired.description,
      });
    }
  });
export type ProfileFormValues = z.input<typeof profileFormSchema>;
