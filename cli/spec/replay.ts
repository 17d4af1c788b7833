/** `replay`'s command line: its options and exit codes, read by cli/replay.ts, its --help and the README's check. */
import type { CommandSpec } from '../args';
import { EXIT } from '../io';

/**
 * replay's exit codes. 3 to 6 are also `--course`'s (src/core/courses/courseReport.ts COURSE_EXIT,
 * kept out of replay's bundle; cli/args.test.ts checks that the two agree).
 */
export const REPLAY_EXIT = {
  ok: EXIT.ok,
  rejected: EXIT.rejected,
  invalid: EXIT.invalid,
  checkFailed: 3,
  taskUnmet: 4,
  packInvalid: 5,
  lessonFails: 6,
} as const;

export const REPLAY: CommandSpec = {
  name: 'replay',
  usage: [
    'npm run --silent replay -- [options] [FILE]',
    'npm run --silent replay -- --check --course FILE',
    'npm run --silent replay -- --list-lessons',
  ],
  about: [
    "Replay a scenario file and print the lab's isolation-result.json. --check also runs the playground's",
    "checks and the scenario's `expect` assertions, then judges the lesson's tasks (on stderr).",
  ].join('\n'),
  options: {
    check: { type: 'boolean', help: 'also run the checks and the `expect` assertions, and judge the tasks' },
    lesson: { type: 'string', value: 'ID', help: "judge the gallery lesson's tasks (FILE defaults to its scenario)" },
    solution: { type: 'boolean', help: "apply the tasks' reference solution first; exit 4 when a task is unmet" },
    step: { type: 'string', value: 'K', help: 'the selected step (step 1 is steps[0]; 0: none)' },
    'rule-off': { type: 'string', value: 'RULE', multiple: true, help: 'switch a rule off, as the page does' },
    see: { type: 'string', value: 'K', multiple: true, help: 'act: step K was seen' },
    mark: { type: 'string', value: 'K:ITEM', multiple: true, help: 'act: mark ITEM at step K' },
    predict: { type: 'string', value: 'K:ITEM|K:none', multiple: true, help: 'act: predict what leaks at step K' },
    choose: {
      type: 'string',
      value: 'K:ITEM:RULE',
      multiple: true,
      help: 'act: choose the rule that keeps ITEM out at step K',
    },
    course: { type: 'string', value: 'FILE', help: 'prove a course pack, every lesson with and without its solution' },
    'list-lessons': { type: 'boolean', help: 'print every gallery lesson: ID, engine, title (tab-separated)' },
  },
  exits: [
    { code: REPLAY_EXIT.ok, meaning: 'done (--check: every check passes; --course: every lesson proved)' },
    { code: REPLAY_EXIT.rejected, meaning: 'the store rejected a step: FILE: step K (op): reason' },
    {
      code: REPLAY_EXIT.invalid,
      meaning: 'usage, or a file that cannot be read or is not valid: FILE:LINE:COL: path: message',
    },
    {
      code: REPLAY_EXIT.checkFailed,
      meaning: '--check: a check or `expect` failed; --course: a solution misses a task',
    },
    {
      code: REPLAY_EXIT.taskUnmet,
      meaning: '--solution: a task is still unmet; --course: an unsolved lesson meets a task',
    },
    { code: REPLAY_EXIT.packInvalid, meaning: '--course: the file is not a valid course pack' },
    { code: REPLAY_EXIT.lessonFails, meaning: "--course: a lesson's scenario refuses a step or fails a check" },
  ],
};
