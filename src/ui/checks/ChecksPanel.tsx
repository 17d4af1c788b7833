/**
 * The checks, live: every always-on invariant and every `expect` assertion of the scenario, green or
 * red, each failure with its step, a one-line reason, a link to the step and one to its place in the text.
 */
import { useShallow } from 'zustand/react/shallow';
import { Panel } from '../common/Panel';
import { useCoverage, usePlayground } from '../common/playground';
import type { CheckResult } from '../../core/checks/checks';
import type { LocatedFailure } from '../../core/checks/locateChecks';
import { ruleNames, type Rule } from '../../core/store/rules';
import type { Coverage } from '../../core/checks/ruleCoverage';
import { stepName, useGoToStep } from '../explain/useGoToStep';
import { revealInEditor, useEditorLink } from '../editor/editorLink';
import './checks.css';
import { VerdictLine } from '../common/VerdictLine';

function culprits(check: CheckResult, rulesOff: readonly Rule[], coverage: Coverage | null): Rule[] {
  return coverage === null ? [] : rulesOff.filter((rule) => coverage[rule].includes(check.id));
}

function CheckItem({ check, located, blame }: { check: CheckResult; located: LocatedFailure[]; blame: Rule[] }) {
  const goTo = useGoToStep({ scroll: true });
  const editor = useEditorLink();
  return (
    <li className={`check ${check.ok ? 'check-ok' : 'check-red'}`} data-check={check.id}>
      <p className="check-title">
        <span className="check-kind">{check.kind === 'invariant' ? 'always on' : 'expect'}</span>
        <span aria-hidden="true" className="check-icon">
          {check.ok ? '✓' : '✕'}
        </span>
        <span className="check-state">{check.ok ? 'passed' : 'failed'}</span>
        <span>{check.title}</span>
      </p>
      {blame.length > 0 && (
        <p className="check-blame">
          Red because {ruleNames(blame)} {blame.length === 1 ? 'is' : 'are'} switched off.
        </p>
      )}
      {check.failures.length > 0 && (
        <ul className="check-failures" aria-label={`Failures of “${check.title}”`}>
          {check.failures.map((failure, i) => {
            const at = located[i];
            return (
              <li key={i}>
                <button type="button" className="link" onClick={() => goTo(failure.step)}>
                  {stepName(failure.step)}
                </button>
                : {failure.reason}
                {at?.line !== undefined && (
                  <>
                    {' '}
                    <button
                      type="button"
                      className="link check-line"
                      onClick={() => revealInEditor(editor, at.line!, at.column ?? 1)}
                    >
                      line {at.line} in the editor
                    </button>
                  </>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </li>
  );
}

export function ChecksPanel() {
  const coverage = useCoverage();
  const { checks, checkFailures, rulesOff } = usePlayground(
    useShallow((s) => ({
      checks: s.checks,
      checkFailures: s.checkFailures,
      rulesOff: s.rulesOff,
    })),
  );
  const red = checks.filter((check) => !check.ok);
  const expectations = checks.filter((check) => check.kind === 'expectation').length;
  // Red checks first: they are what the learner came to see.
  const ordered = [...red, ...checks.filter((check) => check.ok)];
  return (
    <Panel
      title="Checks"
      id="checks"
      tour="checks"
      className="checks-panel"
      intro={
        <>
          Always-on checks that hold for every scenario, and the scenario’s own <code>expect</code> assertions (
          {expectations === 0 ? (
            <>
              this one states none: add <code>"expect"</code> to a step in the editor
            </>
          ) : (
            `${expectations} here`
          )}
          ). They run on every change; a failure is also marked in the editor.
        </>
      }
    >
      <VerdictLine tone={red.length > 0 ? 'fail' : 'ok'} status>
        {checks.length} checks:{' '}
        {red.length === 0 ? 'all green' : `${red.length} red, ${checks.length - red.length} green`}
      </VerdictLine>
      <ul className="checks" aria-label="Checks">
        {ordered.map((check) => (
          <CheckItem
            key={check.id}
            check={check}
            located={checkFailures.filter((f) => f.check === check.id)}
            blame={culprits(check, rulesOff, coverage)}
          />
        ))}
      </ul>
    </Panel>
  );
}
