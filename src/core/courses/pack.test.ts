import { describe, expect, it } from 'vitest';
import { projectText } from '../testing/fixtures';
import { GALLERY_PACK_PATH, galleryPack, packText } from './galleryPack';
import { lessonScenarioText, MAX_PACK_CHARS, parseCoursePack } from './pack';
import { proveCourse } from './prove';
import { COURSE_SCHEMA_PATH, courseJsonSchema } from './jsonSchema';
import { ownExercisesOf } from '../exercises/ownExercises';
import { LESSONS } from '../lessons/catalogue';
import { decodePackLink, encodePackLink, PACK_LINK_PREFIX } from './packLink';
import { MAX_LINK_CHARS } from '../sharing/shareLink';

const scenarioPath = (file: string) =>
  file === 'scenario.json' ? 'fixtures/scenario.json' : `fixtures/lessons/${file}`;
const built = () =>
  packText(
    galleryPack({
      scenario: (lesson) => projectText(scenarioPath(lesson.file)),
      exercises: (lesson) => projectText(`fixtures/exercises/${lesson.id}.json`),
    }),
  );

describe('the gallery’s course pack', () => {
  it('is up to date with the catalogue, the course and the lessons’ files (else: npm run course:gallery)', () => {
    expect(
      projectText(GALLERY_PACK_PATH) === built(),
      `${GALLERY_PACK_PATH} is stale: run npm run course:gallery`,
    ).toBe(true);
  });
  it('holds every lesson once, in course order, and proves: unsolved meets none, each solution meets all', () => {
    const parsed = parseCoursePack(built());
    if (parsed.kind !== 'ok') throw new Error(JSON.stringify(parsed.problems[0]));
    // The vector lesson runs on its shipped database, which a pack cannot carry (galleryPack.ts).
    const packed = LESSONS.filter((l) => l.engine !== 'vector');
    expect(parsed.scenario.lessons.map((l) => l.id).sort()).toEqual(packed.map((l) => l.id).sort());
    for (const proof of proveCourse(parsed.scenario)) {
      expect(proof.problems, proof.id).toEqual([]);
      expect(proof.metUnsolved, proof.id).toEqual([]);
      expect(proof.unmetSolved, proof.id).toEqual([]);
    }
  });
});

describe('parseCoursePack', () => {
  const tutoring = () => JSON.parse(projectText('fixtures/courses/tutoring.course.json')) as Record<string, unknown>;
  it('reads the teacher’s tutoring pack, whose lessons’ scenarios carry their tasks but not their solutions', () => {
    const parsed = parseCoursePack(projectText('fixtures/courses/tutoring.course.json'));
    if (parsed.kind !== 'ok') throw new Error('the tutoring pack does not parse');
    const first = parsed.scenario.lessons[0]!;
    const text = lessonScenarioText(first);
    expect(text).not.toContain('"solution"');
    expect(ownExercisesOf('store', text)?.exercises.map((e) => e.id)).toEqual(first.exercises.map((e) => e.id));
  });
  it('locates a wrong field, a goal of another engine and a repeated lesson by line and column', () => {
    const pack = tutoring();
    const lessons = pack.lessons as Array<Record<string, unknown>>;
    lessons[1]!.id = lessons[0]!.id;
    lessons[0]!.colour = 'red';
    const outcome = parseCoursePack(JSON.stringify(pack, null, 2));
    expect(outcome.kind).toBe('invalid');
    const problems = outcome.kind === 'invalid' ? outcome.problems : [];
    expect(problems[0]).toMatchObject({ path: 'lessons[0].colour', message: 'unknown field "colour"' });
    expect(problems[0]!.line).toBeGreaterThan(1);
    const router = tutoring();
    (router.lessons as Array<Record<string, unknown>>)[0]!.engine = 'router';
    const wrong = parseCoursePack(JSON.stringify(router, null, 2));
    expect(wrong.kind === 'invalid' && wrong.problems.some((p) => p.path.startsWith('lessons[0].scenario'))).toBe(true);
    const twice = tutoring();
    (twice.lessons as Array<Record<string, unknown>>)[1]!.id = 'the-copied-draft';
    (twice.lessons as Array<Record<string, unknown>>)[1]!.buildsOn = [];
    const again = parseCoursePack(JSON.stringify(twice, null, 2));
    expect(again.kind === 'invalid' && again.problems[0]).toMatchObject({
      path: 'lessons[1].id',
      message: 'duplicate lesson id the-copied-draft (also lessons[0])',
    });
  });
  it('locates a lesson built on one not before it, and tasks put inside a scenario', () => {
    const pack = tutoring();
    const lessons = pack.lessons as Array<Record<string, unknown>>;
    lessons[0]!.buildsOn = ['later-lesson'];
    const outcome = parseCoursePack(JSON.stringify(pack, null, 2));
    expect(outcome.kind === 'invalid' && outcome.problems).toContainEqual(
      expect.objectContaining({
        path: 'lessons[0].buildsOn[0]',
        message: 'later-lesson is not an earlier lesson of this pack',
      }),
    );
    for (const inside of ['exercises', 'solution']) {
      const nested = tutoring();
      const first = (nested.lessons as Array<Record<string, unknown>>)[0]!;
      first.scenario = { ...(first.scenario as object), [inside]: first[inside] ?? [] };
      const parsed = parseCoursePack(JSON.stringify(nested, null, 2));
      expect(parsed.kind === 'invalid' && parsed.problems, inside).toContainEqual(
        expect.objectContaining({
          path: 'lessons[0].scenario',
          message: 'put the exercises and the solution beside the scenario, not inside it',
        }),
      );
    }
  });

  it('refuses a pack over the size bound before reading it, and text nested too deep', () => {
    const huge = parseCoursePack(' '.repeat(MAX_PACK_CHARS + 1));
    expect(huge.kind === 'invalid' && huge.problems[0]!.path).toBe('(size)');
    expect(huge.kind === 'invalid' && huge.problems[0]!.message).toBe(
      `the pack is ${(MAX_PACK_CHARS + 1).toLocaleString('en')} characters; a course pack holds at most ${MAX_PACK_CHARS.toLocaleString('en')}`,
    );
    const full = parseCoursePack(' '.repeat(MAX_PACK_CHARS));
    expect(full.kind === 'invalid' && full.problems[0]!.path).not.toBe('(size)');
    const deep = parseCoursePack(`${'['.repeat(100_000)}${']'.repeat(100_000)}`);
    expect(deep.kind === 'invalid' && deep.problems[0]!.message).toMatch(/deeper than 64/);
  });
});

