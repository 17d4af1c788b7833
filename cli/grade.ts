/** npm run --silent grade -- FILE: the seed's answer_check.py output for a recorded answers file. */
import { parse as parseJsonc, parseTree, type ParseError } from 'jsonc-parser';
import { gradeRecorded, recordedSchema } from '../src/core/grading/answerCheck';
import { pythonDumps } from '../src/core/python/jsonDumps';
import { formatPath, lineColumn, locator, type PathSegment } from '../src/core/scenario/scenario';
import { EXIT, fail, formatProblem, readInput } from './io';

const { file, text } = readInput('grade');
let value: unknown;
try {
  value = JSON.parse(text);
} catch (error) {
  const errors: ParseError[] = [];
  parseJsonc(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const at = lineColumn(text, errors[0]?.offset ?? 0);
  fail(EXIT.invalid, [
    formatProblem(file, { ...at, path: '(syntax)', message: `not JSON: ${(error as Error).message}` }),
  ]);
}
const parsed = recordedSchema.safeParse(value);
if (!parsed.success) {
  const locate = locator(text, parseTree(text));
  fail(
    EXIT.invalid,
    parsed.error.issues.map((issue) => {
      const path = issue.path.filter((s): s is PathSegment => typeof s !== 'symbol');
      return formatProblem(file, { ...locate(path), path: formatPath(path), message: issue.message });
    }),
  );
}
try {
  process.stdout.write(`${pythonDumps(gradeRecorded(parsed.data), 2)}\n`);
} catch (error) {
  fail(EXIT.invalid, [`${file}: ${(error as Error).message}`]);
}
