/** The scenario as a list of steps in words; buttons, a click or the keyboard move through it. */
import { type KeyboardEvent, useEffect, useRef } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { Panel } from '../common/Panel';
import { usePlayground } from '../common/playground';

const OP_LABEL: Record<string, string> = {
  configuration: 'config', write: 'write', handoff: 'handoff', query: 'query', close_task: 'close',
};

export function Timeline() {
  const { words, index, stepTo, next, previous, first, last } = usePlayground(useShallow((s) => ({
    words: s.words, index: s.index, stepTo: s.stepTo, next: s.next, previous: s.previous, first: s.first, last: s.last,
  })));
  const list = useRef<HTMLOListElement>(null);
  const lastIndex = words.length - 1;

  // When the keyboard moved the selection inside the list, keep focus on the current step.
  useEffect(() => {
    const current = list.current?.querySelector<HTMLButtonElement>('[aria-current="step"]');
    if (current && list.current?.contains(document.activeElement) && document.activeElement !== current) current.focus();
    current?.scrollIntoView?.({ block: 'nearest' });
  }, [index]);

  const onKeyDown = (event: KeyboardEvent<HTMLOListElement>) => {
    const moves: Record<string, () => void> = {
      ArrowDown: next, j: next, ArrowUp: previous, k: previous, Home: first, End: last,
    };
    const move = moves[event.key];
    if (move && !event.altKey && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      move();
    }
  };

  return (
    <Panel
      title="Timeline"
      className="timeline-panel"
      id="timeline"
      intro="Every step of the scenario, in order. Pick one to see the store and the requests after it."
    >
      <div className="step-controls" role="toolbar" aria-label="Move through the steps">
        <button type="button" onClick={first} disabled={index === 0} aria-keyshortcuts="Home">First</button>
        <button type="button" onClick={previous} disabled={index === 0} aria-keyshortcuts="ArrowUp k">Previous</button>
        <button type="button" onClick={next} disabled={index === lastIndex} aria-keyshortcuts="ArrowDown j" className="primary">Next</button>
        <button type="button" onClick={last} disabled={index === lastIndex} aria-keyshortcuts="End">Last</button>
      </div>
      <p className="hint">Keys: ↑ ↓ or j k move, Home and End jump.</p>
      <ol className="timeline-list" ref={list} onKeyDown={onKeyDown} aria-label="Steps">
        {words.map((w) => {
          const current = w.index === index;
          return (
            <li key={w.index} className={`step op-${w.op}${current ? ' current' : ''}${w.rejected ? ' rejected' : ''}`}>
              <button
                type="button"
                aria-current={current ? 'step' : undefined}
                tabIndex={current ? 0 : -1}
                onClick={() => stepTo(w.index)}
              >
                <span className="step-number">{w.index === 0 ? '0' : w.index}</span>
                <span className="step-body">
                  <span className={`op-badge op-${w.op}`}>{OP_LABEL[w.op]}</span>{' '}
                  <span className="step-summary">{w.summary}</span>
                  {w.rejected && <span className="step-rejected"><span aria-hidden="true">✕ </span>{w.result}</span>}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </Panel>
  );
}

/** The current step in full sentences, announced to screen readers when it changes. */
export function CurrentStep() {
  const { word, present } = usePlayground(useShallow((s) => ({ word: s.words[s.index]!, present: s.view.store.present })));
  return (
    <div className={`current-step${word.rejected ? ' rejected' : ''}`} aria-live="polite" aria-atomic="true">
      <p className="current-position">{word.position}</p>
      <p className="current-summary">{word.summary}</p>
      <p className="current-result">
        {word.rejected && <span aria-hidden="true">✕ </span>}
        {word.result} <span className="muted">The store now holds {present} item{present === 1 ? '' : 's'}.</span>
      </p>
    </div>
  );
}
