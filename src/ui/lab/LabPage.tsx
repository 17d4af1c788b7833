/**
 * The final lab at `#lab`: a store with one rule off that the page does not name. The learner probes it
 * with a scenario of their own, reads what the store did, and names the rule, with three guesses. Every
 * rule and word of the lab is core's (core/lab/lab.ts); this view draws the lab store's state.
 */
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { createLabStore, type LabState } from '../../state/lab/labStore';
import { labView } from '../../state/lab/labView';
import { type LabRule, NAMED_WORDS } from '../../core/lab/lab';
import { lessonRoute } from '../../state/lessons/route';
import { PageTitle } from '../common/PageTitle';
import './lab.css';

/**
 * Made when the lab is first shown, not when this module loads: it loads with the exercises' chunk on
 * every page, and a store made then would write a seed into the storage of anyone who never opened the
 * lab (a colleague opening a share link, a #clean page).
 */
let made: ReturnType<typeof createLabStore> | null = null;
const labStore = () => (made ??= createLabStore(() => globalThis.localStorage));

function useLab<T>(select: (state: LabState) => T): T {
  return useStore(labStore(), select);
}

function Probe() {
  const text = useLab((s) => s.text);
  const result = useLab((s) => s.result);
  const { editText, runProbe, resetProbe } = labStore().getState();
  const ids = { text: useId(), problems: useId() };
  const problems = result?.kind === 'invalid' ? result.problems : [];
  return (
    <section className="lab-probe" aria-labelledby={`${ids.text}-h`}>
      <h2 id={`${ids.text}-h`}>1. Probe the store</h2>
      <p className="hint">
        A scenario in the workbench&apos;s format: agents, configuration and steps (write, handoff, close_task, query,
        import, forget_user). Add a <code>&quot;semanticCache&quot;</code> to try its cache. Ctrl+Enter probes.
      </p>
      <label className="field-label" htmlFor={ids.text}>
        Your probe (scenario JSON)
      </label>
      <textarea
        id={ids.text}
        className="lab-text"
        spellCheck={false}
        wrap="off"
        rows={16}
        value={text}
        aria-invalid={problems.length > 0}
        aria-describedby={problems.length > 0 ? ids.problems : undefined}
        onChange={(event) => editText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            runProbe();
          }
        }}
      />
      <div className="lab-actions">
        <button type="button" className="primary" onClick={runProbe}>
          Probe
        </button>
        <button type="button" onClick={resetProbe}>
          Start from the example again
        </button>
      </div>
      {problems.length > 0 && (
        <ul id={ids.problems} className="lab-problems" role="alert">
          {problems.map((problem, i) => (
            <li key={i}>
              {problem.line !== undefined ? `Line ${problem.line}, column ${problem.column ?? 1}: ` : ''}
              {problem.path !== '' ? `${problem.path}: ` : ''}
              {problem.message}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Observed() {
  const result = useLab((s) => s.result);
  const probes = useLab((s) => s.progress.probes);
  return (
    <section className="lab-observed" aria-labelledby="lab-observed-h">
      <h2 id="lab-observed-h">2. What the store did</h2>
      <div aria-live="polite">
        {result?.kind !== 'ok' ? (
          <p className="muted">{probes === 0 ? 'Nothing yet: press Probe.' : 'Fix the probe above and press Probe.'}</p>
        ) : (
          <ol className="lab-lines" aria-label="What the store did, step by step">
            {result.lines.map((line) => (
              <li key={line.step}>
                <span className="lab-step">
                  Step {line.step} ({line.op})
                </span>{' '}
                {line.said}
                {line.items.length > 0 && (
                  <ul>
                    {line.items.map((item, i) => (
                      <li key={i}>
                        <code>{item}</code>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}

function Guess() {
  const state = useLab((s) => s);
  const view = labView(state);
  const [chosen, setChosen] = useState<LabRule | null>(null);
  const legend = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen !== null) state.guess(chosen);
  };
  return (
    <section className="lab-guess" aria-labelledby={legend}>
      <h2 id={legend}>3. Name the broken rule</h2>
      <form onSubmit={submit}>
        <fieldset disabled={view.over}>
          <legend>
            Which rule does this store break? {view.over ? '' : `${view.guessesLeft} of ${view.guesses} guesses left.`}
          </legend>
          <ul className="lab-choices">
            {view.choices.map((choice) => (
              <li key={choice.rule}>
                <label className={choice.named === 'holds' ? 'lab-guessed' : undefined}>
                  <input
                    type="radio"
                    name="lab-rule"
                    value={choice.rule}
                    checked={chosen === choice.rule}
                    disabled={choice.named !== null}
                    onChange={() => setChosen(choice.rule)}
                  />
                  <span>
                    {choice.name}
                    {choice.named !== null && ` (${NAMED_WORDS[choice.named]})`}
                  </span>
                </label>
              </li>
            ))}
          </ul>
          <button type="submit" className="primary" disabled={chosen === null}>
            Name this rule
          </button>
        </fieldset>
      </form>
      <p role="status" className="lab-said">
        {state.said ?? ''}
      </p>
    </section>
  );
}

function Reveal() {
  const state = useLab((s) => s);
  const view = labView(state);
  const heading = useRef<HTMLHeadingElement>(null);
  const over = view.reveal !== null;
  useEffect(() => {
    if (over) heading.current?.focus();
  }, [over]);
  if (view.reveal === null) return null;
  const { reveal } = view;
  return (
    <section className={`lab-reveal${view.solved ? ' solved' : ''}`} aria-labelledby="lab-reveal-h">
      <h2 id="lab-reveal-h" ref={heading} tabIndex={-1}>
        {view.solved ? 'Found it' : 'The answer'}: this store breaks {reveal.name}
      </h2>
      <p>Without it: {reveal.effect}</p>
      {reveal.lesson !== null && (
        <p>
          The lesson that shows it: <a href={lessonRoute(reveal.lesson.id)}>{reveal.lesson.title}</a>
        </p>
      )}
    </section>
  );
}

export default function LabPage() {
  const notice = useLab((s) => s.notice);
  return (
    <main className="lab">
      <PageTitle title="Final lab: find the broken rule" />
      <p className="lede">
        This store has one of its rules switched off, and the page will not say which: each learner&apos;s store breaks
        its own. Probe it with steps of your own, read what it did, and name the rule. Nothing here says
        &ldquo;leak&rdquo;: you judge.
      </p>
      {notice !== null && <p className="notice">{notice}</p>}
      <div className="lab-grid">
        <Probe />
        <Observed />
      </div>
      <Guess />
      <Reveal />
    </main>
  );
}
