/** npm run --silent grade -- FILE: the seed's answer_check.py output for a recorded answers file. */
import { gradeRecorded, recordedSchema } from '../src/core/grade';
import { pythonDumps } from '../src/core/pyjson';
import { EXIT, fail, readInput } from './io';

const { file, text } = readInput('grade');
let value: unknown;
try {
  value = JSON.parse(text);
} catch (error) {
  fail(EXIT.invalid, [`${file}: not JSON: ${(error as Error).message}`]);
}
const parsed = recordedSchema.safeParse(value);
if (!parsed.success) {
  fail(EXIT.invalid, parsed.error.issues.map((issue) => `${file}: ${issue.path.join('.') || '(root)'}: ${issue.message}`));
}
try {
  process.stdout.write(`${pythonDumps(gradeRecorded(parsed.data), 2)}\n`);
} catch (error) {
  fail(EXIT.invalid, [`${file}: ${(error as Error).message}`]);
}
