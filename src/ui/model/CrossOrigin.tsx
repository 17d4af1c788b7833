/** The browser's cross-origin rule the learner meets, and the command that lets this page through. */
import { allowOriginCommand, ollamaAllowsByDefault } from './modelAddress';

export function CrossOriginHelp({ server, open = false }: { server: string; open?: boolean }) {
  const page = window.location.origin;
  const byDefault = ollamaAllowsByDefault(page);
  return (
    <details className="model-cors" open={open}>
      <summary>The browser’s cross-origin rule: Ollama must allow this page</summary>
      <p>
        This page comes from <code>{page}</code>; your model listens at <code>{server}</code>, another origin. The
        browser lets the page read an answer from another origin only if that server says it may (CORS). Ollama says so
        for the origins it allows, and refuses the rest with 403. When it refuses, or when nothing listens at that
        address at all, the page sees only “Failed to fetch”: the browser does not say which. Its console does.
      </p>
      {byDefault ? (
        <p>
          Ollama always allows pages from localhost and 127.0.0.1, whatever else it is told, so for this page the
          likelier cause is that nothing listens at <code>{server}</code>: start Ollama with <code>ollama serve</code>{' '}
          (it listens at http://127.0.0.1:11434 unless <code>OLLAMA_HOST</code> says otherwise). A server that still
          refuses this page can be told to allow it:
        </p>
      ) : (
        <p>
          Ollama allows pages from localhost and 127.0.0.1 without being told, but not this one. Start it with this
          page’s origin allowed:
        </p>
      )}
      <pre className="model-command" tabIndex={0} aria-label="Command that allows this page">
        {allowOriginCommand(page)}
      </pre>
      <p className="hint">
        Ollama running as a service or the desktop app reads <code>OLLAMA_ORIGINS</code> from its own environment: set
        it there and restart Ollama. Served from the internet, this page may also need your browser’s permission to
        reach this computer’s network (Chrome asks for “local network access”).
      </p>
    </details>
  );
}
