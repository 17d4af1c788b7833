/** `grade`'s command line: its options and exit codes, read by cli/grade.ts, its --help and the README's check. */
import type { CommandSpec } from '../args';
import { EXIT } from '../io';

export const GRADE: CommandSpec = {
  name: 'grade',
  usage: ['npm run --silent grade -- FILE'],
  about: "Grade a recorded answers file and print {summary, graded}, as the lab's answer_check.py does.",
  options: {},
  exits: [
    { code: EXIT.ok, meaning: 'the grades are printed' },
    {
      code: EXIT.invalid,
      meaning: 'usage, or a file that cannot be read or is not valid: FILE:LINE:COL: path: message',
    },
  ],
};
