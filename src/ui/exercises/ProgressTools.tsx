/**
 * What a learner does with their progress: download it as a file (for a teacher's classroom view),
 * reset one lesson or all (each asks once more first), open the classroom view, replay the tour.
 */
import { count } from '../../core/text/plural';
import { useId, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { lessonById } from '../../core/lessons/catalogue';
import { buildProgressFile } from '../../state/exercises/progressFile';
import { download } from '../share/ShareTools';
import { useExercises, useProgress } from '../common/exercisesContext';
import { ownValue } from '../../core/own';

type Confirm = 'none' | 'lesson' | 'all';

/** `progressKey`: the key the tasks on screen are kept under (a lesson's ID, or a scenario's own). */
export function ProgressTools({ progressKey }: { progressKey: string }) {
  const exercises = useExercises();
  const nameId = useId();
  const [learner, setLearner] = useState('');
  const [confirm, setConfirm] = useState<Confirm>('none');
  const [said, setSaid] = useState('');
  const { resetLesson, resetAll } = useProgress(
    useShallow((s) => ({ resetLesson: s.resetLesson, resetAll: s.resetAll })),
  );

  const exportProgress = async () => {
    const { progress } = exercises.progress.getState();
    const ids = Object.keys(progress);
    // Each lesson's task texts load with the lesson, so the file can name its tasks in words.
    type Info = {
      title: string;
      exercises: ReadonlyArray<{ id: string; task: string }>;
      course?: { id: string; title: string };
    };
    const infos = new Map<string, Info>(
      await Promise.all(
        ids.map(async (id) => {
          const lesson = lessonById(id);
          // A scenario's own tasks name themselves in their record (progressStore.ts withAbout).
          const about = ownValue(progress, id)?.about;
          if (lesson === undefined && about !== undefined) {
            const own = Object.entries(about.tasks).map(([taskId, task]) => ({ id: taskId, task }));
            const info: Info = { title: about.title, exercises: own };
            if (about.course !== undefined) info.course = about.course;
            return [id, info] as [string, Info];
          }
          const tasks = lesson === undefined ? [] : (await exercises.tasksOf(lesson)).exercises;
          return [id, { title: lesson?.title ?? id, exercises: tasks }] as [string, Info];
        }),
      ),
    );
    const now = exercises.now();
    const file = buildProgressFile({
      progress,
      learner,
      now,
      lessonInfo: (id) => infos.get(id),
      textOf: exercises.textOf,
    });
    const who = file.learner.replace(/[^\w-]+/g, '-').replace(/^-|-$/g, '') || 'learner';
    const name = `progress-${who}-${now.toISOString().slice(0, 10)}.json`;
    download({ name, type: 'application/json', text: `${JSON.stringify(file, null, 2)}\n` });
    setSaid(`Downloaded ${name}: ${count(ids.length, 'lesson')}.`);
  };

  const reset = (which: Exclude<Confirm, 'none'>) => {
    if (which === 'lesson') resetLesson(progressKey);
    else resetAll();
    setConfirm('none');
    setSaid(which === 'lesson' ? 'This lesson’s progress is reset.' : 'All progress is reset.');
  };

  return (
    <div className="progress-tools">
      <div className="progress-export">
        <label htmlFor={nameId}>Your name for the file (optional)</label>
        <input id={nameId} value={learner} maxLength={200} onChange={(event) => setLearner(event.target.value)} />
        <button type="button" onClick={() => void exportProgress()}>
          Download my progress
        </button>
      </div>
      <div className="progress-reset">
        {confirm === 'none' ? (
          <>
            <button type="button" onClick={() => setConfirm('lesson')}>
              Reset this lesson’s progress
            </button>
            <button type="button" onClick={() => setConfirm('all')}>
              Reset all progress
            </button>
          </>
        ) : (
          <>
            <span>
              {confirm === 'lesson'
                ? 'Forget the tasks met and hints used in this lesson?'
                : 'Forget the tasks met and hints used in every lesson?'}
            </span>
            <button type="button" onClick={() => reset(confirm)} autoFocus>
              Yes, reset
            </button>
            <button type="button" onClick={() => setConfirm('none')}>
              Keep it
            </button>
          </>
        )}
      </div>
      <p className="progress-links">
        <a href="#classroom">Open the classroom view</a> (for a teacher: import learners’ progress files) ·{' '}
        <button type="button" className="link" onClick={() => exercises.tour.getState().replay()}>
          Take the tour
        </button>
      </p>
      <p role="status" className="muted">
        {said}
      </p>
    </div>
  );
}
