/** A labelled region with its own error boundary: a bug in one view shows a message there only. */
import { Component, type ErrorInfo, type ReactNode, useId } from 'react';
import { isStaleBuild, reloadKeepingWork } from './staleBuild';

interface BoundaryProps {
  name: string;
  children: ReactNode;
}

export class PanelBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    // Not swallowed: the message is on screen, and the stack goes to the console for whoever debugs it.
    console.error(`The ${this.props.name} panel failed`, error, info.componentStack);
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    // A newer version replaced this tab's files: trying again cannot help, a reload into it does.
    if (isStaleBuild(this.state.error))
      return (
        <div role="alert" className="panel-error">
          <p>
            A newer version of the playground replaced this part of the page, so this tab, still on the old one, cannot
            open it. Reload to update: your work is saved first, and kept.
          </p>
          <button type="button" onClick={reloadKeepingWork}>
            Reload to update
          </button>
        </div>
      );
    return (
      <div role="alert" className="panel-error">
        <p>
          The {this.props.name} panel hit a bug and cannot show this step: {this.state.error.message}. The other panels
          still work.
        </p>
        <button type="button" onClick={() => this.setState({ error: null })}>
          Try again
        </button>
      </div>
    );
  }
}

interface PanelProps {
  title: string;
  /** One sentence under the title: what this panel shows. */
  intro?: ReactNode;
  className?: string;
  id?: string;
  /** Heading level: 2 for top-level panels, 3 inside another panel. */
  level?: 2 | 3;
  actions?: ReactNode;
  /** The first-run tour's anchor (`data-tour`): an attribute, so it survives the panel moving or restyling. */
  tour?: string;
  children: ReactNode;
}

export function Panel({ title, intro, className, id, level = 2, actions, tour, children }: PanelProps) {
  const headingId = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section aria-labelledby={headingId} className={`panel ${className ?? ''}`} id={id} data-tour={tour}>
      <div className="panel-head">
        <Heading id={headingId} tabIndex={-1}>
          {title}
        </Heading>
        {actions}
      </div>
      {intro !== undefined && <p className="panel-intro">{intro}</p>}
      <PanelBoundary name={title}>{children}</PanelBoundary>
    </section>
  );
}
