/**
 * The "Limits" table of docs/limits.md, row by row: each limit of core/limits.ts by its name, with its unit and
 * the words that say what it limits and what happens past it. Kept apart from the values so the page
 * loads the numbers without the prose; limits.test.ts fails when a limit has no row here, or when the
 * table there and these rows disagree.
 */
import type * as limits from './limits';

/** The names of the limits: every number core/limits.ts exports. */
export type LimitName = {
  [K in keyof typeof limits]: (typeof limits)[K] extends number ? K : never;
}[keyof typeof limits];

export interface LimitRow {
  name: LimitName;
  /** The unit of the value, plural: "bytes", "characters", "levels". */
  unit: string;
  /** What is limited. */
  what: string;
  /** What happens past it. */
  past: string;
}

export const LIMIT_ROWS: readonly LimitRow[] = [
  {
    name: 'MAX_SCENARIO_BYTES',
    unit: 'bytes (UTF-8)',
    what: 'A scenario in the page: typed, pasted, imported or opened from a link',
    past: 'Refused before it is read, at line 1, column 1, naming both sizes. The command line reads larger files, up to its own limit (below).',
  },
  {
    name: 'MAX_ITEM_TEXT_CHARS',
    unit: 'characters',
    what: "One text of a scenario: a write's text, a configuration item's text, a handoff's brief",
    past: "Refused at the field's line and column, naming the limit, in the page and the command line. Up to it the page shows a long text cut short, with a button to show it all.",
  },
  {
    name: 'MAX_QUESTION_CHARS',
    unit: 'characters',
    what: "A question: a query step's, one asked in the page, or one a link carries",
    past: "The same as a text, as the seed takes a question as it takes a text. Refused at the field's line and column, naming the limit.",
  },
  {
    name: 'MAX_EDITABLE_QUESTION_CHARS',
    unit: 'characters',
    what: 'A question the page puts in its Question (or Query) field to edit',
    past: 'The field starts empty and says the length; the request shows the question cut short, with a button to show it all.',
  },
  {
    name: 'MAX_DEPTH',
    unit: 'levels',
    what: 'How deep brackets nest in a scenario or a lesson file',
    past: 'Refused before parsing, at the line and column of the first bracket too deep; the editor shows such a text as plain text.',
  },
  {
    name: 'LARGE_EDITOR_CHARS',
    unit: 'characters',
    what: "A text the editor checks as JSON (highlighting, completion, the schema's squiggles)",
    past: 'Shown as plain text, saying so; Run still reports every problem, located.',
  },
  {
    name: 'MAX_JUDGED_CHARS',
    unit: 'characters',
    what: 'A scenario the page judges: its lesson tasks, and which switched-off rule broke a check',
    past: 'Each task says it is too large to judge here and names the command that does (`npm run --silent replay -- --lesson ID FILE`); the Checks tab names no rule for a red check.',
  },
  {
    name: 'MIN_HINTS',
    unit: 'hints',
    what: "Hints per exercise in a scenario's exercises, at least",
    past: "Refused at the exercise's line and column, naming the limit.",
  },
  {
    name: 'MAX_HINTS',
    unit: 'hints',
    what: "Hints per exercise in a scenario's exercises, at most",
    past: "Refused at the exercise's line and column, naming the limit.",
  },
  {
    name: 'MAX_ACTS',
    unit: 'acts',
    what: "A learner's act log (steps seen, marks, predictions, rule choices): a solution's, the saved progress's, a progress file's",
    past: 'A solution or progress file is refused, naming the limit; the page records no further act.',
  },
  {
    name: 'MAX_LINK_CHARS',
    unit: 'characters',
    what: 'A share link (the part after #)',
    past: 'Not made: the page offers the scenario as a file instead. A longer link is refused with its length and the limit.',
  },
  {
    name: 'MAX_LINK_JSON_CHARS',
    unit: 'characters',
    what: 'A share link once decompressed',
    past: 'Refused before it is parsed, naming the limit.',
  },
  {
    name: 'MAX_LINK_ID_CHARS',
    unit: 'characters',
    what: 'The user, task and agent of the principal a share link selects',
    past: 'The link is refused, naming the field and the limit.',
  },
  {
    name: 'MAX_FILE_BYTES',
    unit: 'bytes',
    what: 'A file the command line reads: a scenario, an answers file, a course pack (also a pipe or a device)',
    past: 'Refused before it is read, naming both sizes (a pipe or a device: once that many bytes arrive); exit 2, 5 for a course pack. The seed reads a file of any size.',
  },
  {
    name: 'MAX_PACK_CHARS',
    unit: 'characters',
    what: 'A course pack, opened in the page (from a file or a link) or proved by `replay --check --course`',
    past: 'Refused before it is parsed, at line 1, column 1, naming the limit (exit 5 on the command line).',
  },
  {
    name: 'MAX_PACK_LESSONS',
    unit: 'lessons',
    what: 'Lessons in a course pack',
    past: "Refused at the pack's lessons, naming the limit.",
  },
  {
    name: 'MAX_PACK_WORDS_CHARS',
    unit: 'characters',
    what: "A course pack's words: its title and about, a lesson's title, teaches, rule, incident, tryThis",
    past: "Refused at the field's line and column, naming the limit.",
  },
];
