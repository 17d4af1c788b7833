/** One task: what to do, the verifier's verdict, hints revealed one at a time, then the answer. */
import { RichText } from '../common/RichText';
import { plainText } from '../../core/text/inlineCode';
import { useEffect, useRef } from 'react';
import type { Act, Exercise, TaskVerdict } from '../../core/exercises/types';
import type { TaskProgress } from '../../state/exercises/progressLogic';
import { AnswerControl } from './AnswerControls';
import { ruleChoices } from '../../core/exercises/choices';
import { afterSuccess } from '../../core/lessons/why';
import { IncidentLinks } from '../lessons/IncidentLinks';

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
  /** The gallery lesson the task is of, for its explanation after success; null for a scenario's own task. */
  lessonId: string | null;
}

/**
 * After success (or "Show me"), the why: why the answer is right, the lesson's rule in one sentence, and
 * how its incident was fixed, with the incident's public records (core/lessons/why.ts).
 */
function Why({
  exercise,
  lessonId,
  answerShown,
}: {
  exercise: Exercise;
  lessonId: string | null;
  answerShown: boolean;
}) {
  const after = lessonId === null ? null : afterSuccess(lessonId, exercise);
  // A task without its own why is explained by its answer: not twice when the answer is on screen.
  const why = after === null || (answerShown && after.why === exercise.answer) ? null : after.why;
  if (after === null)
    return exercise.why === undefined ? null : (
      <p className="task-why">
        <strong>Why:</strong> <RichText text={exercise.why} />
      </p>
    );
  return (
    <div className="task-why">
      {why !== null && (
        <p>
          <strong>Why:</strong> <RichText text={why} />
        </p>
      )}
      <p>
        <strong>The rule:</strong> {after.rule}
      </p>
      {after.fix !== null && (
        <p>
          <strong>The fix:</strong> {after.fix}
          {after.links.length > 0 && <IncidentLinks links={after.links} />}
        </p>
      )}
    </div>
  );
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

export function TaskItem({
  exercise,
  verdict,
  progress,
  onHint,
  onAnswer,
  acts,
  onAct,
  seed,
  lessonId,
}: TaskItemProps) {
  const answer = useRef<HTMLParagraphElement>(null);
  const total = exercise.hints.length;
  const shown = exercise.hints.slice(0, progress.answerShown ? total : progress.hints);
  const answerWanted = useRef(false);
  const showMe = useRef<HTMLButtonElement>(null);
  const hintWanted = useRef(false);
  // The last hint's button is gone once it is pressed: "Show me" beside it takes the focus.
  useEffect(() => {
    if (hintWanted.current && progress.hints >= total) showMe.current?.focus();
    hintWanted.current = false;
  }, [progress.hints, total]);
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
          <strong>{progress.givenUp === true ? 'Given up. The answer:' : 'Answer:'}</strong>{' '}
          <RichText text={exercise.answer} />
        </p>
      ) : (
        <p className="task-buttons">
          {progress.hints < total && (
            <button
              type="button"
              onClick={() => {
                hintWanted.current = true;
                onHint();
              }}
            >
              Show hint {progress.hints + 1} of {total}
            </button>
          )}{' '}
          {/* "Show me" gives a task not yet met up: its answer, and what the page withheld for it, are shown. */}
          <button
            type="button"
            ref={showMe}
            onClick={() => {
              answerWanted.current = true;
              onAnswer();
            }}
          >
            {verdict?.met === true || progress.met ? 'Show the answer' : 'Show me'}
          </button>
        </p>
      )}
      {(verdict?.met === true || progress.met || progress.answerShown) && (
        <Why exercise={exercise} lessonId={lessonId} answerShown={progress.answerShown} />
      )}
    </li>
  );
}
