/**
 * Running the current scenario against a learner's adapter on a loopback HTTP address, one POST per
 * line, and keeping the steps where it and the reference store disagree (with the explainer's reason
 * for the reference's answer) in the marks store the timeline reads. Loaded with the Your store tab.
 */
import { type YourStoreMarks, yourStoreMarks } from './yourStore';
import { parseScenario } from '../core/scenario/scenario';
import { compareEveryStep } from '../core/conformance/run';
import { ProtocolError } from '../core/conformance/run';
import { type PostResult, postSession } from '../core/conformance/postSession';
import { disagreementsOf } from '../core/conformance/disagreements';
import { jobRunner } from './jobs';

export interface YourStoreRunner {
  /** Send the scenario `ranText` to the adapter at `url`, one POST per line; a run in flight is dropped. */
  runScenario(ranText: string, url: string): Promise<void>;
  /** Stop a run in flight; what it found so far is dropped. */
  cancel(): void;
}

/** How long one answer may take, in milliseconds. */
export const LINE_TIMEOUT_MS = 5_000;

export type Post = (url: string, body: string, signal: AbortSignal) => Promise<PostResult>;

/** The browser's fetch as a POST of one line; a network error or timeout is a reason, not a throw. */
export const fetchPost: Post = async (url, body, signal) => {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      redirect: 'error',
      credentials: 'omit',
      signal: AbortSignal.any([signal, AbortSignal.timeout(LINE_TIMEOUT_MS)]),
    });
    return { kind: 'answered', status: response.status, body: await response.text() };
  } catch (error) {
    if ((error as Error).name === 'TimeoutError')
      return { kind: 'failed', message: `did not answer within ${LINE_TIMEOUT_MS / 1000} s` };
    return {
      kind: 'failed',
      message: `could not be reached at ${url} (is it running, and does it allow this page's origin, ${globalThis.location?.origin ?? 'this page'}?)`,
    };
  }
};

/** Runs against adapters, writing into `marks` (the page's by default). */
export function createYourStoreRunner(marks: YourStoreMarks = yourStoreMarks, post: Post = fetchPost): YourStoreRunner {
  // The stores' job runner drops the result of a superseded run instead of cancelling by hand.
  const jobs = jobRunner<'run'>();
  let abort = new AbortController();
  const set = (state: Parameters<YourStoreMarks['setState']>[0]) => marks.setState(state);
  return {
    cancel() {
      jobs.begin('run');
      abort.abort();
      set({ run: { kind: 'idle' } });
    },
    async runScenario(ranText, url) {
      const ids = jobs.begin('run');
      const superseded = () => !jobs.current('run', ids);
      abort.abort();
      abort = new AbortController();
      const signal = abort.signal;
      const parsed = parseScenario(ranText);
      if (parsed.kind !== 'ok') {
        set({ run: { kind: 'failed', ranText, message: 'The scenario does not parse: fix it in the editor first.' } });
        return;
      }
      const scenario = parsed.scenario;
      const total = scenario.steps.length + 2;
      let done = 0;
      set({ run: { kind: 'running', ranText, done, total } });
      const session = postSession(async (body) => {
        const result = await post(url, body, signal);
        done += 1;
        if (!superseded()) set({ run: { kind: 'running', ranText, done, total } });
        return result;
      });
      try {
        const compared = await compareEveryStep(session, scenario, {}, superseded);
        if (compared === null || superseded()) return;
        await session.send({ op: 'end' });
        if (superseded()) return;
        const { disagreements, notApplicable } = disagreementsOf(scenario, compared);
        set({ run: { kind: 'done', ranText, steps: scenario.steps.length, disagreements, notApplicable } });
      } catch (error) {
        if (superseded()) return;
        if (
          !(error instanceof ProtocolError) &&
          !(error instanceof Error && error.message.startsWith('not a test case'))
        )
          throw error;
        const message =
          error instanceof ProtocolError
            ? `The adapter ${error.message}.`
            : `This scenario cannot be run: ${error.message}.`;
        set({ run: { kind: 'failed', ranText, message } });
      }
    },
  };
}
