/**
 * One vocabulary for the rules: every place that names a rule to a learner takes its words from
 * RULE_INFO[rule].name. This reads the learner-facing text (the page's source, the lessons' tasks, hints
 * and answers, the lesson catalogue) and fails when a rule is worded apart: a quoted name beside a
 * switch's words that is not a rule's name, a rule's name copied into the source instead of read from
 * the table, or a rule's internal id shown in a sentence.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LESSONS } from '../lessons/catalogue';
import { RULE_INFO, RULES } from './rules';

const ROOT = new URL('../../../', import.meta.url).pathname;
const NAMES = new Set(RULES.map((rule) => RULE_INFO[rule].name));

function files(dir: string, ext: RegExp): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => ext.test(file) && !/\.test\.tsx?$/.test(file) && !file.includes('testing/'))
    .map((file) => join(dir, file));
}

/** Every string value of a JSON document, with where it is. */
function strings(value: unknown, at: string, out: Array<[string, string]>): Array<[string, string]> {
  if (typeof value === 'string') out.push([at, value]);
  else if (Array.isArray(value)) value.forEach((v, i) => strings(v, `${at}[${i}]`, out));
  else if (value !== null && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) strings(v, `${at}.${k}`, out);
  return out;
}

/** The exercises' prose: tasks, hints and answers (goals and solutions name rules by id, as data). */
const exerciseProse = (): Array<[string, string]> =>
  files('fixtures/exercises', /\.json$/).flatMap((file) =>
    strings(JSON.parse(readFileSync(join(ROOT, file), 'utf8')), file, []).filter(
      ([at, text]) => !/\.(goal|solution)\b/.test(at) && /\s/.test(text),
    ),
  );

const catalogueProse = (): Array<[string, string]> =>
  LESSONS.flatMap((lesson) =>
    [lesson.title, lesson.rule, lesson.incident, lesson.tryThis].map(
      (text) => [`lesson ${lesson.id}`, text] as [string, string],
    ),
  );

/**
 * A quoted phrase a sentence names as a rule: "switch off “X”", "named “X”", "“X” is switched off",
 * "“X” off", in curly or straight (and JSON-escaped) quotes.
 */
const QUOTE = String.raw`\\?["“]([^"”\\]{3,80})\\?["”]`;
const NAMED = [
  new RegExp(String.raw`(?:[Ss]witch(?:ed)? (?:it )?(?:off|on)|named|reads|[Tt]ick|[Uu]ntick|rule) ${QUOTE}`, 'g'),
  new RegExp(String.raw`${QUOTE} (?:(?:is|are) )?(?:switched (?:off|on)|off)\b`, 'g'),
];

export function misnamed(text: string): string[] {
  return NAMED.flatMap((re) => [...text.matchAll(re)].map((m) => m[1]!)).filter(
    (phrase) => !NAMES.has(phrase) && !/^[a-z0-9-]+$/.test(phrase) && !phrase.includes('${'),
  );
}

const ID_WORD = new RegExp(String.raw`\b(${RULES.join('|')})\b`);

describe('one vocabulary for the rules', () => {
  it('finds a misworded rule in a sentence (the scan itself can fail)', () => {
    expect(misnamed('Switch off "Visibility ignores the task" and look.')).toEqual(['Visibility ignores the task']);
    expect(misnamed('in only because “The task check” is switched off')).toEqual(['The task check']);
    expect(misnamed(`Switch off “${RULE_INFO.taskCheck.name}” and look.`)).toEqual([]);
  });

  it('names rules only by RULE_INFO names in the lessons’ tasks, hints and answers, and never by id', () => {
    const prose = [...exerciseProse(), ...catalogueProse()];
    expect(prose.length).toBeGreaterThan(100);
    const wrong = prose.flatMap(([at, text]) => misnamed(text).map((phrase) => `${at}: “${phrase}”`));
    expect(wrong).toEqual([]);
    const ids = prose.filter(([, text]) => ID_WORD.test(text)).map(([at, text]) => `${at}: ${text}`);
    expect(ids).toEqual([]);
  });

  it('reads a rule’s name from RULE_INFO in the page’s views, never a copy, and quotes no other name as a rule', () => {
    const sources = files('src', /\.tsx?$/).filter((file) => !file.endsWith('core/store/rules.ts'));
    const copies: string[] = [];
    const wrong: string[] = [];
    for (const file of sources) {
      const text = readFileSync(join(ROOT, file), 'utf8');
      const view = /^src\/(ui|state)\//.test(file) && !/\/test[A-Z]/.test(file);
      if (view) for (const name of NAMES) if (text.includes(name)) copies.push(`${file}: ${name}`);
      for (const phrase of misnamed(text)) wrong.push(`${file}: “${phrase}”`);
    }
    expect(copies).toEqual([]);
    expect(wrong).toEqual([]);
  });
});
