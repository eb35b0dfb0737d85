import { configureZod } from '@contract/zod-locale';
import { z } from 'zod';

// Zod's own messages (wrong types and the like) in Portuguese, like the server's. Imported by the
// chunks that validate forms, not by main.tsx, so the landing page does not load zod at all.
configureZod();
// Our CSP has no 'unsafe-eval', so zod could never compile its fast parsers here; without this it
// still probes with `new Function`, which the browser reports as a CSP violation (Lighthouse best
// practices: "issues in the Issues panel").
z.config({ jitless: true });
