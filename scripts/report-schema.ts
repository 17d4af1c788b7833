/**
 * node --import tsx scripts/report-schema.ts: write conformance/report.schema.json, the JSON Schema of
 * `conform --json`'s report, from its zod schema (src/core/conformance/jsonReport.ts), formatted as
 * prettier formats it. src/core/conformance/jsonReport.test.ts fails when the committed file says
 * anything else.
 */
import { writeFileSync } from 'node:fs';
import { format, resolveConfig } from 'prettier';
import { REPORT_SCHEMA_PATH, reportJsonSchema } from '../src/core/conformance/jsonReport';

const options = { ...(await resolveConfig(REPORT_SCHEMA_PATH)), filepath: REPORT_SCHEMA_PATH };
writeFileSync(REPORT_SCHEMA_PATH, await format(JSON.stringify(reportJsonSchema(), null, 2), options));
process.stdout.write(`${REPORT_SCHEMA_PATH}: written\n`);
