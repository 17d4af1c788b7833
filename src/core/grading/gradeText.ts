/**
 * `grade` over the answers file's text, as the seed's answer_check.py reads and prints it: the file's
 * key order, each seed exactly as written (json.loads then json.dumps), and every problem located
 * with the same depth limit and messages as a scenario.
 */
import { type Graded, gradeRecorded, recordedSchema } from './answerCheck';
import { type DumpValue, pythonDumpsExact } from '../python/jsonDumps';
import { type PyValue, pythonLoads } from '../python/jsonLoads';
import { type Problem, parseJson } from '../scenario/jsonText';
import { formatPath, type PathSegment } from '../scenario/scenario';
import { locateAll } from '../scenario/locate';

export type GradeTextOutcome = { kind: 'ok'; output: string } | { kind: 'invalid'; problems: Problem[] };

/** Grade answers-file text: the seed's `json.dumps({summary, graded}, indent=2)`, or located problems. */
export function gradeAnswersText(text: string): GradeTextOutcome {
  const json = parseJson(text);
  if (json.kind === 'invalid') return { kind: 'invalid', problems: [json.problem] };
  const parsed = recordedSchema.safeParse(json.value);
  if (!parsed.success) {
    // A JSON value's paths hold only keys and indexes, never a symbol.
    const paths = parsed.error.issues.map((issue) => issue.path as PathSegment[]);
    const spans = locateAll(
      text,
      paths.map((path) => ({ path })),
    );
    return {
      kind: 'invalid',
      problems: parsed.error.issues.map((issue, i) => ({
        ...spans[i],
        path: formatPath(paths[i]!),
        message: issue.message,
      })),
    };
  }
  let graded: ReturnType<typeof gradeRecorded>;
  try {
    graded = gradeRecorded(parsed.data);
  } catch (error) {
    return { kind: 'invalid', problems: [{ path: '', message: (error as Error).message }] };
  }
  // The verdicts come from the validated value; the order and the seeds from Python's reading of the text.
  const answers = (pythonLoads(text) as Map<string, PyValue>).get('answers') as Map<string, Map<string, PyValue>[]>;
  const summary = new Map<string, DumpValue>();
  const out = new Map<string, DumpValue>();
  for (const [name, list] of answers) {
    summary.set(name, { ...graded.summary[name]! });
    out.set(
      name,
      graded.graded[name]!.map((g: Graded, i) => ({ ...g, seed: list[i]!.get('seed') as DumpValue })),
    );
  }
  return {
    kind: 'ok',
    output: pythonDumpsExact(
      new Map([
        ['summary', summary],
        ['graded', out],
      ]),
    ),
  };
}
