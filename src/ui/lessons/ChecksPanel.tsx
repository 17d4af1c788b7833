/** Both sides' checks beside each other: the safe engine's, all green when the lesson holds, and the naive one's. */
import type { CheckResult } from '../../core/checks/checks';
import { Panel } from '../common/Panel';
import { VerdictLine } from '../common/VerdictLine';

function CheckList({
  label,
  checks,
  stepTo,
}: {
  label: string;
  checks: readonly CheckResult[];
  stepTo(index: number): void;
}) {
  return (
    <ul className="lc-list" aria-label={label}>
      {checks.map((check) => (
        <li key={check.id} className={`lc-check ${check.ok ? 'ok' : 'failed'}`}>
          <span className="lc-mark" aria-hidden="true">
            {check.ok ? '✓' : '✕'}
          </span>
          <span className="lc-body">
            <span className="lc-title">
              {check.title}
              <span className="visually-hidden">{check.ok ? ': green' : ': red'}</span>
            </span>
            {check.failures.map((failure, i) => (
              <span key={i} className="lc-failure">
                <button type="button" className="link" onClick={() => stepTo(failure.step)}>
                  Step {failure.step}
                </button>
                : {failure.reason}
              </span>
            ))}
          </span>
        </li>
      ))}
    </ul>
  );
}

interface SideProps {
  title: string;
  intro: string;
  checks: readonly CheckResult[];
  stepTo(index: number): void;
}

function Side({ title, intro, checks, stepTo }: SideProps) {
  const red = checks.filter((check) => !check.ok).length;
  const invariants = checks.filter((check) => check.kind === 'invariant');
  const expectations = checks.filter((check) => check.kind === 'expectation');
  const redExpectations = expectations.filter((check) => !check.ok).length;
  return (
    <Panel title={title} level={3} className={`checks-side${red > 0 ? ' red' : ' green'}`} intro={intro}>
      <VerdictLine tone={red > 0 ? 'fail' : 'ok'}>
        {red > 0 ? `${red} of ${checks.length} checks red` : `All ${checks.length} checks green`}
      </VerdictLine>
      <CheckList label={`${title}: invariants`} checks={invariants} stepTo={stepTo} />
      {expectations.length > 0 && (
        <details className="lc-expectations" open={redExpectations > 0}>
          <summary>
            The scenario’s own expectations ({expectations.length},{' '}
            {redExpectations === 0 ? 'all green' : `${redExpectations} red`})
          </summary>
          <CheckList label={`${title}: expectations`} checks={expectations} stepTo={stepTo} />
        </details>
      )}
    </Panel>
  );
}

interface ChecksPanelProps {
  safe: readonly CheckResult[];
  naive: readonly CheckResult[];
  safeName: string;
  naiveName: string;
  stepTo(index: number): void;
}

export function ChecksPanel({ safe, naive, safeName, naiveName, stepTo }: ChecksPanelProps) {
  return (
    <Panel
      title="Checks"
      id="checks"
      intro="The same checks judged for both sides over every step: the invariants the lesson teaches, then the scenario’s own expectations (which name their side). A red check names the step that broke it."
    >
      <div className="request-grid">
        <Side
          title={`Checks: ${safeName}`}
          intro="The side the lesson teaches: every check should be green."
          checks={safe}
          stepTo={stepTo}
        />
        <Side
          title={`Checks: ${naiveName}`}
          intro="The naive side, judged by the same invariants: red where it leaks."
          checks={naive}
          stepTo={stepTo}
        />
      </div>
    </Panel>
  );
}
