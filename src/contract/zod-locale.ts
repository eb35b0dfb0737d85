import { z } from 'zod';

/** Zod's own messages (wrong types and the like) in Portuguese; our schemas set their own texts. */
export function configureZod(): void {
  z.config(z.locales.pt());
}
