/**
 * Every limit a scenario, its exercises and a share link must keep, in one place. The code that refuses
 * an input past one imports its value from here, and says the limit in its message; the README's
 * "Limits" table lists the same rows in the same words (limits.test.ts fails when the two disagree).
 *
 * The seed's Python sets no limit: it takes a text or a question of any length. A limit here is this
 * project's own, and exists only where an input past it would freeze the page or make a link or a
 * parser unbounded (a 20 MB question took 15 s to render; Monaco's JSON worker overflowed its stack at
 * 10,000 levels). Each is far above any scenario a person writes: the 20,000-step benchmark scenario is
 * 3.3 MB, its longest text 79 characters.
 */

export interface Limit {
  /** What is limited, as the README's table says it. */
  readonly what: string;
  readonly value: number;
  /** The unit of `value`, plural: "bytes", "characters", "levels". */
  readonly unit: string;
  /** What happens past it, as the README's table says it. */
  readonly past: string;
}

const SCENARIO_BYTES = 4_000_000;

export const LIMITS = {
  scenarioBytes: {
    what: 'A scenario in the page: typed, pasted, imported or opened from a link',
    value: SCENARIO_BYTES,
    unit: 'bytes (UTF-8)',
    past: 'Refused before it is read, at line 1, column 1, naming both sizes. The command line reads a file of any size, as the seed does.',
  },
  textChars: {
    what: "One text of a scenario: a write's text, a configuration item's text, a handoff's brief",
    value: 2_000_000,
    unit: 'characters',
    past: "Refused at the field's line and column, naming the limit, in the page and the command line. Up to it the page shows a long text cut short, with a button to show it all.",
  },
  questionChars: {
    what: "A question: a query step's, one asked in the page, or one a link carries",
    value: 2_000_000,
    unit: 'characters',
    past: "The same as a text, as the seed takes a question as it takes a text. Refused at the field's line and column, naming the limit.",
  },
  editableQuestionChars: {
    what: 'A question the page puts in its Question (or Query) field to edit',
    value: 10_000,
    unit: 'characters',
    past: 'The field starts empty and says the length; the request shows the question cut short, with a button to show it all.',
  },
  jsonDepth: {
    what: 'How deep brackets nest in a scenario or a lesson file',
    value: 64,
    unit: 'levels',
    past: 'Refused before parsing, at the line and column of the first bracket too deep; the editor shows such a text as plain text.',
  },
  editorJsonChars: {
    what: "A text the editor checks as JSON (highlighting, completion, the schema's squiggles)",
    value: 500_000,
    unit: 'characters',
    past: 'Shown as plain text, saying so; Run still reports every problem, located.',
  },
  judgedChars: {
    what: 'A scenario the page judges: its lesson tasks, and which switched-off rule broke a check',
    value: 200_000,
    unit: 'characters',
    past: 'Each task says it is too large to judge here and names the command that does (`npm run --silent replay -- --lesson ID FILE`); the Checks tab names no rule for a red check.',
  },
  hintsMin: {
    what: "Hints per exercise in a scenario's exercises, at least",
    value: 2,
    unit: 'hints',
    past: "Refused at the exercise's line and column, naming the limit.",
  },
  hintsMax: {
    what: "Hints per exercise in a scenario's exercises, at most",
    value: 3,
    unit: 'hints',
    past: "Refused at the exercise's line and column, naming the limit.",
  },
  linkChars: {
    what: 'A share link (the part after #)',
    value: 32_768,
    unit: 'characters',
    past: 'Not made: the page offers the scenario as a file instead. A longer link is refused with its length and the limit.',
  },
  linkJsonChars: {
    what: 'A share link once decompressed',
    // A scenario at its limit and the rest of the link's state.
    value: SCENARIO_BYTES + 100_000,
    unit: 'characters',
    past: 'Refused before it is parsed, naming the limit.',
  },
  linkIdChars: {
    what: 'The user, task and agent of the principal a share link selects',
    value: 64,
    unit: 'characters',
    past: 'The link is refused, naming the field and the limit.',
  },
} as const satisfies Record<string, Limit>;

/** The largest scenario text run, imported or opened from a link in the page, in UTF-8 bytes. */
export const MAX_SCENARIO_BYTES = LIMITS.scenarioBytes.value;
/** The longest text of one item (a write's text, a configuration item, a handoff's brief), in characters. */
export const MAX_ITEM_TEXT_CHARS = LIMITS.textChars.value;
/** The longest question (a query step's, or one asked in the page or carried by a link), in characters. */
export const MAX_QUESTION_CHARS = LIMITS.questionChars.value;
/** The longest question put in the page's Question field (a longer one is replayed, not edited there). */
export const MAX_EDITABLE_QUESTION_CHARS = LIMITS.editableQuestionChars.value;
/** Deeper JSON than this is refused before parsing, so no parser recurses without bound. */
export const MAX_DEPTH = LIMITS.jsonDepth.value;
/** Past this many characters the editor drops JSON highlighting, checking and the outline. */
export const LARGE_EDITOR_CHARS = LIMITS.editorJsonChars.value;
/** Past this many characters the page neither judges a lesson's tasks nor shows the rules' coverage. */
export const MAX_JUDGED_CHARS = LIMITS.judgedChars.value;
/** Hints per exercise: at least, at most. */
export const MIN_HINTS = LIMITS.hintsMin.value;
export const MAX_HINTS = LIMITS.hintsMax.value;
/** The longest share link fragment accepted or produced. */
export const MAX_LINK_CHARS = LIMITS.linkChars.value;
/** The most characters a share link may decompress to. */
export const MAX_LINK_JSON_CHARS = LIMITS.linkJsonChars.value;
/** The longest user, task or agent ID of a principal in a share link. */
export const MAX_LINK_ID_CHARS = LIMITS.linkIdChars.value;

/** "4,000,000": a limit as every message writes it. */
export const limitText = (value: number): string => value.toLocaleString('en');
