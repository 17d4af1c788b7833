/** A task's, hint's or answer's text with its `inline code` as <code>: React text nodes, never HTML. */
import { inlineCode } from '../../core/text/inlineCode';

export function RichText({ text }: { text: string }) {
  return <>{inlineCode(text).map((run, i) => (run.code ? <code key={i}>{run.text}</code> : run.text))}</>;
}
