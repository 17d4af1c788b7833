/**
 * Ask your own model: the learner's Ollama address, model and seed; the query in view's two requests,
 * sent only on request and only to a loopback address; the answers graded beside the recorded ones.
 */
import { type FormEvent, useId, useMemo, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import pinText from '../../../recorded/answer-model.json?raw';
import { type AnswerModel, parseAnswerModel } from '../../core/grading/answerModel';
import { checkModelAddress, DEFAULT_MODEL_ADDRESS } from './modelAddress';
import { requestsInView } from '../../state/askView';
import { usePlayground } from '../common/playground';
import { CrossOriginHelp } from './CrossOrigin';
import { LiveAnswer } from './LiveAnswer';
import { TextField } from '../common/TextField';
import { useAskModel } from './useAskModel';
import './model.css';
import { digits } from '../../core/text/digits';

function pinned(): AnswerModel {
  const outcome = parseAnswerModel(pinText);
  if (outcome.kind !== 'ok') throw new Error(`recorded/answer-model.json: ${outcome.problems.join('; ')}`);
  return outcome.model;
}

const size = (n: number) => `${digits(n)} characters`;

export default function AskModel() {
  const pin = useMemo(pinned, []);
  const { request, index, book, requests } = usePlayground(
    useShallow((s) => ({
      request: s.view.request,
      index: s.index,
      book: s.answers,
      requests: requestsInView(s.view.request),
    })),
  );
  const [address, setAddress] = useState(DEFAULT_MODEL_ADDRESS);
  const [model, setModel] = useState(pin.ollama_tag);
  const [seed, setSeed] = useState(pin.seeds[0] ?? 1);
  const { state, send, cancel } = useAskModel(pin);
  const ids = { address: useId(), addressHint: useId(), model: useId(), seed: useId() };

  const key = request.kind === 'ok' ? `${index} ${requests[0]?.principal} ${request.result.question}` : '';
  const recordedNames = request.kind === 'ok' ? request.recorded : [];
  const check = checkModelAddress(address);
  const sending = state.kind === 'sending';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (sending || request.kind !== 'ok') return;
    const label = `Answers to “${request.result.question}”, asked as ${requests[0]!.principal} ${index === 0 ? 'after the configuration' : `at step ${index}`}.`;
    void send({ key, label, recorded: recordedNames }, requests, { address, model: model.trim(), seed });
  };
  const shown = state.kind === 'sending' || state.kind === 'done' ? state : null;
  const blocked =
    shown?.results.some(
      ({ outcome }) => outcome.kind === 'unreadable' || (outcome.kind === 'status' && outcome.status === 403),
    ) ?? false;

  return (
    <div className="model-view">
      <form className="model-form" onSubmit={submit}>
        <TextField
          id={ids.address}
          label="Your Ollama server"
          url
          value={address}
          describedBy={ids.addressHint}
          onChange={setAddress}
        />
        <TextField id={ids.model} label="Model" value={model} onChange={setModel} />
        <label className="field field-seed" htmlFor={ids.seed}>
          <span className="field-label">Seed</span>
          <input
            id={ids.seed}
            type="number"
            min={0}
            step={1}
            value={seed}
            onChange={(event) => setSeed(Math.max(0, Math.trunc(Number(event.target.value) || 0)))}
          />
        </label>
        <button type="submit" className="primary" disabled={sending || requests.length === 0 || model.trim() === ''}>
          Send the two requests
        </button>
        {sending && (
          <button type="button" onClick={cancel}>
            Cancel
          </button>
        )}
      </form>
      <p id={ids.addressHint} className={`hint${check.kind === 'ok' ? '' : ' model-address-bad'}`}>
        {check.kind === 'ok'
          ? 'Loopback addresses only: http://127.0.0.1 or http://localhost, any port.'
          : check.kind === 'invalid'
            ? check.message
            : `${check.message} The page will send nothing to it.`}
      </p>
      {request.kind === 'ok' ? (
        <p>
          Press Send to make exactly two <code>POST /api/chat</code> requests to{' '}
          {check.kind === 'ok' ? <code>{check.origin}</code> : 'your server, once its address is a loopback one'}, one
          after the other: <code>{requests[0]!.name}</code> (
          {size(requests[0]!.messages.reduce((n, m) => n + m.content.length, 0))}) and <code>{requests[1]!.name}</code>{' '}
          ({size(requests[1]!.messages.reduce((n, m) => n + m.content.length, 0))}), with the recorded sampling options
          (temperature {pin.options.temperature}, top_k {pin.options.top_k}, top_p {pin.options.top_p}). Before each,
          the browser may ask the server whether this page may send JSON (a CORS preflight that carries no data).
          Nothing else is sent, and the page does not check which build of the model your server holds.
        </p>
      ) : (
        <p className="model-none">
          {request.kind === 'rejected'
            ? `No request at this step: ${request.reason}`
            : 'No request at this step: pick a principal above.'}
        </p>
      )}
      <div role="status" aria-label="Your model">
        {state.kind === 'refused' && (
          <p className="model-failure">
            <span aria-hidden="true">✗ </span>
            <strong>Not sent.</strong> {state.check.message}
          </p>
        )}
        {state.kind === 'sending' && (
          <p>
            Waiting for <code>{state.current.name}</code> from {state.asked.origin}…
          </p>
        )}
        {state.kind === 'done' && (
          <p>
            {state.asked.label}
            {state.asked.key !== key && ' You have moved on since: send again for the request in view now.'}
          </p>
        )}
      </div>
      {blocked && shown !== null && (
        <div role="alert" className="model-blocked">
          <p className="model-failure">
            <strong>The browser could not read an answer from {shown.asked.origin}.</strong>
          </p>
          <CrossOriginHelp server={shown.asked.origin} open />
        </div>
      )}
      {shown !== null && shown.results.length > 0 && (
        <div className="model-answers">
          {shown.results.map((result) => (
            <LiveAnswer
              key={result.request.name}
              result={result}
              seed={shown.asked.seed}
              model={shown.asked.model}
              origin={shown.asked.origin}
              recorded={
                shown.asked.recorded.includes(result.request.name)
                  ? book.rows.filter((row) => row.request === result.request.name)
                  : []
              }
            />
          ))}
        </div>
      )}
      {!blocked && <CrossOriginHelp server={check.kind === 'ok' ? check.origin : DEFAULT_MODEL_ADDRESS} />}
    </div>
  );
}
