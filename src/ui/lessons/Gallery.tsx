/** Every lesson: its title, the rule at stake, what to try, its tasks met, and whether its checks are green after the learner's edits. */
import { useShallow } from 'zustand/react/shallow';
import { courseLessons } from '../../core/lessons/course';
import { CourseFacts } from '../common/CourseFacts';
import { CoursePack } from './CoursePack';
import { useExercises } from '../common/exercisesContext';
import { useLessons } from '../common/lessonsContext';
import { LessonMark } from './LessonMark';
import { TasksMark } from '../common/exercisesContext';

const ENGINE_TAG = {
  store: 'store',
  router: 'router · seed 003',
  memtool: 'memory tools · seed 004',
  vector: 'vector index · pgvector',
} as const;

export function Gallery() {
  const { lessonId, statuses, openLesson } = useLessons(
    useShallow((s) => ({ lessonId: s.lessonId, statuses: s.statuses, openLesson: s.openLesson })),
  );
  const open = (id: string) => void openLesson(id);
  const { packs } = useExercises();
  return (
    <nav className="gallery" aria-label="Lessons">
      <p className="panel-intro">
        Each lesson replays a scenario with the safe side beside the naive one. A lesson is done when you have met every
        one of its tasks; its checks say whether the safe side is green with your edits. The seed’s Alice and Bob come
        first.
      </p>
      <ol className="gallery-list">
        {courseLessons().map((lesson) => {
          const current = lesson.id === lessonId;
          return (
            <li key={lesson.id} className={`gallery-card${current ? ' current' : ''}`}>
              <h3>
                <button
                  type="button"
                  className="link gallery-open"
                  aria-current={current ? 'true' : undefined}
                  onClick={() => open(lesson.id)}
                >
                  {lesson.title}
                </button>
              </h3>
              <p className="gallery-engine">
                {ENGINE_TAG[lesson.engine]}
                {current ? ' · open now' : ''}
              </p>
              <CourseFacts lessonId={lesson.id} />
              <p>
                <span className="gallery-label">Rule:</span> {lesson.rule}
              </p>
              <p>
                <span className="gallery-label">Try:</span> {lesson.tryThis}
              </p>
              <TasksMark lessonId={lesson.id} />
              <LessonMark status={statuses[lesson.id] ?? { kind: 'unopened' }} />
            </li>
          );
        })}
      </ol>
      <p className="gallery-lab">
        <a href="#lab">Final lab: find the broken rule</a>: a store with one rule switched off that the page does not
        name. Probe it and name the rule, with three guesses.
      </p>
      {packs !== undefined && <CoursePack packs={packs} />}
    </nav>
  );
}
