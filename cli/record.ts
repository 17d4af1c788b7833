/**
 * npm run --silent record -- [--host URL] [--out FILE] [--scenario FILE] [--timeout-ms N]
 * Ask the pinned Ollama model the recorded principals' scoped and naive requests (the seed's
 * `answer_check.py record`), write the answers file, then print its grades as `npm run grade` does.
 */
import { gradeAnswersText } from '../src/core/grading/gradeText';
import { commandArgs, usageError } from './args';
import { fail, failWithProblems } from './io';
import { parseRecordArgs } from './record/args';
import { RECORD } from './spec/record';
import { RecordError } from './record/ollama';
import { record } from './record/run';
import { printable } from '../src/core/text/escape';

commandArgs(RECORD, process.argv.slice(2));
const args = parseRecordArgs(process.argv.slice(2), process.env, new URL('../', import.meta.url));
if (args.kind === 'usage') usageError(RECORD, args.message);

const stop = new AbortController();
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => stop.abort());

let text: string;
try {
  text = await record(args.options, {
    progress: (line) => process.stderr.write(`record: ${printable(line)}\n`),
    stop: stop.signal,
  });
} catch (error) {
  if (error instanceof RecordError) fail(error.code, error.lines);
  throw error;
}
// Grade the file as written, so the output is exactly what `npm run grade -- FILE` prints for it.
const graded = gradeAnswersText(text);
if (graded.kind === 'invalid') failWithProblems(args.options.out, graded.problems);
process.stdout.write(`${graded.output}\n`);
