/** What the lessons shell holds and what it is given (lessonsStore.ts builds it). */
import type { StoreApi } from 'zustand/vanilla';
import type { AnswerBook } from '../../core/grading/answerRows';
import type { Lesson, LessonKind } from '../../core/lessons/catalogue';

import type { Engines } from '../../engine/engines';
import type { LessonsStorage } from './lessonStorage';
import type { LessonSession } from './sessions';
import type { LessonStatus } from './status';

export type Banner =
  | { kind: 'error'; message: string }
  /** A shared link is on screen; the learner's own work for this lesson is untouched until they edit. */
  | { kind: 'shared'; lesson: string }
  /** The clean-start address: saved work is neither read nor written until the learner edits. */
  | { kind: 'clean' }
  /** An edit replaced the learner's earlier saved work on this lesson, which is kept aside to restore. */
  | { kind: 'kept'; lesson: string };

export interface LessonsState {
  lessonId: string;
  /** The open lesson's session; null until its first load finishes. */
  session: LessonSession | null;
  /** Started from the clean-start address: every lesson opens from its own scenario. */
  clean: boolean;
  galleryOpen: boolean;
  banner: Banner | null;
  /** Lessons the learner has opened (not kept on a clean start). */
  visited: string[];
  statuses: Record<string, LessonStatus>;
  /** A lesson the learner just chose, whose title should take focus once it is on screen; else null. */
  focusTitle: string | null;

  /** Open what the address asks for: a share link, the clean start, or the learner's last lesson. */
  start(hash: string): Promise<void>;
  /** Open a lesson: its session from earlier in this page, or a new one from the learner's saved work. */
  openLesson(id: string): Promise<void>;
  /** Leave a shared link or clean start and open the learner's own saved work for this lesson. */
  backToOwnWork(): Promise<void>;
  /** Show or hide the lessons gallery. */
  toggleGallery(open?: boolean): void;
  dismissBanner(): void;
  /** Swap the open lesson's text with the earlier work kept aside (so a second call undoes the first). */
  restoreKept(): void;
  /** Drop the earlier work kept aside for the open lesson. */
  forgetKept(): void;
  /** Recompute the done marks of every lesson opened so far. */
  refreshStatuses(): Promise<void>;
  /** For a file a lesson of kind `open` refused: the first lesson of another kind whose engine takes it, if any. */
  lessonForFile(open: LessonKind, text: string): Promise<Lesson | null>;
  /** The chosen lesson's title has taken focus. */
  titleFocused(): void;
}

export type LessonsStore = StoreApi<LessonsState>;

export interface LessonsDeps {
  storage: LessonsStorage;
  answers: AnswerBook;
  /** Drop a share link from the address once it is the learner's own work (history.replaceState in the page). */
  clearFragment(): void;
  /**
   * The learner chose a lesson: give it its own address (route.ts), a new entry in the history, so back
   * and forward return to it. Not called when the address itself opened the lesson.
   */
  routeTo?(hash: string): void;
  /** How engines start: each lesson's session's and the done marks' (a worker's in the page, in-process in tests). */
  engines: Engines;
  /**
   * Asked once, as the first store lesson opened without a link is about to be shown: whether this is the
   * learner's first visit (the page starts its tour then). A first visit opens that lesson where something
   * happens, its first leak, before its panes are first drawn.
   */
  firstVisit?(): boolean;
}
