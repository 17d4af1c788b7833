/** A store lesson's page: the workbench with the playground's panes, read from the open lesson's store. */
import { type ComponentType, type ReactNode, useEffect, useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { Timeline, CurrentStep } from './timeline/Timeline';
import { PrincipalSwitcher } from './principal/PrincipalSwitcher';
import { RequestPanels } from './requests/RequestPanels';
import { EditorPanel } from './editor/EditorPanel';
import { usePlayground, usePlaygroundStore } from './common/playground';
import { PanelBoundary } from './common/Panel';
import type { ScenarioEditorProps } from './editor/types';
import { RulesBanner } from './switches/RulesBanner';
import { EditorLinkProvider } from './editor/editorLink';
import { Workbench } from './workbench/Workbench';
import { Notice } from './common/Notice';
import { StepControls } from './common/StepControls';
import { ChecksVerdict } from './workbench/ChecksVerdict';
import { preloadTabs, storeTabs } from './workbench/storeTabs';
import { openPane } from './common/openPane';
import { useEvidenceInView } from './requests/useEvidenceInView';
import { LandingHeadline } from './requests/LandingHeadline';

/** j and k step anywhere on the page, except while typing. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  // A checkbox or a button takes no letters: j and k still step while a rule switch has focus.
  const field = 'input:not([type=checkbox], [type=radio], [type=button], [type=submit], [type=reset], [type=file])';
  return target.isContentEditable || target.closest(`${field}, textarea, select, .monaco-editor`) !== null;
}

function useStepKeys() {
  const store = usePlaygroundStore();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
      if (event.key === 'j') store.getState().next();
      if (event.key === 'k') store.getState().previous();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [store]);
}

function PlaygroundNotice() {
  const { notice, dismiss } = usePlayground(useShallow((s) => ({ notice: s.notice, dismiss: s.dismissNotice })));
  return notice === null ? null : <Notice text={notice} onDismiss={dismiss} />;
}

function PlaygroundStepControls() {
  const { index, count, stepTo } = usePlayground(
    useShallow((s) => ({ index: s.index, count: s.words.length, stepTo: s.stepTo })),
  );
  return <StepControls index={index} count={count} stepTo={stepTo} />;
}

function focusAnswers() {
  openPane('answers');
  requestAnimationFrame(() => document.querySelector<HTMLElement>('#answers h2')?.focus({ preventScroll: true }));
}

function Centre() {
  useEvidenceInView();
  return (
    <>
      <section aria-label="Current step" className="panel current-panel">
        <PanelBoundary name="Current step">
          <CurrentStep />
        </PanelBoundary>
      </section>
      <PrincipalSwitcher />
      <LandingHeadline />
      <RequestPanels onShowAnswers={focusAnswers} />
    </>
  );
}

interface AppProps {
  Editor?: ComponentType<ScenarioEditorProps>;
  /** The lesson bar, the dock's first tab (the lessons shell passes it). */
  lesson?: ReactNode;
  /** Show the seed's recorded model answers: they belong to the seed's scenario only. */
  answers?: boolean;
}

export function App({ Editor, lesson, answers = true }: AppProps) {
  useStepKeys();
  // Only the open tab renders at first paint; the others' code arrives while the learner reads.
  useEffect(() => preloadTabs(), []);
  const slots = useMemo(
    () => ({
      timeline: <Timeline />,
      stepControls: <PlaygroundStepControls />,
      centre: <Centre />,
      verdict: (
        <div className="wb-verdict">
          <PlaygroundNotice />
          <RulesBanner />
          <ChecksVerdict />
        </div>
      ),
      tabs: storeTabs({ lesson, answers }),
      editor: <EditorPanel Editor={Editor} />,
    }),
    [Editor, lesson, answers],
  );
  return (
    <EditorLinkProvider>
      <Workbench slots={slots} />
    </EditorLinkProvider>
  );
}
