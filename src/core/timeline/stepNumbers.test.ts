import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { replayText } from '../replay/replayText';
import { arrayIndexOf, pathWithStep, stepName, stepNumberOf, stepPosition } from './stepNumbers';
import { lazyRows, mapRows, rowsToArray } from './rows';
import { describeEntry } from '../explain/describe';

const seed = readFileSync(new URL('../../../fixtures/scenario.json', import.meta.url), 'utf8');

function seedTimeline() {
  const outcome = replayText(seed);
  if (outcome.kind !== 'ok') throw new Error('the seed does not replay');
  return outcome.timeline;
}

describe('one step numbering', () => {
  it('numbers steps[i] as step i + 1, and the timeline entry of step N is steps[N-1]', () => {
    expect(stepNumberOf(0)).toBe(1);
    expect(arrayIndexOf(10)).toBe(9);
    const steps = (JSON.parse(seed) as { steps: unknown[] }).steps;
    const timeline = seedTimeline();
    for (const entry of timeline.entries.slice(1)) {
      expect(entry.step).toEqual(steps[arrayIndexOf(entry.index)]);
    }
  });

  it('counts the steps, not the entries: 12 steps are "of 12", and the configuration comes before step 1', () => {
    expect(stepPosition(0, 12)).toBe('Before step 1 of 12');
    expect(stepPosition(12, 12)).toBe('Step 12 of 12');
    // The vector lesson's one question: nothing comes before or after it.
    expect(stepPosition(0, 0, 'Query')).toBe('The only query');
    expect(stepPosition(3, 9, 'Call')).toBe('Call 3 of 9');
    expect(stepName(0)).toBe('the configuration');
    expect(stepName(7)).toBe('step 7');
  });

  it('is the number the timeline rows show', () => {
    const timeline = seedTimeline();
    const last = timeline.entries.length - 1;
    expect(describeEntry(timeline.entries[10]!, last).position).toBe('Step 10 of 12');
  });
});

describe('a problem path with its step', () => {
  it('names the step a path under steps[] points into, and leaves any other path alone', () => {
    expect(pathWithStep('steps[0].as')).toBe('steps[0].as (step 1)');
    expect(pathWithStep('steps[12]')).toBe('steps[12] (step 13)');
    expect(pathWithStep('agents[2].name')).toBe('agents[2].name');
    expect(pathWithStep('exercises[0].goal.steps[3]')).toBe('exercises[0].goal.steps[3]');
    expect(pathWithStep('steps[x]')).toBe('steps[x]');
  });
});

describe('rows read on demand', () => {
  it('make a row only for an index inside the list, and map rows the same way', () => {
    const made: number[] = [];
    const rows = lazyRows(Int32Array.from([30, 10, 20]), (position) => (made.push(position), position * 2));
    expect(rows.length).toBe(3);
    expect([rows.at(-1), rows.at(3), rows.at(100)]).toEqual([undefined, undefined, undefined]);
    expect(made).toEqual([]);
    expect(rows.at(1)).toBe(20);
    expect(rowsToArray(rows)).toEqual([60, 20, 40]);
    const labels = mapRows(rows, (n) => `row ${n}`);
    expect(labels.length).toBe(3);
    expect(labels.at(3)).toBeUndefined();
    expect(rowsToArray(labels)).toEqual(['row 60', 'row 20', 'row 40']);
  });
});
