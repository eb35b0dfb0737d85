/**
 * A factory per model (outline's style): each makes the parents it is not given, so a test names
 * only what it is about. People and workspaces in `people.ts`, media in `media.ts`, the rest over
 * the HTTP API in `content.ts` (advertisers and ads in `ads.ts`); daily play roll-ups in `plays.ts`.
 */
export * from './people';
export * from './media';
export * from './content';
export * from './plays';
export * from './jobs';
export * from './ads';
