/** The scenario as a list of steps in words; buttons, a click or the keyboard move through it. */
import { count } from '../../core/text/plural';
import { type KeyboardEvent, memo, type RefObject, useEffect, useMemo, useRef } from 'react';
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { Panel } from '../common/Panel';
import { usePlayground, usePlaygroundStore } from '../common/playground';
import { VirtualList } from '../common/VirtualList';
import { StepControls } from '../common/StepControls';
import { StepRowBody } from './StepRowBody';
import { principalName } from '../../core/store/entities';
import { type Disagreement, disagreementsFor, yourStoreMarks } from '../../state/yourStore';
import type { EntryWords } from '../../engine/views';
import { useReveal } from '../common/exercisesContext';

const OP_LABEL: Record<EntryWords['op'], string> = {
  configuration: 'config',
  write: 'write',
  handoff: 'handoff',
  query: 'query',
  close_task: 'close',
  import: 'import',
  forget_user: 'forget',
};

export function Timeline() {
  const { words, index, stepTo, next, previous, first, last } = usePlayground(
    useShallow((s) => ({
      words: s.words,
      index: s.index,
      stepTo: s.stepTo,
      next: s.next,
      previous: s.previous,
      first: s.first,
      last: s.last,
    })),
  );
  const store = usePlaygroundStore();
  const ranText = usePlayground((s) => s.ranText);
  const yourRun = useStore(yourStoreMarks, (s) => s.run);
  // Steps where the learner's own store disagreed with the reference (the Your store tab), by step.
  const differs = useMemo(
    () => new Map(disagreementsFor(yourRun, ranText).map((d) => [d.index, differsText(d)])),
    [yourRun, ranText],
  );
  const rejectedSteps = usePlayground((s) => s.rejectedSteps);
  const tops = useMemo(() => stepTops(words.length, rejectedSteps, differs), [words, rejectedSteps, differs]);
  const list = useRef<HTMLOListElement & HTMLUListElement>(null);
  // When the keyboard moves the selection inside the list, focus follows the current step. A long list
  // draws only the rows in view, so the focused row may go before the current one is drawn: the move is
  // remembered here and the current step's button takes focus when it is drawn.
  const keyboardMoved = useRef(false);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const moves: Record<string, () => void> = {
      ArrowDown: next,
      j: next,
      ArrowUp: previous,
      k: previous,
      Home: first,
      End: last,
    };
    const move = moves[event.key];
    if (move && !event.altKey && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      const before = store.getState().index;
      keyboardMoved.current = true;
      move();
      // The engine answers later: a move that went nowhere (past an end) leaves no focus to hand on.
      void store
        .getState()
        .settled()
        .then(() => {
          if (store.getState().index === before) keyboardMoved.current = false;
        });
    }
  };

  return (
    <Panel
      title="Timeline"
      className="timeline-panel"
      id="timeline"
      tour="timeline"
      intro="Every step of the scenario, in order. Pick one to see the store and the requests after it."
    >
      <StepControls index={index} count={words.length} stepTo={stepTo} />
      <p className="hint">
        Keys: j and k move anywhere but a text field; in the step list ↑ ↓ move, Home and End jump.
      </p>
      <VirtualList
        as="ol"
        className="timeline-list"
        label="Steps"
        listRef={list}
        onKeyDown={onKeyDown}
        items={words}
        rowHeight={tops}
        keepInView={index}
        rowKey={(w) => w.index}
        rowClassName={(w) =>
          `step op-${w.op}${w.index === index ? ' current' : ''}${w.rejected ? ' rejected' : ''}${differs.has(w.index) ? ' differs' : ''}`
        }
        render={(w) => (
          <StepButton
            w={w}
            current={w.index === index}
            stepTo={stepTo}
            keyboardMoved={keyboardMoved}
            differs={differs.get(w.index)}
          />
        )}
      />
    </Panel>
  );
}

/**
 * Each step row's top, and the list's height: fixed row heights, so a long timeline costs the rows in
 * view. The badge line and two lines of summary, one line more for a rejected step's reason (virtual.css
 * clamps each part to its lines), and 40 px more where the learner's store disagreed. Placed from the
 * engine's list of rejected steps, never reading an entry: reading 20,000 entries' words to place them
 * was 10 ms of an import's render (npm run bench:paste, profiled).
 */
export function stepTops(
  entries: number,
  rejected: readonly number[],
  differs: ReadonlyMap<number, string>,
): Float64Array {
  const tops = new Float64Array(entries + 1);
  let next = 0;
  for (let i = 0; i < entries; i++) {
    let height = 80;
    if (rejected[next] === i) {
      height = 100;
      next++;
    }
    if (differs.has(i)) height += 40;
    tops[i + 1] = tops[i]! + height;
  }
  return tops;
}

/** A disagreement in a line: what the learner's store did, what the reference did, and why. */
function differsText(d: Disagreement): string {
  const why = d.reasons.length > 0 ? ` (${d.reasons.join('; ')})` : '';
  return `Your store ${d.adapter}; the reference ${d.reference}${why}`;
}

/** One step of the list; memoised, so moving one step redraws two rows, not every row in view. */
const StepButton = memo(function StepButton({
  w,
  current,
  stepTo,
  keyboardMoved,
  differs,
}: {
  w: EntryWords;
  current: boolean;
  stepTo(index: number): void;
  keyboardMoved: RefObject<boolean>;
  differs?: string | undefined;
}) {
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!current || !keyboardMoved.current) return;
    keyboardMoved.current = false;
    button.current?.focus({ preventScroll: true });
  }, [current, keyboardMoved]);
  return (
    <button
      ref={button}
      type="button"
      aria-current={current ? 'step' : undefined}
      tabIndex={current ? 0 : -1}
      onClick={() => stepTo(w.index)}
    >
      <StepRowBody {...w} label={OP_LABEL[w.op]} {...(differs === undefined ? {} : { differs })} />
    </button>
  );
});

/** The current step in full sentences, announced to screen readers when it changes. */
export function CurrentStep() {
  const { word, present, asking, fromStep, hypothetical } = usePlayground(
    useShallow((s) => ({
      word: s.words.at(s.index)!,
      present: s.view.present,
      asking: s.principal === null ? null : principalName(s.principal),
      fromStep: s.view.request.kind === 'ok' && s.view.request.fromStep,
      hypothetical: s.choices.hypothetical !== null,
    })),
  );
  // A query's result counts the leak: withheld, like the request's verdicts, while a task about it is pending.
  const shown = useReveal()?.verdicts !== false || word.op !== 'query';
  return (
    <div className={`current-step${word.rejected ? ' rejected' : ''}`} aria-live="polite" aria-atomic="true">
      <p className="current-position">{word.position}</p>
      <p className="current-summary">{word.summary}</p>
      <p className="current-result">
        {word.rejected && <span aria-hidden="true">✕ </span>}
        {shown && word.result} <span className="muted">The store now holds {count(present, 'item')}.</span>
      </p>
      {asking !== null && !fromStep && (
        <p className="current-asking">
          The requests below: {asking} asking right after this step{hypothetical ? ' (a hypothetical principal)' : ''}.
        </p>
      )}
    </div>
  );
}
