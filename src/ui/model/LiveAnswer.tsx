/** One live answer beside the recorded ones for the same request: verdict, reason and evidence. */
import { useEffect, useId, useMemo, useState } from 'react';
import type { AnswerRow } from '../../core/grading/answerRows';
import { AnswerText, VERDICT_ICON } from '../answers/AnswerText';
import type { LiveGrade } from '../../core/grading/scenarioGrading';
import { answerOf } from '../../state/askView';
import { usePlayground, usePlaygroundStore } from '../common/playground';
import type { LiveResult } from './useAskModel';

function Recorded({ rows, seed }: { rows: readonly AnswerRow[]; seed: number }) {
  if (rows.length === 0) {
    return (
      <p className="hint">
        No recorded answers for exactly this request: the seed recorded only Bob’s and Alice’s first query.
      </p>
    );
  }
  const count = (verdict: string) => rows.filter((row) => row.verdict === verdict).length;
  const same = rows.find((row) => row.seed === seed);
  return (
    <div className="model-recorded">
      <h4>
        Recorded (gemma4:e2b, {rows.length} seeds): {count('pass')} pass, {count('fail')} fail, {count('incomplete')}{' '}
        incomplete
      </h4>
      {same && (
        <>
          <p className={`verdict verdict-${same.verdict}`}>
            Seed {same.seed}: <span aria-hidden="true">{VERDICT_ICON[same.verdict]} </span>
            <strong>{same.verdict}</strong>: {same.reason}
          </p>
          <AnswerText segments={same.segments} empty="(no answer)" />
        </>
      )}
    </div>
  );
}

interface Props {
  result: LiveResult;
  recorded: readonly AnswerRow[];
  seed: number;
  model: string;
  origin: string;
}

export function LiveAnswer({ result, recorded, seed, model, origin }: Props) {
  const headingId = useId();
  const { request, outcome } = result;
  return (
    <article className="model-answer" aria-labelledby={headingId}>
      <h3 id={headingId}>
        <code>{request.principal}</code> {request.kind} request
      </h3>
      {outcome.kind === 'answer' ? (
        <Graded result={result} seed={seed} model={model} ms={outcome.ms} />
      ) : (
        <Failure result={result} model={model} origin={origin} />
      )}
      <Recorded rows={recorded} seed={seed} />
    </article>
  );
}

/**
 * The grade of `answer` from the engine, by the rules of the scenario on screen (`ranText`): asked again
 * when either changes; null until it answers.
 */
function useGrade(principal: string, answer: GradedAnswerOf | null): LiveGrade | null {
  const store = usePlaygroundStore();
  const ranText = usePlayground((s) => s.ranText);
  const [graded, setGraded] = useState<{ for: unknown[]; live: LiveGrade } | null>(null);
  useEffect(() => {
    if (answer === null) return;
    let current = true;
    const asked = [principal, answer, ranText];
    store
      .getState()
      .gradeAnswer(principal, answer)
      .then(
        (live) => {
          if (current) setGraded({ for: asked, live });
        },
        () => undefined,
      );
    return () => {
      current = false;
    };
  }, [store, principal, answer, ranText]);
  const fresh = graded !== null && graded.for[0] === principal && graded.for[1] === answer && graded.for[2] === ranText;
  return fresh ? graded.live : null;
}

type GradedAnswerOf = ReturnType<typeof answerOf>;

function Graded({ result, seed, model, ms }: { result: LiveResult; seed: number; model: string; ms: number }) {
  const reply = result.outcome.kind === 'answer' ? result.outcome.reply : null;
  const answer = useMemo(() => (reply === null ? null : answerOf(seed, reply)), [seed, reply]);
  const live = useGrade(result.request.principal, answer);
  if (answer === null) return null;
  if (live === null)
    return (
      <div className="model-live">
        <h4>
          Your model ({model}, seed {seed}, {(ms / 1000).toFixed(1)} s)
        </h4>
        <p className="verdict">Grading…</p>
      </div>
    );
  return (
    <div className="model-live">
      <h4>
        Your model ({model}, seed {seed}, {(ms / 1000).toFixed(1)} s)
      </h4>
      {live.kind === 'graded' ? (
        <p className={`verdict verdict-${live.verdict}`}>
          <span aria-hidden="true">{VERDICT_ICON[live.verdict]} </span>
          <strong>{live.verdict}</strong>: {live.reason}
          <span className="hint">
            {' '}
            (graded by {live.source === 'seed' ? 'the seed’s rules' : 'this scenario’s grading rules'})
          </span>
        </p>
      ) : (
        <p className="verdict">
          <strong>Ungraded</strong>: no grading rules for <code>{result.request.principal}</code>. A scenario can give
          them in its <code>grading</code> field: {'{"'}
          {result.request.principal}
          {'": {"own": "…", "other": "…"}}'}.
        </p>
      )}
      <AnswerText
        segments={live.segments}
        empty={answer.tool_calls.length > 0 ? '(no answer: the model asked for a tool call)' : '(no answer)'}
      />
    </div>
  );
}

function Failure({ result, model, origin }: { result: LiveResult; model: string; origin: string }) {
  const { outcome } = result;
  switch (outcome.kind) {
    case 'unreadable':
      return (
        <p className="model-failure">
          No answer could be read from {origin}: see the cross-origin rule above. The next request was not sent.
        </p>
      );
    case 'status':
      return (
        <div role="alert" className="model-failure">
          <p>
            <strong>Ollama answered {outcome.status}:</strong> {outcome.message}
          </p>
          {outcome.status === 404 && (
            <p>
              If the model is missing, pull it first: <code>ollama pull {model}</code>
            </p>
          )}
          {outcome.status === 403 && (
            <p>Ollama refuses pages it does not allow with 403: see the cross-origin rule above.</p>
          )}
        </div>
      );
    case 'timeout':
      return (
        <p role="alert" className="model-failure">
          No answer within {outcome.ms / 1000} s. A first request also loads the model; try again once it is loaded.
        </p>
      );
    case 'cancelled':
      return <p className="model-failure">Cancelled: this request was stopped, and the next one was not sent.</p>;
    case 'bad-reply':
      return (
        <p role="alert" className="model-failure">
          The server at {origin} answered, but not as Ollama does: {outcome.message}.
        </p>
      );
    case 'answer':
      return null;
  }
}
