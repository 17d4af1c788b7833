/**
 * The dock's tabs for a store lesson, in order: adding a tab is one entry here. Every tab but the lesson
 * (the one open on a first visit) loads lazily, in its own chunk, so the entry chunk does not carry it. A
 * pane mounts when its tab first opens (Tabs); `preloadTabs` fetches every tab's chunk once the page is
 * idle, so a tab opens at once, and still opens after the network goes away.
 */
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import type { WorkbenchTab } from './types';
import { whenIdle } from '../common/whenIdle';
import { RULES_TAB } from '../switches/words';

/** A lazily loaded view and the function that starts its load: both share one request; a failed one is retried. */
function lazyView(load: () => Promise<ComponentType>) {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (view) => ({ default: view }),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  return { View: lazy(preload), preload };
}

const VIEWS = {
  why: lazyView(() => import('../explain/Explainer').then((m) => m.Explainer)),
  compare: lazyView(() => import('../compare/ComparePanel').then((m) => m.ComparePanel)),
  store: lazyView(() => import('../store/StoreView').then((m) => m.StoreView)),
  rules: lazyView(() => import('../switches/RuleSwitches').then((m) => m.RuleSwitches)),
  checks: lazyView(() => import('../checks/ChecksPanel').then((m) => m.ChecksPanel)),
  cache: lazyView(() => import('../cache/CachePanel').then((m) => m.CachePanel)),
  database: lazyView(() => import('../database/DatabaseSection').then((m) => m.DatabaseSection)),
  model: lazyView(() => import('../model/ModelSection').then((m) => m.ModelSection)),
  access: lazyView(() => import('../access/AccessPanel').then((m) => m.AccessPanel)),
  answers: lazyView(() => import('../answers/AnswersBrowser').then((m) => m.AnswersBrowser)),
  yourStore: lazyView(() => import('../yourStore/YourStorePanel').then((m) => m.YourStorePanel)),
};

/**
 * Fetch every tab's chunk, one at a time, each when the page is idle, so that no one task is long: started
 * after the first paint. A chunk that fails to arrive is fetched again when its tab opens, where its
 * pane's boundary reports a second failure. Returns a function that stops what has not started.
 */
export function preloadTabs(): () => void {
  const queue = Object.values(VIEWS);
  let cancel = () => {};
  const next = () => {
    const view = queue.shift();
    if (view === undefined) return;
    cancel = whenIdle(() => void view.preload().then(next, next));
  };
  next();
  return () => {
    queue.length = 0;
    cancel();
  };
}

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
  /** Listed under the dock's "More": a beginner starts with the lesson, Why, the rules and the checks. */
  more?: true;
  pane(input: StoreTabsInput): ReactNode;
  when?(input: StoreTabsInput): boolean;
}

const TABS: readonly TabEntry[] = [
  { id: 'lesson', label: 'Lesson', pane: ({ lesson }) => lesson, when: ({ lesson }) => lesson !== undefined },
  { id: 'why', label: 'Why', pane: () => <Loading what="the explainer">{<VIEWS.why.View />}</Loading> },
  {
    id: 'compare',
    more: true,
    label: 'Compare',
    pane: () => <Loading what="the comparison">{<VIEWS.compare.View />}</Loading>,
  },
  { id: 'store', more: true, label: 'Store', pane: () => <Loading what="the store">{<VIEWS.store.View />}</Loading> },
  {
    id: 'rules',
    label: RULES_TAB,
    pane: () => <Loading what="the rule switches">{<VIEWS.rules.View />}</Loading>,
  },
  { id: 'checks', label: 'Checks', pane: () => <Loading what="the checks">{<VIEWS.checks.View />}</Loading> },
  { id: 'cache', more: true, label: 'Cache', pane: () => <Loading what="the cache">{<VIEWS.cache.View />}</Loading> },
  {
    id: 'database',
    more: true,
    label: 'Database',
    pane: () => <Loading what="the database view">{<VIEWS.database.View />}</Loading>,
  },
  {
    id: 'model',
    more: true,
    label: 'Your model',
    pane: () => <Loading what="your model's panel">{<VIEWS.model.View />}</Loading>,
  },
  {
    id: 'access',
    more: true,
    label: 'Access',
    pane: () => <Loading what="the access picture">{<VIEWS.access.View />}</Loading>,
  },
  {
    id: 'your-store',
    more: true,
    label: 'Your store',
    pane: () => <Loading what="your store's panel">{<VIEWS.yourStore.View />}</Loading>,
  },
  // The exercises come here: { id: 'tasks', label: 'Tasks', pane: () => <TasksPanel /> },
  {
    id: 'answers',
    more: true,
    label: 'Answers',
    pane: () => <Loading what="the answers">{<VIEWS.answers.View />}</Loading>,
    when: ({ answers }) => answers,
  },
];

/** The tabs this lesson shows. */
export function storeTabs(input: StoreTabsInput): WorkbenchTab[] {
  return TABS.filter((tab) => tab.when?.(input) ?? true).map((tab) => ({
    id: tab.id,
    label: tab.label,
    pane: tab.pane(input),
    ...(tab.more ? { more: true } : {}),
  }));
}
