/**
 * A scenario's own exercises, as the page reads them from the text it ran: the tasks, and the key its
 * progress is kept under, `scenario-<hash>`. The hash is of the tasks (canonical JSON: keys sorted, no
 * spacing), not of the steps: a learner edits the steps to meet the tasks, and their progress must stay
 * with them; two teachers' tasks name their own users and steps, so they never share a key. The
 * teacher's `solution` is not part of the key, so the page may keep it out of sight (withoutSolution).
 */
import { parseTree } from 'jsonc-parser';
import type { LessonKind } from '../lessons/catalogue';
import { deeperThan, jsonObjectOf, MAX_DEPTH } from '../scenario/jsonText';
import { MAX_JUDGED_CHARS } from '../limits';
import { lessonExercisesSchemas } from './schema';
import type { Exercise, Solution } from './types';

/**
 * JSON with every object's keys sorted and no spacing, written without recursion (an explicit stack), so
 * no nesting depth can exhaust the call stack. Values JSON cannot hold are written as JSON.stringify
 * writes them (undefined members are left out, undefined in an array is null).
 */
export function canonicalJson(value: unknown): string {
  const out: string[] = [];
  // Each frame is either a value still to write, or a literal piece of text (a comma, a bracket, a key).
  type Frame = { text: string } | { value: unknown; inArray: boolean };
  const stack: Frame[] = [{ value, inArray: true }];
  while (stack.length > 0) {
    const frame = stack.pop()!;
    if ('text' in frame) {
      out.push(frame.text);
      continue;
    }
    const v = frame.value;
    if (v === null || typeof v !== 'object') {
      const written = JSON.stringify(v);
      out.push(written === undefined ? 'null' : written);
      continue;
    }
    const pieces: Frame[] = [];
    if (Array.isArray(v)) {
      pieces.push({ text: '[' });
      v.forEach((item, i) => {
        if (i > 0) pieces.push({ text: ',' });
        pieces.push({ value: item, inArray: true });
      });
      pieces.push({ text: ']' });
    } else {
      const record = v as Record<string, unknown>;
      const keys = Object.keys(record)
        .filter((key) => record[key] !== undefined && typeof record[key] !== 'function')
        .sort();
      pieces.push({ text: '{' });
      keys.forEach((key, i) => {
        pieces.push({ text: `${i > 0 ? ',' : ''}${JSON.stringify(key)}:` });
        pieces.push({ value: record[key], inArray: false });
      });
      pieces.push({ text: '}' });
    }
    for (let i = pieces.length - 1; i >= 0; i--) stack.push(pieces[i]!);
  }
  return out.join('');
}

/** A 53-bit hash of a text (cyrb53), as 11 base-36 digits: not for secrets, only to name content. */
export function contentHash(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36).padStart(11, '0');
}

/** The key a scenario's progress is kept under: `scenario-` and the hash of its engine and tasks. */
export function scenarioKey(engine: LessonKind, exercises: readonly Exercise[]): string {
  return `scenario-${contentHash(canonicalJson({ engine, exercises }))}`;
}

/** True for a progress key that names a scenario's own tasks rather than a lesson of the gallery. */
export const isScenarioKey = (key: string): boolean => /^scenario-[0-9a-z]{11}$/.test(key);

export interface OwnExercises {
  key: string;
  /** What a progress file calls the scenario: its `title`, else the users its steps name. */
  title: string;
  exercises: Exercise[];
  solution?: Solution;
}

/**
 * The tasks a scenario text carries itself, or null when it carries none (or they do not parse: a text
 * the page ran has passed its engine's schema, exercises included, so that is never the page's case).
 */
export function ownExercisesOf(engine: LessonKind, text: string): OwnExercises | null {
  const value = jsonObjectOf(text);
  if (value === null || !Object.hasOwn(value, 'exercises')) return null;
  const { exercises, solution } = value as { exercises: unknown; solution?: unknown };
  const parsed = lessonExercisesSchemas[engine].safeParse(
    solution === undefined ? { exercises } : { exercises, solution },
  );
  if (!parsed.success || parsed.data.exercises.length === 0) return null;
  const own: OwnExercises = {
    key: scenarioKey(engine, parsed.data.exercises),
    title: scenarioTitle(value),
    exercises: parsed.data.exercises,
  };
  if (parsed.data.solution !== undefined) own.solution = parsed.data.solution;
  return own;
}

/** A scenario's own tasks as the page shows them: where their progress is kept, their title and the tasks. */
export type OwnTasks = Omit<OwnExercises, 'solution'>;

/**
 * The tasks a ran text carries itself, as its engine answers them with the run: null when it carries none,
 * or when it is longer than MAX_JUDGED_CHARS (the page does not judge it, so its lesson's tasks are shown).
 */
export function ownTasksOf(engine: LessonKind, text: string): OwnTasks | null {
  const own = text.length > MAX_JUDGED_CHARS ? null : ownExercisesOf(engine, text);
  return own === null ? null : { key: own.key, title: own.title, exercises: own.exercises };
}

/** A scenario's `title` when it has one, else "A scenario of" the users its steps act as (or name). */
export function scenarioTitle(value: object): string {
  const { title, steps } = value as { title?: unknown; steps?: unknown };
  if (typeof title === 'string' && title.trim() !== '') return title.trim().slice(0, 200);
  const users = new Set<string>();
  for (const step of Array.isArray(steps) ? steps : []) {
    const { as, user } = (step ?? {}) as { as?: unknown; user?: unknown };
    const who = Array.isArray(as) ? as[0] : user;
    if (typeof who === 'string' && who !== '') users.add(who);
  }
  const named = [...users].slice(0, 4);
  if (named.length === 0) return 'A scenario of your own';
  return `A scenario of ${named.join(', ')}${users.size > named.length ? ' and more' : ''}`;
}

/**
 * The text without its top-level `solution` member, every other character as it was; the text itself when
 * it has none or is not a JSON object. What a learner opens from a file or a link: the teacher's answer
 * stays out of the editor, and the tasks' "show the answer" is the way to it.
 */
export function withoutSolution(text: string): string {
  const value = jsonObjectOf(text);
  if (value === null || !Object.hasOwn(value, 'solution')) return text;
  // Too deep for any scenario: its parse refuses it, located, and the text is shown as it came.
  if (deeperThan(value, MAX_DEPTH)) return text;
  const members = parseTree(text)?.children ?? [];
  const cut = members.map((member) => member.children?.[0]?.value === 'solution');
  // Each member goes with the comma and space after it; a run of them at the end, with the comma before it.
  let end = members.length;
  while (end > 0 && cut[end - 1]) end--;
  let kept = '';
  let from = 0;
  for (let i = 0; i < end; i++) {
    if (!cut[i]) continue;
    kept += text.slice(from, members[i]!.offset);
    from = members[i + 1]!.offset;
  }
  if (end < members.length) {
    const before = members[end - 1];
    kept += text.slice(from, before === undefined ? members[end]!.offset : before.offset + before.length);
    from = members.at(-1)!.offset + members.at(-1)!.length;
  }
  return kept + text.slice(from);
}
