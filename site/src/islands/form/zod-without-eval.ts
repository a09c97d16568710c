import { config } from 'zod';

// Zod compiles object parsers with `new Function` when it can, and finds out by trying. The site's CSP
// has no 'unsafe-eval', so the probe would be blocked and reported as a violation on every page that
// validates. jitless makes zod use its interpreter from the start (same results, no probe).
config({ jitless: true });
