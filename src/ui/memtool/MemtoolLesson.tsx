/** The memory-tool lesson (seed 004) in the playground's shell: the calls, a session to act as, safe beside naive, checks, editor. */
import { LongText } from '../common/LongText';
import { useId } from 'react';
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { Panel } from '../common/Panel';
import { kitLesson, type KitLessonWords } from '../lessons/KitLessonPage';
import { ForgetAnswers, SearchAnswers } from './MemtoolAnswers';
import { ViewAnswers } from './MemtoolViewAnswers';
import type { MemtoolActor } from '../../core/memtool/kit';
import type { KitLessonStore } from '../../state/lessons/kitStore';

type MemtoolLessonStore = KitLessonStore<'memtool'>;

const NONE = 'no-principal';
const encode = (actor: MemtoolActor) => (actor === null ? NONE : `session:${actor}`);
const decode = (value: string): MemtoolActor => (value === NONE ? null : value.slice('session:'.length));

function ActAs({ store }: { store: MemtoolLessonStore }) {
  const { view, actAs } = useStore(
    store,
    useShallow((s) => ({ view: s.view, actAs: s.actAs })),
  );
  const id = useId();
  if (view === null) return null;
  return (
    <Panel
      title="Who is asking"
      id="principal"
      intro="The session is established where authentication happens, beside the conversation: the model never sees it and cannot supply it. Pick one to make the same call as someone else."
    >
      <div className="principal-row">
        <div className="field">
          <label htmlFor={id} className="field-label">
            Session
          </label>
          <select id={id} value={encode(view.actor)} onChange={(event) => actAs(decode(event.target.value))}>
            {view.sessions.map(({ name, label }) => (
              <option key={name} value={encode(name)}>
                {name}: {label}
              </option>
            ))}
            <option value={NONE}>No principal (a background job)</option>
          </select>
        </div>
      </div>
      <p className="principal-note">
        {view.principalWords}{' '}
        {view.entry.index === 0
          ? ''
          : view.fromStep
            ? 'This is the call’s own session.'
            : 'A what-if: the same call, made in another session.'}
      </p>
    </Panel>
  );
}

function AgentContext({ store }: { store: MemtoolLessonStore }) {
  const context = useStore(store, (s) => s.view?.context ?? []);
  if (context.length === 0) return null;
  return (
    <Panel
      title="The agent’s context"
      id="context"
      intro="What the model read before it made the calls: one flat sequence of text. Role labels are tokens too; nothing marks the ticket’s paragraph as someone else’s instruction."
    >
      <div className="messages">
        {context.map((message, i) => (
          <div key={i} className={message.role === 'tool' ? 'context-untrusted' : undefined}>
            <p className="message-role">
              {message.role}
              {message.source !== undefined ? ` · ${message.source}` : ''}
              {message.role === 'tool' && (
                <span className="untrusted-label">
                  {' '}
                  · <span aria-hidden="true">⚠ </span>content the agent read, not an instruction anyone with authority
                  gave
                </span>
              )}
            </p>
            <pre className="message-content">{message.text}</pre>
          </div>
        ))}
      </div>
    </Panel>
  );
}

function Answers({ store }: { store: MemtoolLessonStore }) {
  const view = useStore(store, (s) => s.view);
  if (view === null) return null;
  const { outcome, entry } = view;
  const call = entry.step === null ? null : { name: entry.step.op, arguments: entry.step.args };
  return (
    <Panel
      title={call === null ? 'The tools' : `Answers to ${call.name}`}
      id="requests"
      className="requests"
      intro={
        call === null
          ? 'Step to a call to see the safe tool answer it beside the naive one.'
          : 'The call exactly as the model wrote it, answered by the safe tool (left) and the naive one (right).'
      }
    >
      {call !== null && (
        <>
          <p className="message-role">The call as the model wrote it</p>
          <pre className="message-content call-json">{JSON.stringify(call)}</pre>
        </>
      )}
      {outcome === null ? (
        <p className="muted">No call at the starting state.</p>
      ) : outcome.kind === 'searched' ? (
        <SearchAnswers outcome={outcome} fields={view.searchFields} />
      ) : outcome.kind === 'forgot' ? (
        <ForgetAnswers outcome={outcome} />
      ) : outcome.kind === 'viewed' ? (
        <ViewAnswers outcome={outcome} outside={view.outside ?? { safe: false, naive: false }} />
      ) : null}
    </Panel>
  );
}

function Store({ store }: { store: MemtoolLessonStore }) {
  const view = useStore(store, (s) => s.view);
  if (view === null) return null;
  const { owners, files, links } = view;
  return (
    <Panel
      title="Shared store after this step"
      id="store"
      intro="Every tenant’s records live in one store; a search is narrowed to one namespace. Which namespace is the whole question."
    >
      <div className="store-groups">
        {owners.map(({ owner, own, records }) => {
          return (
            <div key={owner} role="group" aria-label={owner} className={`store-group tenant-group${own ? ' own' : ''}`}>
              <h3 className="group-title">
                {owner}
                {own ? ' (the asker)' : ''}
              </h3>
              <ul className="item-list">
                {records.map((record) => (
                  <li key={record.id} className="store-item">
                    <code className="item-id">{record.id}</code>
                    <LongText className="item-text" text={record.text} />
                  </li>
                ))}
              </ul>
            </div>
          );
        })}
        <div role="group" aria-label="Memory files" className="store-group tenant-group">
          <h3 className="group-title">Memory files</h3>
          <ul className="item-list">
            {files.map(([path, text]) => (
              <li key={path} className="store-item">
                <code className="item-id">{path}</code>
                <LongText className="item-text" text={text} />
              </li>
            ))}
            {links.map(([path, target]) => (
              <li key={path} className="store-item">
                <code className="item-id">{path}</code>
                <p className="item-text">
                  symbolic link to <code>{target}</code>
                </p>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </Panel>
  );
}

const WORDS: KitLessonWords = {
  safeName: 'the safe tools',
  naiveName: 'the naive tools',
  naivePlural: true,
  stepNoun: 'Call',
  timelineIntro: 'Every tool call the agent made, in order. Pick one to see both tools answer it.',
  editorPath: 'memtool-lesson.json',
  editorIntro:
    'The memtool scenario as JSON: sessions, the shared store’s records, memory files and links, the agent’s context, and the calls it made (each with an optional note and expectations). Your edit is kept in this browser.',
};

export default kitLesson<'memtool'>({
  words: WORDS,
  centre: (store) => (
    <>
      <ActAs store={store} />
      <Answers store={store} />
    </>
  ),
  tabs: (store) => [
    { id: 'context', label: 'Context', pane: <AgentContext store={store} /> },
    { id: 'store', label: 'Store', pane: <Store store={store} /> },
  ],
});
