/**
 * The dock's tabs for a store lesson, in order: adding a tab is one entry here. Every tab but the lesson
 * (the one open on a first visit) loads lazily, in its own chunk, so the entry chunk does not carry it:
 * its pane is mounted hidden, so the chunk still arrives right after the first paint.
 */
import { lazy, type ReactNode, Suspense } from 'react';
import type { WorkbenchTab } from './types';

const Explainer = lazy(() => import('../explain/Explainer').then((m) => ({ default: m.Explainer })));
const ComparePanel = lazy(() => import('../compare/ComparePanel').then((m) => ({ default: m.ComparePanel })));
const StoreView = lazy(() => import('../store/StoreView').then((m) => ({ default: m.StoreView })));
const DatabaseSection = lazy(() => import('../database/DatabaseSection').then((m) => ({ default: m.DatabaseSection })));
const ModelSection = lazy(() => import('../model/ModelSection').then((m) => ({ default: m.ModelSection })));
const AccessPanel = lazy(() => import('../access/AccessPanel').then((m) => ({ default: m.AccessPanel })));
const AnswersBrowser = lazy(() => import('../answers/AnswersBrowser').then((m) => ({ default: m.AnswersBrowser })));

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
  { id: 'why', label: 'Why', pane: () => <Loading what="the explainer">{<Explainer />}</Loading> },
  { id: 'compare', label: 'Compare', pane: () => <Loading what="the comparison">{<ComparePanel />}</Loading> },
  { id: 'store', label: 'Store', pane: () => <Loading what="the store">{<StoreView />}</Loading> },
  { id: 'rules', label: 'Break a rule', pane: () => <Loading what="the rule switches">{<RuleSwitches />}</Loading> },
  { id: 'checks', label: 'Checks', pane: () => <Loading what="the checks">{<ChecksPanel />}</Loading> },
  { id: 'cache', label: 'Cache', pane: () => <Loading what="the cache">{<CachePanel />}</Loading> },
  { id: 'database', label: 'Database', pane: () => <Loading what="the database view">{<DatabaseSection />}</Loading> },
  { id: 'model', label: 'Your model', pane: () => <Loading what="your model's panel">{<ModelSection />}</Loading> },
  { id: 'access', label: 'Access', pane: () => <Loading what="the access picture">{<AccessPanel />}</Loading> },
  // The exercises come here: { id: 'tasks', label: 'Tasks', pane: () => <TasksPanel /> },
  {
    id: 'answers',
    label: 'Answers',
    pane: () => <Loading what="the answers">{<AnswersBrowser />}</Loading>,
    when: ({ answers }) => answers,
  },
];

/** The tabs this lesson shows. */
export function storeTabs(input: StoreTabsInput): WorkbenchTab[] {
  return TABS.filter((tab) => tab.when?.(input) ?? true).map((tab) => ({
    id: tab.id,
    label: tab.label,
    pane: tab.pane(input),
  }));
}
