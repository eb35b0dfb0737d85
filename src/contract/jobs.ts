import { z } from 'zod';
import { isoDateTime } from './common';
import { messages } from './messages';

/**
 * The background job queue (docs/jobs.md): a job is `queued` (waiting for its `runAt`), `running`
 * (claimed by a process, under a lease), `completed`, or `failed` (out of attempts; an admin may
 * put it back in the queue).
 */
export const JOB_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** Every kind of job, with what the admin page calls it. */
export const JOB_KINDS = {
  'media.process': 'Processamento de mídia',
  'maintenance.hourly': 'Manutenção periódica',
  'alerts.scan': 'Verificação de telas offline',
  'alerts.email': 'E-mail de alerta',
  'alerts.webhook': 'Webhook de alerta',
  'feeds.scan': 'Verificação de feeds a atualizar',
  'feeds.refresh': 'Atualização de feed RSS/Atom',
  'ads.pace': 'Ritmo dos anúncios',
} as const;
export type JobKind = keyof typeof JOB_KINDS;

/** What a kind is called on the admin page; a kind unknown to this version reads as itself. */
export const jobKindLabel = (kind: string): string => (JOB_KINDS as Record<string, string>)[kind] ?? kind;

/** `GET /api/jobs?status=failed`: only failed jobs are listed for now (what an admin can act on). */
export const jobListQuerySchema = z.object({
  status: z.enum(['failed'], { error: messages.jobs.statusInvalid }).default('failed'),
});
export type JobListQuery = z.output<typeof jobListQuerySchema>;

export const jobSchema = z
  .object({
    id: z.number().int(),
    kind: z.string(),
    /** The kind in Portuguese, for the page. */
    label: z.string(),
    status: z.enum(JOB_STATUSES),
    attempts: z.number().int(),
    maxAttempts: z.number().int(),
    /** Why the last attempt failed, in Portuguese; never a stack trace or SQL. */
    lastError: z.string().nullable(),
    createdAt: isoDateTime,
    /** When it failed for good (or completed); null while queued or running. */
    finishedAt: isoDateTime.nullable(),
  })
  .meta({ id: 'Job' });
export type Job = z.infer<typeof jobSchema>;

export const jobListSchema = z.array(jobSchema).meta({ id: 'JobList' });
