/**
 * Every limit a scenario, its exercises and a share link must keep, in one place. The code that refuses
 * an input past one imports its value from here, and says the limit in its message; docs/limits.md's
 * table lists each one (its words are in limitsTable.ts; limits.test.ts fails when the table,
 * the words and these values disagree).
 *
 * The seed's Python sets no limit: it takes a text or a question of any length. A limit here is this
 * project's own, and exists only where an input past it would freeze the page or make a link or a
 * parser unbounded (a 20 MB question took 15 s to render; Monaco's JSON worker overflowed its stack at
 * 10,000 levels). Each is far above any scenario a person writes: the 20,000-step benchmark scenario is
 * 3.3 MB, its longest text 79 characters.
 */

/** The largest scenario text run, imported or opened from a link in the page, in UTF-8 bytes. */
export const MAX_SCENARIO_BYTES = 4_000_000;
/**
 * The longest text of one item (a write's text, a configuration item, a handoff's brief), in characters.
 * A 1 MB note still replays (the page shows it cut short, with a way to see it all); a 20 MB one does not.
 */
export const MAX_ITEM_TEXT_CHARS = 2_000_000;
/**
 * The longest question (a query step's, or one asked in the page or carried by a link), in characters:
 * the same as a text, as the seed takes a question as it takes a text (it once was 10,000, which refused
 * scenarios the seed replays).
 */
export const MAX_QUESTION_CHARS = MAX_ITEM_TEXT_CHARS;
/** The longest question put in the page's Question field (a longer one is replayed, not edited there). */
export const MAX_EDITABLE_QUESTION_CHARS = 10_000;
/** Deeper JSON than this is refused before parsing, so no parser recurses without bound. */
export const MAX_DEPTH = 64;
/** Past this many characters the editor drops JSON highlighting, checking and the outline. */
export const LARGE_EDITOR_CHARS = 500_000;
/** Past this many characters the page neither judges a lesson's tasks nor shows the rules' coverage. */
export const MAX_JUDGED_CHARS = 200_000;
/** Hints per exercise: at least, at most. */
export const MIN_HINTS = 2;
export const MAX_HINTS = 3;
/**
 * The most acts a learner's act log holds (steps seen, marks, predictions, rule choices): the page adds
 * at most one "see" per prediction task, so a log near this is typed, not stepped.
 */
export const MAX_ACTS = 10_000;
/** The longest share link fragment accepted or produced. */
export const MAX_LINK_CHARS = 32_768;
/** The most characters a share link may decompress to: a scenario at its limit and the rest of the state. */
export const MAX_LINK_JSON_CHARS = MAX_SCENARIO_BYTES + 100_000;
/** The longest user, task or agent ID of a principal in a share link. */
export const MAX_LINK_ID_CHARS = 64;

/**
 * The largest file the command line reads (a scenario, an answers file, a course pack), in bytes: more
 * than twice the 200,000-item benchmark scenario (41 MB), and far below a text V8 can hold. Checked by size before reading; what has no size (a pipe,
 * a device such as /dev/zero) is read until this many bytes have arrived, then refused.
 */
export const MAX_FILE_BYTES = 100_000_000;

/** The largest course pack read, in characters, in the page or the command line (before it is parsed). */
export const MAX_PACK_CHARS = 4_000_000;
/** The most lessons a course pack holds. */
export const MAX_PACK_LESSONS = 100;
/** The longest of a course pack's words: a title, a lesson's rule, incident or what to try. */
export const MAX_PACK_WORDS_CHARS = 2_000;
