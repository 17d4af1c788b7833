import { describe, expect, it } from 'vitest';
import { goldenCases, projectText } from '../testing/fixtures';
import { drain, mapInSlices, unit, type Work } from './work';
import { replayText, replayTextWork } from './replayText';
import { runChecks, runChecksWork } from '../checks/checks';
import { withRulesOff } from '../store/rules';

const CASES = goldenCases().slice(0, 24);
const text = (name: string) => projectText(`fixtures/golden/${name}.scenario.json`);

/** Drive two works a pause point at a time, turn about, as the page does when a Run supersedes another. */
function interleaved<A, B>(a: Work<A>, b: Work<B>): { a: A; b: B; pauses: number } {
  let ra: ReturnType<Work<A>['next']> | undefined;
  let rb: ReturnType<Work<B>['next']> | undefined;
  let pauses = 0;
  while (ra?.done !== true || rb?.done !== true) {
    if (ra?.done !== true) ra = a.next();
    if (rb?.done !== true) rb = b.next();
    pauses++;
  }
  return { a: ra.value, b: rb.value, pauses };
}

describe('replay in slices', () => {
  it.each(CASES)('%s: paused at every step beside another replay, it equals the plain replay', (name) => {
    const own = text(name);
    const other = text(CASES[(CASES.indexOf(name) + 1) % CASES.length]!);
    const rules = withRulesOff('escaping', 'atomicHandoff');
    const { a, b } = interleaved(replayTextWork(own, rules), replayTextWork(other));
    expect(a).toEqual(replayText(own, rules));
    expect(b).toEqual(replayText(other));
  });

  it('pauses after the parse and after every step, so no slice need hold more than one step', () => {
    const own = text(CASES[0]!);
    const outcome = replayText(own);
    if (outcome.kind !== 'ok') throw new Error('the golden case must replay');
    let pauses = 0;
    const work = replayTextWork(own);
    while (work.next().done !== true) pauses++;
    expect(pauses).toBe(1 + outcome.timeline.entries.length - 1);
  });

  it('gives an invalid text’s located problems, as the plain replay does', () => {
    const broken = text(CASES[0]!).replace('"op": "write"', '"op": "wrote"');
    const sliced = drain(replayTextWork(broken));
    expect(sliced.kind).toBe('invalid');
    expect(sliced).toEqual(replayText(broken));
  });

  it.each(CASES.slice(0, 6))('%s: the checks paused after each invariant equal the plain checks', (name) => {
    const outcome = replayText(text(name), withRulesOff('taskCheck'));
    if (outcome.kind !== 'ok') throw new Error('the golden case must replay');
    const { a } = interleaved(
      runChecksWork(outcome.timeline),
      mapInSlices([1, 2, 3], (n) => n * 2, 1),
    );
    expect(a).toEqual(runChecks(outcome.timeline));
  });
});

describe('mapInSlices', () => {
  it('maps like Array.map, pausing every `every` elements', () => {
    const values = Array.from({ length: 10 }, (_, i) => i);
    let pauses = 0;
    const work = mapInSlices(values, (v, i) => v * 10 + i, 3);
    let next = work.next();
    for (; next.done !== true; next = work.next()) pauses++;
    expect(next.value).toEqual(values.map((v, i) => v * 10 + i));
    expect(pauses).toBe(3);
  });
});

describe('unit', () => {
  it('computes its value once when started, then pauses once before returning it', () => {
    let calls = 0;
    const work = unit(() => {
      calls++;
      return { answer: 42 };
    });
    expect(calls).toBe(0);
    expect(work.next()).toEqual({ done: false, value: undefined });
    expect(calls).toBe(1);
    expect(work.next()).toEqual({ done: true, value: { answer: 42 } });
    expect(calls).toBe(1);
  });
});