describe('a course pack in a link', () => {
  it('opens the pack it was made from, its lessons and tasks whole, without any solution', () => {
    const text = projectText('fixtures/courses/tutoring.course.json');
    const link = encodePackLink(text);
    if (link.kind !== 'ok') throw new Error('the tutoring pack fits a link');
    expect(link.fragment.startsWith(PACK_LINK_PREFIX)).toBe(true);
    const opened = decodePackLink(link.fragment.slice(PACK_LINK_PREFIX.length));
    if (opened.kind !== 'ok') throw new Error(opened.message);
    const pack = JSON.parse(text) as { lessons: Array<Record<string, unknown>> };
    expect(pack.lessons.every((lesson) => lesson.solution !== undefined)).toBe(true);
    const expected = { ...pack, lessons: pack.lessons.map(({ solution: _s, ...lesson }) => lesson) };
    expect(JSON.parse(opened.text)).toEqual(expected);
    expect(opened.text).not.toContain('"solution"');
    expect(parseCoursePack(opened.text).kind).toBe('ok');
  });

  it('carries a text that is not a pack as it is, to be reported where it opens', () => {
    for (const text of ['{"format": ', '[1, 2]', '{"lessons": "none"}']) {
      const link = encodePackLink(text);
      if (link.kind !== 'ok') throw new Error('a short text fits a link');
      expect(decodePackLink(link.fragment.slice(PACK_LINK_PREFIX.length))).toEqual({ kind: 'ok', text });
    }
  });

  it('is not made past the link limit, and says why one cannot be read', () => {
    // Text lz-string cannot shrink: each character is new to its dictionary.
    const noise = Array.from({ length: 40_000 }, (_, i) => String.fromCharCode(0x4e00 + ((i * 7919) % 20_000))).join(
      '',
    );
    const long = encodePackLink(noise);
    expect(long.kind).toBe('too-long');
    expect(long.kind === 'too-long' && long.length).toBeGreaterThan(MAX_LINK_CHARS);
    expect(decodePackLink('A'.repeat(MAX_LINK_CHARS + 1))).toEqual({
      kind: 'error',
      message: `This course link is longer than ${MAX_LINK_CHARS.toLocaleString('en')} characters.`,
    });
    expect(decodePackLink('')).toEqual({
      kind: 'error',
      message: 'This course link is damaged: it does not decompress.',
    });
    // A link of 14,727 characters that expands to 20 MB (compressing a text past the bound here takes 30 s).
    const big = projectText('fixtures/hostile/link-question-20mb.txt').trim().slice('#v1.'.length);
    expect(decodePackLink(big)).toEqual({
      kind: 'error',
      message: `This course link holds more than ${MAX_PACK_CHARS.toLocaleString('en')} characters, more than a course pack may.`,
    });
  });
});

describe('the course pack’s JSON Schema', () => {
  it('is generated from the zod schema, and the file a teacher’s editor reads is up to date', () => {
    const schema = courseJsonSchema();
    expect(
      projectText(COURSE_SCHEMA_PATH) === `${JSON.stringify(schema, null, 2)}\n`,
      'run npm run course:gallery',
    ).toBe(true);
    const lessons = (schema.properties as Record<string, { items: { oneOf: Array<{ properties: object }> } }>).lessons;
    expect(lessons!.items.oneOf.map((v) => (v.properties as { engine: { const: string } }).engine.const)).toEqual([
      'store',
      'router',
      'memtool',
    ]);
  });
});

describe('the gallery pack’s build and the link’s bounds', () => {
  it('names the lesson whose exercises file does not parse, with the parser’s first problem', () => {
    const texts = {
      scenario: (lesson: { file: string }) => projectText(scenarioPath(lesson.file)),
      exercises: () => '{"exercises": 5}',
    };
    expect(() => galleryPack(texts)).toThrow(/^[a-z0-9-]+: .+/);
    expect(() => galleryPack(texts)).not.toThrow(/invalid exercises/);
  });

  it('opens at #/course/, and reads a link of exactly the longest length', () => {
    const link = encodePackLink('{}');
    expect(link.kind === 'ok' && link.fragment.startsWith('#/course/')).toBe(true);
    const longest = decodePackLink('A'.repeat(MAX_LINK_CHARS));
    expect(longest.kind === 'error' && longest.message).not.toMatch(/longer than/);
  });
});
