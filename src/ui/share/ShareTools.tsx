/**
 * Share, export and import for the open lesson. The link holds the whole state in the fragment; when it
 * would be too long, the file is offered instead. An imported file is validated like editor input.
 */
import { count } from '../../core/text/plural';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import type { Problem } from '../../core/scenario/scenario';
import { MAX_SCENARIO_BYTES, scenarioSizeProblem } from '../../core/scenario/limits';
import { decodeUtf8Strict } from '../../core/scenario/utf8';
import type { LessonSession } from '../../state/lessons/sessions';
import {
  type Download,
  hasUnrunEdit,
  importInto,
  replayFile,
  scenarioFile,
  type ShareView,
  shareStateOf,
} from '../../state/lessons/shareLogic';
import { digits } from '../../core/text/digits';
import { useLessonForFile } from '../common/lessonsContext';

type Shared =
  | { kind: 'none' }
  | { kind: 'link'; url: string; copied: boolean; unrun: boolean }
  | { kind: 'too-long'; length: number };

type Imported =
  | { kind: 'none' }
  | { kind: 'ok'; name: string }
  /** Being replayed (a large file takes a moment). */
  | { kind: 'reading'; name: string }
  | { kind: 'refused'; name: string; reason: string }
  /** `elsewhere`: the lesson whose format the file is in, when it is another engine's. */
  | { kind: 'invalid'; name: string; problems: Problem[]; elsewhere: string | null };

