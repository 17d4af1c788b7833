/**
 * The gallery as a course: its lessons in the order to take them, each with its level, what it teaches,
 * and the lessons it builds on. One place for the order: the gallery lists it, the Tasks panel offers the
 * next lesson from it, and the gallery's course pack (fixtures/courses/gallery.course.json) is written in it.
 */
import { type Lesson, lessonById } from './catalogue';

export type Level = 'beginner' | 'intermediate' | 'advanced';

export interface CourseStep {
  id: string;
  level: Level;
  /** What the lesson teaches, one short sentence. */
  teaches: string;
  /** The lessons to take first (earlier in the course): the one or two it follows on from, not the first lesson. */
  buildsOn: readonly string[];
  /** About how long the lesson takes, in minutes, its tasks included. */
  minutes: number;
}

/*
 * Levels, by how many ideas a lesson needs and how its tasks resist a careless learner (the careless
 * learner's walk, exercises/careless.test.ts, with every label shown): beginner, one idea about who owns
 * an item; intermediate, a second mechanism (a cache, a prefix, a blank key, a close) between the owner
 * and the request; advanced, several rules at once, agents handing on, or another engine.
 */
export const COURSE: readonly CourseStep[] = [
  {
    id: 'seed-alice-bob',
    level: 'beginner',
    teaches: 'What a scoped request is, and how a naive global list leaks across users.',
    buildsOn: [],
    minutes: 12,
  },
  {
    id: 'mem0-metadata-user-id',
    level: 'beginner',
    teaches: 'Scope keys come from the authenticated principal, never from the payload.',
    buildsOn: ['seed-alice-bob'],
    minutes: 8,
  },
  {
    id: 'ownerless-rows',
    level: 'beginner',
    teaches: 'A row with no owner is read by nobody: a missing key never matches everyone.',
    buildsOn: ['mem0-metadata-user-id'],
    minutes: 8,
  },
  {
    id: 'scoped-delete',
    level: 'beginner',
    teaches: "Forgetting a user deletes that user's items, and nothing of anyone else.",
    buildsOn: ['ownerless-rows'],
    minutes: 8,
  },
  {
    id: 'cache-without-user',
    level: 'beginner',
    teaches: 'A cache key holds the principal, the question and the store version.',
    buildsOn: ['scoped-delete'],
    minutes: 10,
  },
  {
    id: 'mem0-same-id-other-user',
    level: 'intermediate',
    teaches: 'Lookups and uniqueness checks are keyed by the user too.',
    buildsOn: ['mem0-metadata-user-id'],
    minutes: 8,
  },
  {
    id: 'no-group-means-every-group',
    level: 'intermediate',
    teaches: 'A blank principal is rejected, never read as a wildcard.',
    buildsOn: ['ownerless-rows'],
    minutes: 10,
  },
  {
    id: 'namespace-prefix',
    level: 'intermediate',
    teaches: 'Scope keys are compared whole: a namespace prefix is not a boundary.',
    buildsOn: ['no-group-means-every-group'],
    minutes: 10,
  },
  {
    id: 'shared-filter-state',
    level: 'intermediate',
    teaches: 'Nothing built for one principal is reused for another.',
    buildsOn: ['cache-without-user'],
    minutes: 10,
  },
  {
    id: 'semantic-cache-tag',
    level: 'intermediate',
    teaches:
      'A cache that matches similar questions is partitioned by the principal; a tag in the text is not a partition.',
    buildsOn: ['shared-filter-state'],
    minutes: 10,
  },
  {
    id: 'deletion-residue',
    level: 'intermediate',
    teaches: 'Closing a task deletes its items, their handoff copies and the cached requests built from them.',
    buildsOn: ['scoped-delete', 'semantic-cache-tag'],
    minutes: 12,
  },
  {
    id: 'empty-allow-list',
    level: 'intermediate',
    teaches: 'An agent reads exactly the scopes it declares.',
    buildsOn: ['namespace-prefix'],
    minutes: 10,
  },
  {
    id: 'handoff-whole-history',
    level: 'advanced',
    teaches: 'A handoff passes a brief and chosen items, nothing else.',
    buildsOn: ['empty-allow-list'],
    minutes: 12,
  },
  {
    id: 'one-path-forgot-the-filter',
    level: 'advanced',
    teaches: 'Every path that reads the store applies the same filter, lookups by ID included.',
    buildsOn: ['handoff-whole-history'],
    minutes: 12,
  },
  {
    id: 'attacks',
    level: 'advanced',
    teaches: 'Five attacks on keys, handoffs, escaping and errors, each stopped by one rule.',
    buildsOn: ['one-path-forgot-the-filter'],
    minutes: 15,
  },
  {
    id: 'memtool-session-scope',
    level: 'advanced',
    teaches: 'A tool reads who is asking from the session, never from its arguments.',
    buildsOn: ['attacks'],
    minutes: 15,
  },
  {
    id: 'router-authorize-before-ranking',
    level: 'advanced',
    teaches: 'Authorize before ranking: a scorer is never handed what the context may not read.',
    buildsOn: ['memtool-session-scope'],
    minutes: 15,
  },
  {
    id: 'vector-filter-after-scan',
    level: 'advanced',
    teaches: 'Where the filter sits in a vector index: after the candidates are chosen, the principal comes up short.',
    buildsOn: ['router-authorize-before-ranking'],
    minutes: 15,
  },
];

/** The beginner path: the course's first lessons, one idea each, in about three quarters of an hour. */
export const BEGINNER_PATH: readonly string[] = COURSE.filter((step) => step.level === 'beginner').map(
  (step) => step.id,
);

/** About how long a list of the course's lessons takes, in minutes. */
export function pathMinutes(ids: readonly string[]): number {
  return ids.reduce((sum, id) => sum + (courseStep(id)?.minutes ?? 0), 0);
}

/** The gallery's lessons in course order. */
export function courseLessons(): Lesson[] {
  return COURSE.map((step) => lessonById(step.id)!);
}

/** A lesson's place in the course: its level, what it teaches and builds on. */
export function courseStep(id: string): CourseStep | undefined {
  return COURSE.find((step) => step.id === id);
}

/** The lesson after `id` in the course, or null after the last (or for a lesson not in it). */
export function nextLesson(id: string): Lesson | null {
  const at = COURSE.findIndex((step) => step.id === id);
  const next = at === -1 ? undefined : COURSE[at + 1];
  return next === undefined ? null : lessonById(next.id)!;
}
