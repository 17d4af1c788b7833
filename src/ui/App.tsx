/** The page: header, the step-through workbench, the scenario editor and the recorded answers. */
import { type ComponentType, lazy, type ReactNode, Suspense, useEffect } from 'react';
import { Timeline, CurrentStep } from './timeline/Timeline';
import { StoreView } from './store/StoreView';
import { PrincipalSwitcher } from './principal/PrincipalSwitcher';
import { RequestPanels } from './requests/RequestPanels';
import { EditorPanel } from './editor/EditorPanel';
import { AnswersBrowser } from './answers/AnswersBrowser';
import { usePlayground, usePlaygroundStore } from './common/playground';
import { PanelBoundary } from './common/Panel';
import type { ScenarioEditorProps } from './editor/types';
import { Explainer } from './explain/Explainer';
import { AccessPanel } from './access/AccessPanel';
import { ComparePanel } from './compare/ComparePanel';
import { RulesBanner } from './switches/RulesBanner';
import { EditorLinkProvider } from './checks/editorLink';
import { DatabaseSection } from './database/DatabaseSection';
import { ModelSection } from './model/ModelSection';

const RulesChecksCache = lazy(() => import('./checks/RulesChecksCache'));

/** j and k step anywhere on the page, except while typing. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target.closest('input, textarea, select, .monaco-editor') !== null;
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

function Notice() {
  const { notice, dismiss } = {
    notice: usePlayground((s) => s.notice),
    dismiss: usePlayground((s) => s.dismissNotice),
  };
  if (notice === null) return null;
  return (
    <div className="notice" role="status">
      <span aria-hidden="true">ⓘ </span>
      {notice}{' '}
      <button type="button" onClick={dismiss}>
        Dismiss
      </button>
    </div>
  );
}

function focusAnswers() {
  const heading = document.querySelector<HTMLElement>('#answers h2');
  heading?.scrollIntoView({ block: 'start' });
  heading?.focus({ preventScroll: true });
}

interface AppProps {
  Editor?: ComponentType<ScenarioEditorProps>;
  /** The lesson bar, at the top of the main region (the lessons shell passes it). */
  lesson?: ReactNode;
  /** Show the seed's recorded model answers: they belong to the seed's scenario only. */
  answers?: boolean;
}

export function App({ Editor, lesson, answers = true }: AppProps) {
  useStepKeys();
  return (
    <EditorLinkProvider>
      <a className="skip-link" href="#timeline">
        Skip to the steps
      </a>
      <header className="app-header">
        <div>
          <h1>Scope isolation playground</h1>
          <p className="lede">
            Alice and Bob share one assistant that remembers notes for them. Step through what they write and ask, and
            compare the request a <strong>scoped store</strong> builds (only the asker’s own and app items) with the one
            a <strong>naive global list</strong> builds, which hands one user’s notes to the other.
          </p>
        </div>
        <nav aria-label="Sections">
          {lesson !== undefined && <a href="#lesson">Lesson</a>}
          <a href="#timeline">Steps</a>
          <a href="#requests">Requests</a>
          <a href="#why">Why</a>
          <a href="#compare">Compare</a>
          <a href="#store">Store</a>
          <a href="#rules">Rules</a>
          <a href="#checks">Checks</a>
          <a href="#cache">Cache</a>
          <a href="#database">Database</a>
          <a href="#model">Your model</a>
          <a href="#editor">Editor</a>
          {answers && <a href="#answers">Answers</a>}
        </nav>
      </header>
      <Notice />
      <RulesBanner />
      <main>
        {lesson}
        <div className="workbench">
          <Timeline />
          <div className="workbench-main">
            <section aria-label="Current step" className="panel current-panel">
              <PanelBoundary name="Current step">
                <CurrentStep />
              </PanelBoundary>
            </section>
            <PrincipalSwitcher />
            <RequestPanels onShowAnswers={focusAnswers} />
            <Explainer />
            <AccessPanel />
            <ComparePanel />
            <StoreView />
            <DatabaseSection />
            <ModelSection />
          </div>
        </div>
        <Suspense fallback={<p className="muted">Loading the rule switches, checks and cache…</p>}>
          <RulesChecksCache />
        </Suspense>
        <EditorPanel Editor={Editor} />
        {answers && <AnswersBrowser />}
      </main>
      <footer className="app-footer">
        <p>
          Runs entirely in this page: the same pure store as the command line, replayed in your browser. Nothing is sent
          anywhere, unless you ask your own model, and then only to your own computer.
        </p>
      </footer>
    </EditorLinkProvider>
  );
}
