import { describe, expect, it } from 'vitest';
import { ownAdapter } from '../core/conformance/ownAdapter';
import { withRulesOff, ALL_RULES, type Rules } from '../core/store/rules';
import { projectText } from '../core/testing/fixtures';
import { createYourStoreMarks, disagreementsFor } from './yourStore';
import { createYourStoreRunner, type Post } from './yourStoreRun';

const SEED = projectText('fixtures/scenario.json');

/** The own store with `rules`, answering as an HTTP adapter would; `sent` records each line. */
function adapterPost(rules: Rules, sent: string[] = []): Post {
  const adapter = ownAdapter(rules);
  return async (_url, body) => {
    sent.push(body);
    return { kind: 'answered', status: 200, body: JSON.stringify(adapter.handle(JSON.parse(body))) };
  };
}

describe('running the scenario against your store', () => {
  it('finds the steps where a store without the task check disagrees, with the reference’s reason', async () => {
    const marks = createYourStoreMarks();
    await createYourStoreRunner(marks, adapterPost(withRulesOff('taskCheck'))).runScenario(
      SEED,
      'http://127.0.0.1:4437/',
    );
    const found = disagreementsFor(marks.getState().run, SEED);
    expect(found.map((d) => d.index)).toHaveLength(1);
    expect(found[0]!.reasons).toContain("bob-export-plan: not in the request: bob's task-17 item, you are in task-18");
    // The rule it breaks, named as the command line names it.
    expect(found[0]!.breaks).toMatch(/^breaks “A task item stays in its task”( or “[^”]+”)*$/);
  });

  it('stops at an operation the store lacks, and says so instead of marking every later step', async () => {
    const scenario = JSON.parse(SEED) as { steps: { op: string }[] };
    const text = JSON.stringify({
      ...scenario,
      steps: [...scenario.steps.slice(0, 2), { op: 'forget_user', user: 'bob' }, ...scenario.steps.slice(2)],
    });
    const marks = createYourStoreMarks();
    const adapter = adapterPost(ALL_RULES);
    const lacking: Post = async (url, body, signal) =>
      JSON.parse(body).op === 'forget_user'
        ? { kind: 'answered', status: 200, body: '{"unsupported":true}' }
        : adapter(url, body, signal);
    await createYourStoreRunner(marks, lacking).runScenario(text, 'http://127.0.0.1:4437/');
    expect(marks.getState().run).toMatchObject({
      kind: 'done',
      disagreements: [],
      notApplicable: { index: 3, note: 'the store has no forget_user' },
    });
  });

  it('finds none for the reference store itself, and sends reset first and end last', async () => {
    const marks = createYourStoreMarks();
    const sent: string[] = [];
    await createYourStoreRunner(marks, adapterPost(ALL_RULES, sent)).runScenario(SEED, 'http://127.0.0.1:4437/');
    expect(marks.getState().run).toMatchObject({ kind: 'done', disagreements: [] });
    expect(JSON.parse(sent[0]!).op).toBe('reset');
    expect(JSON.parse(sent.at(-1)!).op).toBe('end');
  });

  it('keeps no marks for an edited scenario', async () => {
    const marks = createYourStoreMarks();
    await createYourStoreRunner(marks, adapterPost(withRulesOff('taskCheck'))).runScenario(
      SEED,
      'http://127.0.0.1:4437/',
    );
    expect(disagreementsFor(marks.getState().run, `${SEED} `)).toEqual([]);
  });

  it('reports an adapter that answers something that is not JSON, in words', async () => {
    const marks = createYourStoreMarks();
    const post: Post = async () => ({ kind: 'answered', status: 200, body: '<html>hello</html>' });
    await createYourStoreRunner(marks, post).runScenario(SEED, 'http://127.0.0.1:4437/');
    expect(marks.getState().run).toMatchObject({
      kind: 'failed',
      message: expect.stringMatching(/^The adapter answered something that is not JSON/),
    });
  });
});
