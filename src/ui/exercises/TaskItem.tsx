/** One task: what to do, the verifier's verdict, hints revealed one at a time, then the answer. */
import { RichText } from '../common/RichText';
import { plainText } from '../../core/text/inlineCode';
import { useEffect, useRef } from 'react';
import type { Act, Exercise, TaskVerdict } from '../../core/exercises/types';
import type { TaskProgress } from '../../state/exercises/progressLogic';
import { AnswerControl } from './AnswerControls';
import { ruleChoices } from '../../core/exercises/choices';

interface TaskItemProps {
  exercise: Exercise;
  /** What the verifier says now; undefined while the first verification runs. */
  verdict: TaskVerdict | undefined;
  progress: TaskProgress;
  onHint(): void;
  onAnswer(): void;
  /** The lesson's act log, and how to add to it (the answer a task asks for). */
  acts: readonly Act[];
  onAct(act: Act): void;
  /** The learner's seed for the order of a task's choices (kept with the progress). */
  seed: number;
}

function Verdict({ verdict, progress }: Pick<TaskItemProps, 'verdict' | 'progress'>) {
  if (verdict?.met)
    return (
      <p className="task-verdict ok">
        <span aria-hidden="true">✓ </span>Met: {verdict.reason}
      </p>
    );
  if (progress.met)
    return (
      <p className="task-verdict ok">
        <span aria-hidden="true">✓ </span>Met earlier: you did this, and it stays met while you go on.
      </p>
    );
  return (
    <p className="task-verdict">
      <span aria-hidden="true">○ </span>
      {verdict === undefined ? 'Checking…' : 'Not yet.'}
    </p>
  );
}

export function TaskItem({ exercise, verdict, progress, onHint, onAnswer, acts, onAct, seed }: TaskItemProps) {
  const answer = useRef<HTMLParagraphElement>(null);
  const total = exercise.hints.length;
  const shown = exercise.hints.slice(0, progress.answerShown ? total : progress.hints);
  const answerWanted = useRef(false);
  // The button that showed the answer is gone: the answer itself takes focus, so the keyboard is not lost.
  useEffect(() => {
    if (progress.answerShown && answerWanted.current) {
      answerWanted.current = false;
      answer.current?.focus();
    }
  }, [progress.answerShown]);
  return (
    <li className="task" aria-labelledby={`task-${exercise.id}`}>
      <p className="task-text" id={`task-${exercise.id}`}>
        <RichText text={exercise.task} />
      </p>
      <Verdict verdict={verdict} progress={progress} />
      <AnswerControl goal={exercise.goal} acts={acts} onAct={onAct} choices={ruleChoices(seed, exercise.id)} />
      {shown.length > 0 && (
        <ol className="task-hints" aria-label={`Hints for “${plainText(exercise.task)}”`}>
          {shown.map((hint, i) => (
            <li key={i}>
              <strong>
                Hint {i + 1} of {total}:
              </strong>{' '}
              <RichText text={hint} />
            </li>
          ))}
        </ol>
      )}
      {progress.answerShown ? (
        <p className="task-answer" ref={answer} tabIndex={-1}>
          <strong>Answer:</strong> <RichText text={exercise.answer} />
        </p>
      ) : progress.hints < total ? (
        <button type="button" onClick={onHint}>
          Show hint {progress.hints + 1} of {total}
        </button>
      ) : (
        <button
          type="button"
          onClick={() => {
            answerWanted.current = true;
            onAnswer();
          }}
        >
          Show the answer
        </button>
      )}
    </li>
  );
}
