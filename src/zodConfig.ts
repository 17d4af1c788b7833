/**
 * Imported first by the browser entry, before any module defines a schema. zod compiles fast parsers
 * with `new Function` where it may, and probes for that when a schema is defined; the built page's
 * policy forbids it (no 'unsafe-eval'), and even the caught probe is reported as a violation.
 */
import * as z from './core/zod';

z.config({ jitless: true });
