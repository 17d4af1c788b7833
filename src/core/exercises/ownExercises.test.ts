import { describe, expect, it } from 'vitest';
import { projectText } from '../testing/fixtures';
import { MAX_JUDGED_CHARS } from '../limits';
import {
  canonicalJson,
  contentHash,
  isScenarioKey,
  ownExercisesOf,
  ownTasksOf,
  scenarioKey,
  scenarioTitle,
  withoutSolution,
} from './ownExercises';

const tutoring = () => projectText('fixtures/courses/tutoring.scenario.json');

describe('canonicalJson', () => {
  it('sorts keys at every level and drops spacing, as JSON.stringify would write the sorted value', () => {
    expect(canonicalJson({ b: [1, { d: 'x', c: null }], a: true })).toBe('{"a":true,"b":[1,{"c":null,"d":"x"}]}');
    expect(canonicalJson({ a: undefined, b: [undefined] })).toBe('{"b":[null]}');
    expect(canonicalJson('q"')).toBe(JSON.stringify('q"'));
    expect(canonicalJson({ f: () => 1, b: 1 })).toBe(JSON.stringify({ f: () => 1, b: 1 }));
  });
  it('writes a value nested 100,000 deep without exhausting the stack', () => {
    let deep: unknown = 0;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const written = canonicalJson(deep);
    expect(written.length).toBe(200_001);
    expect(written.startsWith('[[[')).toBe(true);
  });
});

describe('scenarioKey', () => {
  it('names the tasks, not their spacing or key order, and tells two teachers’ tasks apart', () => {
    const own = ownExercisesOf('store', tutoring())!;
    expect(isScenarioKey(own.key)).toBe(true);
    const reordered = own.exercises.map(({ answer, hints, goal, task, id }) => ({ answer, hints, goal, task, id }));
    expect(scenarioKey('store', reordered)).toBe(own.key);
    const other = [{ ...own.exercises[0]!, goal: { kind: 'naiveLeakSelected' as const, owner: 'lee', to: 'sam' } }];
    expect(scenarioKey('store', other)).not.toBe(scenarioKey('store', own.exercises.slice(0, 1)));
    expect(scenarioKey('router', own.exercises)).not.toBe(own.key);
    expect(contentHash('a')).not.toBe(contentHash('b'));
    expect(isScenarioKey(`x${own.key}`)).toBe(false);
    expect(isScenarioKey(`${own.key}0`)).toBe(false);
    expect(isScenarioKey('seed-alice-bob')).toBe(false);
  });
});

describe('ownExercisesOf', () => {
  it('reads the tasks and the solution a scenario carries, and keeps its key while the steps are edited', () => {
    const own = ownExercisesOf('store', tutoring())!;
    expect(own.exercises.map((e) => e.id)).toEqual(['spot-the-copied-draft', 'keep-the-grader-blind']);
    expect(own.solution?.taskActs).toBeDefined();
    const edited = JSON.parse(tutoring()) as { steps: unknown[] };
    edited.steps.push({ op: 'close_task', user: 'sam', task: 'term-1' });
    expect(ownExercisesOf('store', JSON.stringify(edited))!.key).toBe(own.key);
  });
  it('is null for a scenario without tasks, an empty list, or text that is not JSON', () => {
    expect(ownExercisesOf('store', projectText('fixtures/scenario.json'))).toBeNull();
    expect(ownExercisesOf('store', '{"exercises": []}')).toBeNull();
    expect(ownExercisesOf('store', '{"exercises": ')).toBeNull();
    expect(ownExercisesOf('store', '[1]')).toBeNull();
  });
});

describe('ownTasksOf', () => {
  it('answers a ran text’s tasks without the solution, and none for a text past MAX_JUDGED_CHARS', () => {
    const own = ownExercisesOf('store', tutoring())!;
    expect(ownTasksOf('store', tutoring())).toEqual({ key: own.key, title: own.title, exercises: own.exercises });
    expect(ownTasksOf('store', projectText('fixtures/scenario.json'))).toBeNull();
    const longest = tutoring().replace('"steps"', `"padding": "${'x'.repeat(MAX_JUDGED_CHARS)}", "steps"`);
    expect(ownTasksOf('store', longest)).toBeNull();
    const padded = tutoring().replace(/\s*$/, ' '.repeat(MAX_JUDGED_CHARS - tutoring().trimEnd().length));
    expect(padded.length).toBe(MAX_JUDGED_CHARS);
    expect(ownTasksOf('store', padded)?.key).toBe(own.key);
  });
});

describe('withoutSolution', () => {
  it('takes out the solution, keeps every other character, and leaves a text without one alone', () => {
    const text = tutoring();
    const kept = withoutSolution(text);
    expect(kept).not.toContain('"solution"');
    expect(JSON.parse(kept)).toEqual({ ...(JSON.parse(text) as object), solution: undefined });
    expect(kept.slice(0, 200)).toBe(text.slice(0, 200));
    expect(ownExercisesOf('store', kept)!.key).toBe(ownExercisesOf('store', text)!.key);
    const plain = projectText('fixtures/scenario.json');
    expect(withoutSolution(plain)).toBe(plain);
    expect(withoutSolution('{"solution": ')).toBe('{"solution": ');
    const deep = `{"solution": ${'['.repeat(5000)}${']'.repeat(5000)}}`;
    expect(withoutSolution(deep)).toBe(deep);
  });

  it('takes it out wherever it stands, with its comma, and every copy of a repeated key', () => {
    const pretty = (members: string[]) => `{\n  ${members.join(',\n  ')}\n}\n`;
    const solution = '"solution": {"taskActs": {"a": []}}';
    expect(withoutSolution(pretty(['"agents": []', solution, '"steps": [1]']))).toBe(
      pretty(['"agents": []', '"steps": [1]']),
    );
    expect(withoutSolution(pretty(['"agents": []', '"steps": [1]', solution]))).toBe(
      pretty(['"agents": []', '"steps": [1]']),
    );
    expect(withoutSolution(pretty([solution, '"agents": []']))).toBe(pretty(['"agents": []']));
    expect(withoutSolution(pretty([solution]))).toBe('{\n  \n}\n');
    expect(withoutSolution(`{"a":1,${solution},"b":2,${solution},${solution}}`)).toBe('{"a":1,"b":2}');
    expect(withoutSolution(`{${solution},${solution}}`)).toBe('{}');
    expect(withoutSolution('{"a": {"solution": 1}}')).toBe('{"a": {"solution": 1}}');
  });
});

describe('scenarioTitle', () => {
  it('is the scenario’s title, else the users its steps act as', () => {
    expect(ownExercisesOf('store', tutoring())!.title).toBe('A scenario of sam, lee');
    expect(scenarioTitle({ title: ' Tutoring ', steps: [] })).toBe('Tutoring');
    expect(scenarioTitle({ steps: [{ op: 'close_task', user: 'a', task: 't' }, null, 3] })).toBe('A scenario of a');
    expect(scenarioTitle({})).toBe('A scenario of your own');
    expect(scenarioTitle({ title: '   ', steps: [{ as: ['', 't', 'a'] }] })).toBe('A scenario of your own');
    expect(scenarioTitle({ title: `  ${'t'.repeat(300)}` })).toBe('t'.repeat(200));
    const five = ['a', 'b', 'c', 'd', 'e'].map((user) => ({ op: 'close_task', user, task: 't' }));
    expect(scenarioTitle({ steps: five })).toBe('A scenario of a, b, c, d and more');
    expect(scenarioTitle({ steps: five.slice(0, 4) })).toBe('A scenario of a, b, c, d');
  });
});
