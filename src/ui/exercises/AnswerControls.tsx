/**
 * How a learner answers a task that asks for an answer: mark a row of a step's naive side as leaked,
 * predict a step before seeing it, choose the rule that keeps an item out. Plain form controls, so each
 * is done with the keyboard alone; everything shown is text. The act goes to the progress store's log,
 * and the core's verifier judges it: nothing here decides whether an answer is right.
 */
import { type FormEvent, useId, useState } from 'react';
import type { Act, Goal } from '../../core/exercises/types';
import { KEEPING_RULES, KEEPING_RULE_WORDS, type KeepingRule } from '../../core/store/visibility';

interface AnswerProps {
  goal: Goal;
  /** The lesson's act log so far. */
  acts: readonly Act[];
  onAct(act: Act): void;
  /** The rules a "which rule" task offers, in this learner's order (core/exercises/choices.ts); default: the fixed order. */
  choices?: readonly KeepingRule[];
}

const itemsOf = (acts: readonly Act[], kind: 'mark', step: number) =>
  acts.flatMap((act) => (act.kind === kind && act.step === step ? [act.item] : []));

function MarkLeak({ step, acts, onAct }: { step: number } & Omit<AnswerProps, 'goal'>) {
  const [item, setItem] = useState('');
  const id = useId();
  const marked = itemsOf(acts, 'mark', step);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = item.trim();
    if (chosen === '') return;
    onAct({ kind: 'mark', step, item: chosen });
    setItem('');
  };
  return (
    <form className="task-act" onSubmit={submit}>
      <p className="task-act-state">
        {marked.length === 0
          ? `Nothing marked at step ${step} yet. Read its naive list, then type an item's ID. A mark cannot be taken back.`
          : `Marked as leaked at step ${step}: ${marked.join(', ')}. A mark cannot be taken back.`}
      </p>
      <label htmlFor={id}>Item ID to mark as leaked at step {step}</label>
      <input id={id} value={item} onChange={(event) => setItem(event.target.value)} autoComplete="off" />
      <button type="submit">Mark as leaked</button>
    </form>
  );
}

function PredictLeak({ step, acts, onAct }: { step: number } & Omit<AnswerProps, 'goal'>) {
  const [item, setItem] = useState('');
  const id = useId();
  // The core counts a prediction made before this step or a later one was seen (answerGoals.ts).
  const seenAt = acts.findIndex((act) => act.kind === 'see' && act.step >= step);
  const seen = acts[seenAt]?.step ?? step;
  const before = seenAt === -1 ? acts : acts.slice(0, seenAt);
  const made = before.flatMap((act) => (act.kind === 'predict' && act.step === step ? [act.leak] : []));
  const words = made.map((leak) => (leak === null ? 'nothing leaks' : `${leak} leaks`)).join('; then ');
  if (seenAt !== -1)
    return (
      <p className="task-act-state">
        {made.length === 0
          ? `You have seen step ${seen === step ? step : `${seen}, past step ${step}`}: a prediction now would not count.`
          : `You predicted before seeing step ${step}: ${words}.`}
      </p>
    );
  const predict = (leak: string | null) => {
    onAct({ kind: 'predict', step, leak });
    setItem('');
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (item.trim() !== '') predict(item.trim());
  };
  return (
    <form className="task-act" onSubmit={submit}>
      <p className="task-act-state">
        {made.length === 0
          ? `Predict before you step onto step ${step}; your first prediction counts.`
          : `Your prediction for step ${step}: ${words}. Your first counts.`}
      </p>
      <label htmlFor={id}>Item ID you predict leaks at step {step}</label>
      <input id={id} value={item} onChange={(event) => setItem(event.target.value)} autoComplete="off" />
      <button type="submit">Predict it leaks</button>
      <button type="button" onClick={() => predict(null)}>
        Predict nothing leaks
      </button>
    </form>
  );
}

function WhichRule({
  step,
  item,
  acts,
  onAct,
  choices = KEEPING_RULES,
}: { step: number; item: string } & Omit<AnswerProps, 'goal'>) {
  const [rule, setRule] = useState<KeepingRule | null>(null);
  const name = useId();
  const chosen = acts.find((act) => act.kind === 'choose' && act.step === step && act.item === item);
  if (chosen?.kind === 'choose')
    return (
      <p className="task-act-state">
        You chose for {item} at step {step}: “{KEEPING_RULE_WORDS[chosen.rule]}”. Your first choice counts.
      </p>
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (rule !== null) onAct({ kind: 'choose', step, item, rule });
  };
  return (
    <form className="task-act" onSubmit={submit}>
      <fieldset>
        <legend>
          What keeps {item} out of the request at step {step}?
        </legend>
        {choices.map((each) => (
          <label key={each} className="task-act-choice">
            <input type="radio" name={name} value={each} checked={rule === each} onChange={() => setRule(each)} />{' '}
            {KEEPING_RULE_WORDS[each]}
          </label>
        ))}
      </fieldset>
      <button type="submit">Choose this rule</button>
    </form>
  );
}

/** The answer control a task's goal asks for, or nothing for a goal met by doing (selecting, switching, editing). */
export function AnswerControl({ goal, acts, onAct, choices }: AnswerProps) {
  switch (goal.kind) {
    case 'markLeak':
      return <MarkLeak step={goal.step} acts={acts} onAct={onAct} />;
    case 'predictLeak':
      return <PredictLeak step={goal.step} acts={acts} onAct={onAct} />;
    case 'whichRule':
      return <WhichRule step={goal.step} item={goal.item} acts={acts} onAct={onAct} choices={choices} />;
    default:
      return null;
  }
}
