/** A button that shows a panel under it (the top bar's Share and Help); Escape or the button closes it. */
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';

interface PopoverProps {
  label: string;
  children: ReactNode;
  className?: string;
  /** Called when the panel opens: a lazily rendered panel is rendered then at the latest. */
  onOpen?(): void;
}

export function Popover({ label, children, className, onOpen }: PopoverProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      root.current?.querySelector<HTMLButtonElement>(':scope > button')?.focus();
    };
    const onDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onDown);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onDown);
    };
  }, [open]);
  return (
    <div className={`popover ${className ?? ''}`} ref={root}>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => {
          if (!open) onOpen?.();
          setOpen(!open);
        }}
      >
        {label}
      </button>
      <div id={id} className="popover-panel" hidden={!open} role="group" aria-label={label}>
        {children}
      </div>
    </div>
  );
}
