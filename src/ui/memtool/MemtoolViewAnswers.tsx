/** A memory file path, opened by the safe tool beside the naive one: what each check judged and opened. */
import type { MemtoolOutcome, PathAttempt, ToolResponse } from '../../core/memtool/index';
import { Response, Side, Verdict } from './MemtoolAnswers';

type Outcome<K extends MemtoolOutcome['kind']> = Extract<MemtoolOutcome, { kind: K }>;

function Attempt({
  attempt,
  response,
  outside,
}: {
  attempt: PathAttempt | null;
  response: ToolResponse;
  outside: boolean;
}) {
  if (attempt === null) return <Response label="Response" response={response} />;
  return (
    <>
      <Verdict ok={!outside}>
        {outside
          ? `Leak: opened ${attempt.opened}, outside ${attempt.root}.`
          : attempt.opened !== null
            ? `Opened ${attempt.opened}, under the root.`
            : 'Opened nothing.'}
      </Verdict>
      <dl className="path-facts">
        <div>
          <dt>Requested path</dt>
          <dd>
            <code>{attempt.raw}</code>
          </dd>
        </div>
        <div>
          <dt>Root</dt>
          <dd>
            <code>{attempt.root}</code>
          </dd>
        </div>
        <div>
          <dt>The string the check judged</dt>
          <dd>
            <code>{attempt.checked || '(none: it could not be opened)'}</code>
          </dd>
        </div>
        <div>
          <dt>Verdict</dt>
          <dd>
            {attempt.allowed ? 'allowed' : 'refused'}
            {attempt.problem !== null ? ` (${attempt.problem})` : ''}
          </dd>
        </div>
        <div>
          <dt>What the filesystem opened</dt>
          <dd>
            <code>{attempt.opened ?? 'nothing'}</code>
          </dd>
        </div>
      </dl>
      <Response label="Response" response={response} />
    </>
  );
}

/** The two path checks side by side (the naive one first fooled by what the safe one canonicalises). */
const PATH_CHECKS = [
  {
    side: 'safe',
    title: 'Safe path check: canonicalise, then compare',
    intro:
      'Decodes the path as the file server will, joins it to the principal’s root, follows links, and only then compares with the root at a separator.',
  },
  {
    side: 'naive',
    title: 'Naive path check: the string before canonicalising',
    intro:
      'Folds ../ in the string as sent (before decoding, without links) and compares a bare prefix. Encoded separators, links and a sibling whose name starts like the root get past it.',
  },
] as const;

/** `outside`: whether each side opened a file outside the asker's root (core/memtool/kit.ts). */
export function ViewAnswers({
  outcome,
  outside,
}: {
  outcome: Outcome<'viewed'>;
  outside: { safe: boolean; naive: boolean };
}) {
  return (
    <div className="request-grid">
      {PATH_CHECKS.map(({ side, title, intro }) => (
        <Side key={side} title={title} bad={outside[side]} intro={intro}>
          <Attempt attempt={outcome[side].attempt} response={outcome[side].response} outside={outside[side]} />
        </Side>
      ))}
    </div>
  );
}
