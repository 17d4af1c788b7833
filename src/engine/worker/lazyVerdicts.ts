/**
 * A store lesson's verdicts in an engine in the page's own thread (local.ts, and client.ts once its
 * worker is given up): the verifier (verdicts.ts) loads with the first request for verdicts, so the
 * page's entry JavaScript does not carry it. The worker loads it at once (worker.ts).
 */
import type { Answer } from '../protocol';
import type { TaskJudge } from './verdicts';

export interface LaterVerdicts {
  /** The judge to start the session with: it answers once the verifier has loaded. */
  judge: TaskJudge;
  /** Run `verify` (the session's) at once when the verifier has loaded, else once it has. */
  later<T>(verify: () => Answer<T>): Answer<T>;
}

/** `given`: a verifier already loaded (a test's). */
export function lazyVerdicts(given?: TaskJudge): LaterVerdicts {
  let judge = given ?? null;
  let loading: Promise<void> | null = null;
  const load = () =>
    (loading ??= import('./verdicts').then(({ taskJudge }) => {
      judge ??= taskJudge();
    }));
  return {
    judge: (request, ran) => {
      if (judge === null) throw new Error('the verifier has not loaded yet');
      return judge(request, ran);
    },
    later: (verify) => (judge !== null ? verify() : load().then(verify)),
  };
}
