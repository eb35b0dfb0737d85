import { configureZod } from '@contract/zod-locale';

// Zod's own messages (wrong types and the like) in Portuguese, like the server's. Imported by the
// chunks that validate forms, not by main.tsx, so the landing page does not load zod at all.
configureZod();
