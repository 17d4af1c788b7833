/** A lesson's steps as a list in words, in the playground's timeline layout; buttons, a click or keys move. */
import { type KeyboardEvent, useEffect, useRef } from 'react';
import { Panel } from '../common/Panel';
import { keepRowInView } from '../common/keepRowInView';
import { StepControls } from '../common/StepControls';
import { StepRowBody } from '../timeline/StepRowBody';
import type { StepWords } from '../../state/lessons/kitStore';

interface StepListProps {
  words: readonly StepWords[];
  index: number;
  intro: string;
  stepTo(index: number): void;
  /** What one step is called in the counter. */
  noun?: string;
}

export function StepList({ words, index, intro, stepTo, noun }: StepListProps) {
  const list = useRef<HTMLOListElement>(null);
  const last = words.length - 1;

  // Not on the first render: a page opened at a later step (a share link) must not scroll its banner away.
  const mounted = useRef(false);
  useEffect(() => {
    const first = !mounted.current;
    mounted.current = true;
    const current = list.current?.querySelector<HTMLButtonElement>('[aria-current="step"]');
    if (current && list.current?.contains(document.activeElement) && document.activeElement !== current)
      current.focus();
    if (!first) keepRowInView(current);
  }, [index]);

  const onKeyDown = (event: KeyboardEvent<HTMLOListElement>) => {
    const moves: Record<string, number> = {
      ArrowDown: index + 1,
      j: index + 1,
      ArrowUp: index - 1,
      k: index - 1,
      Home: 0,
      End: last,
    };
    const to = moves[event.key];
    if (to !== undefined && !event.altKey && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      stepTo(Math.max(0, Math.min(to, last)));
    }
  };

  return (
    <Panel title="Timeline" className="timeline-panel" id="timeline" intro={intro}>
      <StepControls index={index} count={words.length} stepTo={stepTo} noun={noun} />
      <p className="hint">Keys, in the step list: ↑ ↓ or j k move, Home and End jump.</p>
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
                <StepRowBody {...w} />
              </button>
            </li>
          );
        })}
      </ol>
    </Panel>
  );
}
