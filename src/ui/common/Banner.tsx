/** The shell's banner: why a link did not open, or that a shared link or clean start is on screen. */
import type { ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useLessons } from './lessonsContext';
import { Icon } from './icons';
import { assertNever } from '../../core/store/errors';

/** `errorsOnly`: show a link that could not be opened, nothing about saved work (an embedded page). */
export function Banner({ errorsOnly = false }: { errorsOnly?: boolean }) {
  const { banner, dismiss, back, restore, forget } = useLessons(
    useShallow((s) => ({
      banner: s.banner,
      dismiss: s.dismissBanner,
      back: s.backToOwnWork,
      restore: s.restoreKept,
      forget: s.forgetKept,
    })),
  );
  if (banner === null || (errorsOnly && banner.kind !== 'error')) return null;
  switch (banner.kind) {
    case 'error':
      return (
        <Box alert dismiss={dismiss}>
          <span aria-hidden="true">✕ </span>
          <strong>This link could not be opened.</strong> {banner.message}
        </Box>
      );
    case 'shared':
      return (
        <Box dismiss={dismiss} actions={[['Back to my own work', () => void back()]]}>
          <Icon name="info" /> You opened a shared link to “{banner.lesson}”. Your own saved work is untouched; an edit
          here becomes your work for this lesson.
        </Box>
      );
    case 'clean':
      return (
        <Box dismiss={dismiss} actions={[['Back to my own work', () => void back()]]}>
          <Icon name="info" /> Clean start: every lesson opens from its own scenario, and your saved work is neither
          read nor changed until you edit.
        </Box>
      );
    case 'kept':
      return (
        <Box
          dismiss={dismiss}
          actions={[
            ['Restore my earlier work', restore],
            ['Forget the earlier work', forget],
          ]}
        >
          <Icon name="info" /> Your earlier work on “{banner.lesson}” was replaced by this one, and kept aside:
          restoring swaps the two, so it can be undone.
        </Box>
      );
    default:
      return assertNever(banner);
  }
}

interface BoxProps {
  /** An error is announced at once (role alert); the others are a status. */
  alert?: boolean;
  children: ReactNode;
  /** The banner's own buttons, [label, action], before Dismiss. */
  actions?: ReadonlyArray<readonly [string, () => void]>;
  dismiss(): void;
}

/** One banner: its words, its buttons, and Dismiss last. */
function Box({ alert = false, children, actions = [], dismiss }: BoxProps) {
  return (
    <div className={alert ? 'banner banner-error' : 'banner'} role={alert ? 'alert' : 'status'}>
      <p>{children}</p>
      {actions.map(([label, act]) => (
        <button key={label} type="button" onClick={act}>
          {label}
        </button>
      ))}
      <button type="button" onClick={dismiss}>
        Dismiss
      </button>
    </div>
  );
}
