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
  /** The lessons to take first (earlier in the course). */
  buildsOn: readonly string[];
}

export const COURSE: readonly CourseStep[] = [
  {
    id: 'seed-alice-bob',
    level: 'beginner',
    teaches: 'What a scoped request is, and how a naive global list leaks across users.',
    buildsOn: [],
  },
  {
    id: 'mem0-metadata-user-id',
    level: 'beginner',
    teaches: 'Scope keys come from the authenticated principal, never from the payload.',
    buildsOn: ['seed-alice-bob'],
  },
  {
    id: 'mem0-same-id-other-user',
    level: 'beginner',
    teaches: 'Lookups and uniqueness checks are keyed by the user too.',
    buildsOn: ['mem0-metadata-user-id'],
  },
  {
    id: 'empty-allow-list',
    level: 'intermediate',
    teaches: 'An agent reads exactly the scopes it declares.',
    buildsOn: ['seed-alice-bob'],
  },
  {
    id: 'no-group-means-every-group',
    level: 'intermediate',
    teaches: 'A blank principal is rejected, never read as a wildcard.',
    buildsOn: ['mem0-metadata-user-id'],
  },
  {
    id: 'namespace-prefix',
    level: 'intermediate',
    teaches: 'Scope keys are compared whole: a namespace prefix is not a boundary.',
    buildsOn: ['mem0-metadata-user-id'],
  },
  {
    id: 'cache-without-user',
    level: 'intermediate',
    teaches: 'A cache key holds the principal, the question and the store version.',
    buildsOn: ['seed-alice-bob'],
  },
  {
    id: 'shared-filter-state',
    level: 'intermediate',
    teaches: 'Nothing built for one principal is reused for another.',
    buildsOn: ['cache-without-user'],
  },
  {
    id: 'deletion-residue',
    level: 'intermediate',
    teaches: 'Closing a task deletes its items, their handoff copies and the cached requests built from them.',
    buildsOn: ['cache-without-user'],
  },
  {
    id: 'semantic-cache-tag',
    level: 'intermediate',
    teaches:
      'A cache that matches similar questions is partitioned by the principal; a tag in the text is not a partition.',
    buildsOn: ['cache-without-user'],
  },
  {
    id: 'handoff-whole-history',
    level: 'advanced',
    teaches: 'A handoff passes a brief and chosen items, nothing else.',
    buildsOn: ['empty-allow-list'],
  },
  {
    id: 'one-path-forgot-the-filter',
    level: 'advanced',
    teaches: 'Every path that reads the store applies the same filter, lookups by ID included.',
    buildsOn: ['handoff-whole-history'],
  },
  {
    id: 'attacks',
    level: 'advanced',
    teaches: 'Five attacks on keys, handoffs, escaping and errors, each stopped by one rule.',
    buildsOn: ['mem0-metadata-user-id', 'handoff-whole-history'],
  },
  {
    id: 'router-authorize-before-ranking',
    level: 'advanced',
    teaches: 'Authorize before ranking: a scorer is never handed what the context may not read.',
    buildsOn: ['seed-alice-bob', 'empty-allow-list'],
  },
  {
    id: 'vector-filter-after-scan',
    level: 'advanced',
    teaches: 'Where the filter sits in a vector index: after the candidates are chosen, the principal comes up short.',
    buildsOn: ['router-authorize-before-ranking'],
  },
  {
    id: 'memtool-session-scope',
    level: 'advanced',
    teaches: 'A tool reads who is asking from the session, never from its arguments.',
    buildsOn: ['mem0-metadata-user-id'],
  },
  {
    id: 'ownerless-rows',
    level: 'advanced',
    teaches: 'A row with no owner is read by nobody: a missing key never matches everyone.',
    buildsOn: ['namespace-prefix'],
  },
  {
    id: 'scoped-delete',
    level: 'advanced',
    teaches: "Forgetting a user deletes that user's items, and nothing of anyone else.",
    buildsOn: ['deletion-residue'],
  },
];

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
