/**
 * After success, the why: what a learner reads once a task is met. Why the answer is right (the task's
 * own `why`, else its answer), the lesson's rule in one sentence, how the incident was fixed with its
 * public records, and the lesson to take next. Data only, so the page and the command line say the same.
 */
import type { Exercise } from '../exercises/types';
import { type IncidentLink, lessonById } from './catalogue';
import { nextLesson } from './course';
import { FIXES } from './fixes';

export interface AfterSuccess {
  /** Why the answer is right, one or two sentences. */
  why: string;
  /** The lesson's rule, one sentence. */
  rule: string;
  /** How the incident was (or is to be) fixed, one sentence; null for a lesson without one. */
  fix: string | null;
  /** The incident's public records, where the fix can be read. */
  links: readonly IncidentLink[];
  /** The next lesson of the course, or null after the last. */
  next: { id: string; title: string } | null;
}

/** What to show once task `exercise` of lesson `lessonId` is met; null for a lesson not in the gallery. */
export function afterSuccess(lessonId: string, exercise: Exercise): AfterSuccess | null {
  const lesson = lessonById(lessonId);
  if (lesson === undefined) return null;
  const next = nextLesson(lessonId);
  return {
    why: exercise.why ?? exercise.answer,
    rule: lesson.rule,
    fix: FIXES[lessonId] ?? null,
    links: lesson.links ?? [],
    next: next === null ? null : { id: next.id, title: next.title },
  };
}
