import { z } from "zod";

// Zod compiles fast object parsers with `new Function`, and probes for it first. The app's Content-Security-
// Policy allows no eval (script-src 'self'), so the probe alone would be reported as a violation: parse
// without the compiler. Imported first in main.tsx, before any schema runs.
z.config({ jitless: true });
