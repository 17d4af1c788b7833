/**
 * Sending the query's two requests to the learner's model: the address is checked first (a refused
 * address sends nothing), then the scoped request and the naive one, one after the other. A failure
 * stops there: the second request is not sent after the first could not be read.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AnswerModel } from '../../core/grading/answerModel';
import { type AnswerRequest, chatBody } from '../../core/grading/answerRequests';
import { type AddressCheck, checkModelAddress } from './modelAddress';
import { type ChatOutcome, postChat } from './ollamaChat';

export interface AskSettings {
  address: string;
  model: string;
  seed: number;
}

export interface LiveResult {
  request: AnswerRequest;
  outcome: ChatOutcome;
}

/** The query in view when Send was pressed. */
export interface AskedQuery {
  /** Step, principal and question: the view compares it with the query in view now. */
  key: string;
  /** "Answers to “…”, asked as bob/task-17/planner at step 7." */
  label: string;
  /** Recorded request names whose messages are exactly these requests'. */
  recorded: readonly string[];
}

/** What was asked, where, and with which model and seed. */
export interface Asked extends AskedQuery {
  origin: string;
  model: string;
  seed: number;
}

export type AskState =
  | { kind: 'idle' }
  | { kind: 'refused'; check: Exclude<AddressCheck, { kind: 'ok' }> }
  | { kind: 'sending'; asked: Asked; results: LiveResult[]; current: AnswerRequest }
  | { kind: 'done'; asked: Asked; results: LiveResult[] };

export function useAskModel(pin: AnswerModel) {
  const [state, setState] = useState<AskState>({ kind: 'idle' });
  const stop = useRef<AbortController | null>(null);
  const generation = useRef(0);
  useEffect(() => () => stop.current?.abort(), []);

  /** Send `requests`, the two of the query in view, with the learner's settings. */
  const send = useCallback(
    async (query: AskedQuery, requests: readonly AnswerRequest[], settings: AskSettings) => {
      const check = checkModelAddress(settings.address);
      if (check.kind !== 'ok') {
        setState({ kind: 'refused', check });
        return;
      }
      stop.current?.abort();
      const controller = new AbortController();
      stop.current = controller;
      const mine = ++generation.current;
      const asked: Asked = { ...query, origin: check.origin, model: settings.model, seed: settings.seed };
      const model = { ...pin, ollama_tag: settings.model };
      const results: LiveResult[] = [];
      for (const request of requests) {
        setState({ kind: 'sending', asked, results: [...results], current: request });
        const outcome = await postChat(check, chatBody(model, request, settings.seed), controller.signal);
        if (mine !== generation.current) return; // a newer send took over
        results.push({ request, outcome });
        if (outcome.kind !== 'answer') break;
      }
      setState({ kind: 'done', asked, results });
    },
    [pin],
  );

  /** Stop the request in flight; what came back so far stays. */
  const cancel = useCallback(() => stop.current?.abort(), []);

  return { state, send, cancel };
}
