/** The router scenario format: what it accepts, and where it says a problem is. */
import { describe, expect, it } from 'vitest';
import { parseRouterScenario, validateRouterScenario } from './scenario';
import { MAX_DEPTH } from '../scenario/scenario';

const valid = {
  contexts: { 'general-room': { context_id: 'general-example', read_banks: ['general'], write_bank: 'general' } },
  banks: { general: [{ memory_id: 'general-1', content: 'Release checklists.', source_id: 'doc-1' }] },
  steps: [{ op: 'recall', context: 'general-room', query: 'release' }],
};

const text = (value: unknown) => JSON.stringify(value, null, 2);

function problems(source: string) {
  const outcome = parseRouterScenario(source);
  if (outcome.kind !== 'invalid') throw new Error('expected the scenario to be refused');
  return outcome.problems;
}

describe('the router scenario format', () => {
  it("accepts contexts, banks and steps, with the seed's defaults left out", () => {
    const outcome = parseRouterScenario(text({ contexts: { bare: {} }, banks: {}, steps: [] }));
    expect(outcome.kind).toBe('ok');
  });

  it('names an unknown field, with its line and column', () => {
    const source = text({ ...valid, steps: [{ op: 'recall', context: 'general-room', query: 'x', limt: 3 }] });
    const line = source.split('\n').findIndex((row) => row.includes('"limt"')) + 1;
    const [problem] = problems(source);
    expect(problem).toMatchObject({ message: 'unknown field "limt"', path: 'steps[0].limt', line, column: 7 });
  });

  it('refuses a third bank instead of ignoring it as the seed does', () => {
    const [problem] = problems(text({ ...valid, banks: { general: [], archive: [] } }));
    expect(problem).toMatchObject({ message: 'unknown field "archive"', path: 'banks.archive' });
  });

  it('refuses a field of the wrong type, at its path', () => {
    const [problem] = problems(text({ ...valid, contexts: { room: { read_banks: 'general' } } }));
    expect(problem?.path).toBe('contexts.room.read_banks');
    expect(problem?.message).toContain('expected array');
  });

  it('refuses a limit that is not a whole number, but leaves a limit below 1 to the router', () => {
    expect(problems(text({ ...valid, steps: [{ op: 'recall', context: 'x', query: 'q', limit: 1.5 }] }))[0]?.path).toBe(
      'steps[0].limit',
    );
    expect(
      parseRouterScenario(text({ ...valid, steps: [{ op: 'recall', context: 'x', query: 'q', limit: 0 }] })).kind,
    ).toBe('ok');
  });

  it('refuses an unknown op and a memory without its source', () => {
    expect(problems(text({ ...valid, steps: [{ op: 'forget', context: 'x' }] }))[0]?.path).toBe('steps[0].op');
    const missing = problems(
      text({ ...valid, steps: [{ op: 'remember', context: 'x', memory: { memory_id: 'm', content: 'c' } }] }),
    );
    expect(missing[0]?.path).toBe('steps[0].memory.source_id');
  });

  it("reports JSON syntax in the main editor's words, located", () => {
    const [problem] = problems('{\n  "contexts": {},\n  "banks": {}\n  "steps": []\n}');
    expect(problem).toMatchObject({
      message: 'JSON syntax: expected "," or a closing bracket',
      path: '(syntax)',
      line: 4,
      column: 3,
    });
  });

  it('refuses JSON nested too deeply to read safely', () => {
    const deep = `{"contexts": {}, "banks": {}, "steps": [], "title": ${'['.repeat(MAX_DEPTH)}${']'.repeat(MAX_DEPTH)}}`;
    expect(problems(deep)[0]?.message).toBe(`JSON nested deeper than ${MAX_DEPTH} levels`);
  });

  it('refuses a "__proto__" context key rather than letting it vanish', () => {
    const [problem] = problems('{"contexts": {"__proto__": {}}, "banks": {}, "steps": []}');
    expect(problem).toMatchObject({
      message: 'the key "__proto__" is not allowed',
      path: 'contexts.__proto__',
      line: 1,
      column: 15,
    });
  });

  it('validates a value that is already parsed, without positions', () => {
    const outcome = validateRouterScenario({ ...valid, steps: 'none' });
    expect(outcome.kind === 'invalid' && outcome.problems[0]).toMatchObject({ path: 'steps' });
    expect(outcome.kind === 'invalid' && outcome.problems[0]?.line).toBeUndefined();
  });
});
