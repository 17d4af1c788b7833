/** A plain textarea with the editor's contract: the stand-in for Monaco where it cannot run (jsdom). */
import { useEffect, useRef } from 'react';
import type { ScenarioEditorProps } from './types';

function offsetOf(text: string, line: number, column: number): number {
  let offset = 0;
  for (let l = 1; l < line; l++) {
    const next = text.indexOf('\n', offset);
    if (next === -1) return text.length;
    offset = next + 1;
  }
  return Math.min(offset + column - 1, text.length);
}

export function TextareaEditor({ value, onChange, onRun, problems, label, handleRef }: ScenarioEditorProps) {
  const area = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    handleRef.current = {
      reveal(line, column) {
        const el = area.current;
        if (!el) return;
        const at = offsetOf(el.value, line, column);
        el.focus();
        el.setSelectionRange(at, at);
      },
    };
    return () => {
      handleRef.current = null;
    };
  }, [handleRef]);
  return (
    <textarea
      ref={area}
      className="textarea-editor"
      aria-label={label}
      aria-invalid={problems.length > 0}
      spellCheck={false}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
          event.preventDefault();
          onRun();
        }
      }}
    />
  );
}
