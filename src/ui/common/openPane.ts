/**
 * Ask the workbench to bring a pane into view (a dock tab, the editor, the timeline), from a view that
 * does not know the layout: a check's "show in the editor", a step link. The workbench listens; a page
 * without one ignores it. Section fragments ("#rules") come here too, from state/hashRouter.ts.
 */
const EVENT = 'workbench-open';

/** True when a workbench on the page knows the pane and brought it into view. */
export function openPane(id: string): boolean {
  // Cancelable: the workbench cancels the event it acted on, which is how the caller hears of it.
  return !window.dispatchEvent(new CustomEvent<string>(EVENT, { detail: id, cancelable: true }));
}

/** `listener` returns true when it opened the pane. */
export function onOpenPane(listener: (id: string) => boolean | void): () => void {
  const handler = (event: Event) => {
    if (listener((event as CustomEvent<string>).detail) === true) event.preventDefault();
  };
  window.addEventListener(EVENT, handler);
  return () => window.removeEventListener(EVENT, handler);
}
