/** The memtool scenario format: what it accepts, and where it says a problem is. */
import { describe, expect, it } from 'vitest';
import { parseMemtoolScenario, validateMemtoolScenario } from './scenario';

const base = {
  sessions: { support: { org_id: 'org_2207', user_id: 'usr_310' } },
  memories: [{ id: 'mem_a1', org_id: 'org_2207', user_id: 'usr_310', text: 'A fact.' }],
  steps: [{ op: 'search_memory', session: 'support', args: { query: 'fact', org_id: 'org_4471' } }],
};
const text = (value: unknown) => JSON.stringify(value, null, 2);

function problems(value: unknown) {
  const outcome = parseMemtoolScenario(typeof value === 'string' ? value : text(value));
  if (outcome.kind !== 'invalid') throw new Error('expected the scenario to be refused');
  return outcome.problems.map(({ message, path }) => ({ message, path }));
}

describe('the memtool scenario format', () => {
  it('accepts any arguments the model wrote, and a step with no session', () => {
    const outcome = parseMemtoolScenario(
      text({
        ...base,
        steps: [...base.steps, { op: 'forget_memory', session: null, args: { memory_id: 7, x: [null] } }],
      }),
    );
    expect(outcome.kind).toBe('ok');
  });

  it('names an unknown field and an unknown op, at their paths', () => {
    expect(problems({ ...base, principals: {} })).toEqual([
      { message: 'unknown field "principals"', path: 'principals' },
    ]);
    expect(problems({ ...base, steps: [{ op: 'delete_memory', session: null, args: {} }] })[0]?.path).toBe(
      'steps[0].op',
    );
  });

  it('requires a step to say which session it runs in, even when none', () => {
    expect(problems({ ...base, steps: [{ op: 'search_memory', args: { query: 'q' } }] })[0]?.path).toBe(
      'steps[0].session',
    );
  });

  it('refuses a session the scenario does not define', () => {
    expect(problems({ ...base, steps: [{ op: 'search_memory', session: 'admin', args: {} }] })).toEqual([
      { message: 'unknown session "admin"', path: 'steps[0].session' },
    ]);
  });

  it('refuses an identifier that would not name a single directory', () => {
    expect(problems({ ...base, sessions: { s: { org_id: '../org_1', user_id: 'u' } } })[0]).toEqual({
      message: 'expected letters, digits, "_" or "-" (it names a directory)',
      path: 'sessions.s.org_id',
    });
  });

  it('refuses a duplicate memory ID and a file path that is not canonical', () => {
    const memory = base.memories[0]!;
    expect(problems({ ...base, memories: [memory, memory] })).toEqual([
      { message: 'duplicate memory id mem_a1 (also memories[0])', path: 'memories[1].id' },
    ]);
    expect(problems({ ...base, files: { '/memories/a/../b.md': 'x' } })[0]?.path).toBe('files["/memories/a/../b.md"]');
    expect(problems({ ...base, links: { 'relative/link': '/x' } })[0]?.path).toBe('links["relative/link"]');
  });

  it.each(['/', '/memories/a/', 'memories/a.md', '/memories//a.md', '/memories/./a.md'])(
    'refuses the file path %j, which is not one absolute, normalized file',
    (path) => {
      expect(problems({ ...base, files: { [path]: 'x' } })).toEqual([
        {
          message: 'expected an absolute, normalized path such as /memories/org_1/usr_1/notes.md',
          path: `files[${JSON.stringify(path)}]`,
        },
      ]);
    },
  );

  it('accepts canonical file and link paths, and a link to any target', () => {
    const outcome = parseMemtoolScenario(
      text({ ...base, files: { '/m': 'x', '/memories/o/u/a.md': 'y' }, links: { '/memories/o/u/l': '../..' } }),
    );
    expect(outcome.kind).toBe('ok');
  });

  it('locates a problem by line and column in the text', () => {
    const source = text({ ...base, steps: [{ op: 'search_memory', session: 'nobody', args: {} }] });
    const outcome = parseMemtoolScenario(source);
    const line = source.split('\n').findIndex((row) => row.includes('"nobody"')) + 1;
    expect(outcome.kind === 'invalid' && outcome.problems[0]).toMatchObject({
      path: 'steps[0].session',
      line,
      column: 18,
    });
  });

  it('validates a value that is already parsed, without positions', () => {
    expect(validateMemtoolScenario(base)).toMatchObject({ kind: 'ok', scenario: { memories: base.memories } });
    const outcome = validateMemtoolScenario({ ...base, memories: 'none' });
    expect(outcome.kind === 'invalid' && outcome.problems.map((p) => [p.path, p.line])).toEqual([
      ['memories', undefined],
    ]);
  });

  it("reports JSON syntax in the main editor's words", () => {
    expect(problems('{"sessions": {}, }')[0]?.message).toBe('JSON syntax: expected a property name in double quotes');
  });
});