/** Save a file through the browser's download, from memory (nothing leaves the page). */
export function download(file: Download) {
  const url = URL.createObjectURL(new Blob([file.text], { type: file.type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

function LinkResult({ shared, onDownload }: { shared: Shared; onDownload(): void }) {
  const fieldId = useId();
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => field.current?.select(), [shared]);
  if (shared.kind === 'none') return null;
  if (shared.kind === 'too-long') {
    return (
      <div className="share-result bad" role="status">
        <p>
          <span aria-hidden="true">⚠ </span>This link would be {digits(shared.length)} characters: too long for browsers
          and chat tools. Download the scenario file instead, and share the file.
        </p>
        <button type="button" onClick={onDownload}>
          Download the scenario file
        </button>
      </div>
    );
  }
  return (
    <div className="share-result">
      <p role="status">
        {shared.copied
          ? 'Link copied to the clipboard.'
          : 'Copy the link from this field (the browser did not let the page copy it).'}
        {shared.unrun && ' It holds the last run scenario: run your edit first to include it.'}
      </p>
      <label htmlFor={fieldId} className="field-label">
        Share link
      </label>
      <input
        id={fieldId}
        ref={field}
        className="share-field"
        type="text"
        readOnly
        value={shared.url}
        onFocus={(event) => event.target.select()}
      />
    </div>
  );
}

function ImportResult({ imported }: { imported: Imported }) {
  switch (imported.kind) {
    case 'none':
      return null;
    case 'ok':
      return (
        <p className="share-result" role="status">
          <span aria-hidden="true">✓ </span>Imported {imported.name}: the editor and the timeline show it now.
        </p>
      );
    case 'reading':
      return (
        <p className="share-result" role="status">
          Importing {imported.name}…
        </p>
      );
    case 'refused':
      return (
        <p className="share-result bad" role="status">
          <span aria-hidden="true">✕ </span>
          {imported.name} was not imported: {imported.reason}
        </p>
      );
    case 'invalid':
      return (
        <div className="share-result bad" role="status">
          <p>
            <span aria-hidden="true">✕ </span>
            {imported.name} was not imported: it has {count(imported.problems.length, 'problem')}. Your editor is
            unchanged.
          </p>
          {imported.elsewhere !== null && (
            <p>It is a scenario in the format of another lesson: open “{imported.elsewhere}” and import it there.</p>
          )}
          <ul className="problems" aria-label="Problems in the imported file">
            {imported.problems.map((problem, i) => (
              <li key={i} className="problem">
                <span aria-hidden="true" className="problem-icon">
                  ✕
                </span>
                <span>
                  {problem.line !== undefined
                    ? `Line ${problem.line}, column ${problem.column}`
                    : 'Somewhere in the file'}{' '}
                  <code>{problem.path}</code>: {problem.message}
                </span>
              </li>
            ))}
          </ul>
        </div>
      );
  }
}

/** `view`: the workbench's open tab and editor, which the link keeps when given. */
export function ShareTools({ session, view }: { session: LessonSession; view?: ShareView }) {
  const [shared, setShared] = useState<Shared>({ kind: 'none' });
  const [imported, setImported] = useState<Imported>({ kind: 'none' });
  const lessonForFile = useLessonForFile();
  const importId = useId();
  const replay = replayFile(session);

  // Another lesson: what was shown for the previous one no longer applies.
  useEffect(() => {
    setShared({ kind: 'none' });
    setImported({ kind: 'none' });
  }, [session]);

  const share = async () => {
    // The link format and its compressor load on the first share, not with the page.
    const { encodeShare } = await import('../../core/sharing/shareLink');
    const link = encodeShare(shareStateOf(session, view));
    if (link.kind === 'too-long') {
      setShared({ kind: 'too-long', length: link.length });
      return;
    }
    const url = `${window.location.origin}${window.location.pathname}${window.location.search}${link.fragment}`;
    let copied = false;
    try {
      await navigator.clipboard.writeText(url);
      copied = true;
    } catch {
      // Not allowed here (no permission, no secure context): the field below holds the link to copy by hand.
    }
    setShared({ kind: 'link', url, copied, unrun: hasUnrunEdit(session) });
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file === undefined) return;
    // The one size limit of a scenario (the same as a paste's Run), judged before the file is read.
    const tooBig = scenarioSizeProblem(file.size);
    if (tooBig !== null) {
      setImported({ kind: 'refused', name: file.name, reason: `${tooBig}.` });
      return;
    }
    let bytes: Uint8Array;
    try {
      bytes = new Uint8Array(await file.arrayBuffer());
    } catch (error) {
      setImported({
        kind: 'refused',
        name: file.name,
        reason: `the browser could not read it (${(error as Error).message}).`,
      });
      return;
    }
    // Invalid UTF-8 is refused where it is, as the command line refuses it, never replaced by U+FFFD.
    const decoded = decodeUtf8Strict(bytes);
    if (decoded.kind === 'invalid') {
      const { message, line, column } = decoded;
      setImported({
        kind: 'invalid',
        name: file.name,
        problems: [{ message, path: '(file)', line, column }],
        elsewhere: null,
      });
      return;
    }
    const text = decoded.text;
    // The file replays in the engine's worker: the page answers meanwhile, and says so until it is on screen.
    setImported({ kind: 'reading', name: file.name });
    const problems = await importInto(session, text);
    if (problems === null) {
      // A Run or another import took its place; its own result is what the page shows.
      setImported({ kind: 'none' });
      return;
    }
    if (problems.length === 0) {
      setImported({ kind: 'ok', name: file.name });
      return;
    }
    const elsewhere = lessonForFile === null ? null : await lessonForFile(session.engine, text);
    setImported({ kind: 'invalid', name: file.name, problems, elsewhere: elsewhere?.title ?? null });
  };

  return (
    <div className="share-tools">
      <div className="share-buttons" role="group" aria-label="Share, export and import">
        <button type="button" onClick={() => void share()}>
          Share a link
        </button>
        <button type="button" onClick={() => download(scenarioFile(session))}>
          Download the scenario
        </button>
        {replay !== null && (
          <button type="button" onClick={() => void replay().then(download)}>
            Download the replay (seed result format)
          </button>
        )}
        <label className="file-button" htmlFor={importId}>
          Import a scenario file
          <input
            id={importId}
            aria-describedby={`${importId}-limit`}
            type="file"
            accept=".json,application/json"
            className="visually-hidden"
            onChange={(event) => void onFile(event)}
          />
        </label>
      </div>
      <p className="muted" id={`${importId}-limit`}>
        Scenarios up to {digits(MAX_SCENARIO_BYTES)} bytes, imported or pasted.
      </p>
      <LinkResult shared={shared} onDownload={() => download(scenarioFile(session))} />
      <ImportResult imported={imported} />
    </div>
  );
}
