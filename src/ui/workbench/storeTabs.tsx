/**
 * The dock's tabs for a store lesson, in order: adding a tab is one entry here. The rule switches, the
 * checks and the cache load lazily (their own chunks), so the entry chunk does not carry them.
 */
import { lazy, type ReactNode, Suspense } from 'react';
import { Explainer } from '../explain/Explainer';
import { ComparePanel } from '../compare/ComparePanel';
import { StoreView } from '../store/StoreView';
import { DatabaseSection } from '../database/DatabaseSection';
import { ModelSection } from '../model/ModelSection';
import { AnswersBrowser } from '../answers/AnswersBrowser';
import type { WorkbenchTab } from './types';

const RuleSwitches = lazy(() => import('../switches/RuleSwitches').then((m) => ({ default: m.RuleSwitches })));
const ChecksPanel = lazy(() => import('../checks/ChecksPanel').then((m) => ({ default: m.ChecksPanel })));
const CachePanel = lazy(() => import('../cache/CachePanel').then((m) => ({ default: m.CachePanel })));

function Loading({ children, what }: { children: ReactNode; what: string }) {
  return <Suspense fallback={<p className="muted">Loading {what}…</p>}>{children}</Suspense>;
}

interface StoreTabsInput {
  /** The lesson bar: its rule, incident, what to try, the gallery. */
  lesson: ReactNode;
  /** The seed's recorded answers belong to the seed's scenario only. */
  answers: boolean;
}

interface TabEntry {
  id: string;
  label: string;
  pane(input: StoreTabsInput): ReactNode;
  when?(input: StoreTabsInput): boolean;
}

const TABS: readonly TabEntry[] = [
  { id: 'lesson', label: 'Lesson', pane: ({ lesson }) => lesson, when: ({ lesson }) => lesson !== undefined },
  { id: 'why', label: 'Why', pane: () => <Explainer /> },
  { id: 'compare', label: 'Compare', pane: () => <ComparePanel /> },
  { id: 'store', label: 'Store', pane: () => <StoreView /> },
  { id: 'rules', label: 'Break a rule', pane: () => <Loading what="the rule switches">{<RuleSwitches />}</Loading> },
  { id: 'checks', label: 'Checks', pane: () => <Loading what="the checks">{<ChecksPanel />}</Loading> },
  { id: 'cache', label: 'Cache', pane: () => <Loading what="the cache">{<CachePanel />}</Loading> },
  { id: 'database', label: 'Database', pane: () => <DatabaseSection /> },
  { id: 'model', label: 'Your model', pane: () => <ModelSection /> },
  // The access matrix (src/ui/access) comes here: { id: 'access', label: 'Access', pane: () => <AccessPanel /> },
  // The exercises come here: { id: 'tasks', label: 'Tasks', pane: () => <TasksPanel /> },
  { id: 'answers', label: 'Answers', pane: () => <AnswersBrowser />, when: ({ answers }) => answers },
];

/** The tabs this lesson shows. */
export function storeTabs(input: StoreTabsInput): WorkbenchTab[] {
  return TABS.filter((tab) => tab.when?.(input) ?? true).map((tab) => ({
    id: tab.id,
    label: tab.label,
    pane: tab.pane(input),
  }));
}
