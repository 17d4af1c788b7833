/** The shell's banner: why a link did not open, or that a shared link or clean start is on screen. */
import { useShallow } from 'zustand/react/shallow';
import { useLessons } from './context';
import { Icon } from '../common/icons';

export function Banner() {
  const { banner, dismiss, back } = useLessons(
    useShallow((s) => ({ banner: s.banner, dismiss: s.dismissBanner, back: s.backToOwnWork })),
  );
  if (banner === null) return null;
  switch (banner.kind) {
    case 'error':
      return (
        <div className="banner banner-error" role="alert">
          <p>
            <span aria-hidden="true">✕ </span>
            <strong>This link could not be opened.</strong> {banner.message}
          </p>
          <button type="button" onClick={dismiss}>
            Dismiss
          </button>
        </div>
      );
    case 'shared':
      return (
        <div className="banner" role="status">
          <p>
            <Icon name="info" /> You opened a shared link to “{banner.lesson}”. Your own saved work is untouched; an
            edit here becomes your work for this lesson.
          </p>
          <button type="button" onClick={() => void back()}>
            Back to my own work
          </button>
          <button type="button" onClick={dismiss}>
            Dismiss
          </button>
        </div>
      );
    case 'clean':
      return (
        <div className="banner" role="status">
          <p>
            <Icon name="info" /> Clean start: every lesson opens from its own scenario, and your saved work is neither
            read nor changed until you edit.
          </p>
          <button type="button" onClick={() => void back()}>
            Back to my own work
          </button>
          <button type="button" onClick={dismiss}>
            Dismiss
          </button>
        </div>
      );
  }
}
