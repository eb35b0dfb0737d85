import { z } from 'zod';

/** A numeric path id (`/api/users/{id}`): a positive integer. */
export const idParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export type IdParams = z.infer<typeof idParamsSchema>;

/** Timestamps travel as ISO-8601 strings. */
export const isoDateTime = z.string().meta({ format: 'date-time' });

/** An optional text field where an empty or blank string means "no value" (stored as null). */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));
