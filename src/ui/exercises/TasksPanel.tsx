/**
 * The open lesson's tasks: each task's text, what the core's verifier says of it, hints one at a time
 * and then the answer, with a live region that announces a task as it becomes met. A self-contained
 * panel (it reads the lessons and progress stores itself), so it can sit in a dock tab.
 */
import { useShallow } from 'zustand/react/shallow';
import { Panel } from '../common/Panel';
import { useLessons } from '../common/lessonsContext';
import { NO_TASK } from '../../state/exercises/progressLogic';
import { useProgress } from '../common/exercisesContext';
import { ProgressTools } from './ProgressTools';
import { TaskItem } from './TaskItem';
import { NextLesson } from '../common/CourseFacts';
import './exercises.css';
import { ownValue } from '../../core/own';
import { Notice } from '../common/Notice';

export function TasksPanel() {
  const lessonId = useLessons((s) => s.lessonId);
  const { live, lesson, announcement, notice, revealHint, showAnswer, dismissNotice, recordAct } = useProgress(
    useShallow((s) => ({
      live: s.live?.lessonId === lessonId ? s.live : null,
      // The lesson's tasks, or the scenario's own: kept under the key the live tasks name.
      lesson: s.live?.lessonId === lessonId ? s.progress[s.live.key] : undefined,
      announcement: s.announcement,
      notice: s.notice,
      revealHint: s.revealHint,
      showAnswer: s.showAnswer,
      dismissNotice: s.dismissNotice,
      recordAct: s.recordAct,
    })),
  );
  const exercises = live?.exercises ?? [];
  const met = exercises.filter((e) => ownValue(lesson?.tasks, e.id)?.met).length;
  return (
    <Panel
      title="Tasks"
      id="tasks"
      tour="tasks"
      className="tasks-panel"
      intro="Do each task in the playground itself; the store’s replay decides whether it is met, never the words you type."
    >
      {/*
        Always present, so a screen reader has the region before the first announcement lands in it; first,
        so the tasks arriving below it never move it.
      */}
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement?.text ?? ''}
      </p>
      {notice !== null && <Notice text={notice} onDismiss={dismissNotice} />}
      {/*
        While the tasks load, nothing follows the loading line: the tasks and the progress tools arrive
        together below it, so nothing already on screen moves (a layout shift, e2e/tasks-layout.spec.ts).
      */}
      {live === null ? (
        <p className="muted">Loading the tasks…</p>
      ) : exercises.length === 0 ? (
        <p className="muted">This lesson has no tasks yet.</p>
      ) : (
        <>
          {live.key !== lessonId && (
            <p className="tasks-own">These are the tasks your scenario carries itself: {live.title}.</p>
          )}
          <p className="tasks-count">
            {met === exercises.length
              ? `Lesson done: all ${exercises.length} tasks met.`
              : `${met} of ${exercises.length} tasks met.`}
          </p>
          {met === exercises.length && live.key === lessonId && <NextLesson lessonId={lessonId} />}
          <ol className="tasks">
            {exercises.map((exercise) => (
              <TaskItem
                key={exercise.id}
                exercise={exercise}
                verdict={live.verdicts.find((v) => v.id === exercise.id)}
                progress={ownValue(lesson?.tasks, exercise.id) ?? NO_TASK}
                onHint={() => revealHint(exercise.id)}
                onAnswer={() => showAnswer(exercise.id)}
                acts={live.acts}
                seed={live.seed}
                onAct={recordAct}
                lessonId={live.key === lessonId ? lessonId : null}
              />
            ))}
          </ol>
        </>
      )}
      {live !== null && <ProgressTools progressKey={live.key} />}
    </Panel>
  );
}
