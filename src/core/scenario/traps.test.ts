/**
 * Names that are also JavaScript property names (constructor, __proto__, toString, hasOwnProperty,
 * valueOf) must behave exactly like any other name: a lookup in a plain object would find
 * Object.prototype's members instead of nothing.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ScopeError } from '../store/errors';
import { makeAgent, makePrincipal } from '../store/entities';
import { ContextStore } from '../store/store';
import { buildContext } from '../store/context';
import { parseScenario } from './scenario';
import { replayText } from '../replay/replayText';
import { answerBook } from '../grading/answerRows';
import { recordedSchema } from '../grading/answerCheck';
import { ids, replayOk, scenarioWith } from '../testing/fixtures';

const TRAPS = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'] as const;
const IDENTIFIER = '[a-z0-9][a-z0-9-]{0,63}';

function store(...agentNames: string[]): ContextStore {
  const agents = (agentNames.length > 0 ? agentNames : ['planner', 'researcher']).map((name, i) =>
    makeAgent(name, `Role ${name}.`, i === 0 ? ['delegate'] : [], ['app', 'user', 'task', 'agent']),
  );
  const s = new ContextStore(agents);
  s.configure('policy', 'Answer from context.');
  return s;
}

function prototypeIsClean(): void {
  const probe: Record<string, unknown> = {};
  expect(probe.polluted).toBeUndefined();
  expect(Object.getOwnPropertyNames(Object.prototype)).not.toContain('polluted');
  expect(Object.getPrototypeOf(probe)).toBe(Object.prototype);
}

afterEach(prototypeIsClean);

/** Line and column (from 1) of the first occurrence of `needle`, counted independently of the parser. */
function at(text: string, needle: string): { line: number; column: number } {
  const lines = text.slice(0, text.indexOf(needle)).split('\n');
  return { line: lines.length, column: lines.at(-1)!.length + 1 };
}

describe('an unknown agent named constructor', () => {
  it('is rejected with the store wording, by every path', () => {
    const s = store();
    const stranger = makePrincipal('bob', 'task-1', 'constructor');
    expect(() => s.write(stranger, 'task', 'x', 'Note.')).toThrow(
      new ScopeError('unknown agent constructor', 'unknownAgent'),
    );
    expect(() => s.visible(stranger)).toThrow(new ScopeError('unknown agent constructor', 'unknownAgent'));
    expect(() => buildContext(s, stranger, 'Q?')).toThrow(new ScopeError('unknown agent constructor', 'unknownAgent'));
    expect(() => s.handoff(stranger, 'researcher', [], 'Brief.')).toThrow(
      new ScopeError('unknown agent constructor', 'unknownAgent'),
    );
    expect(() => s.handoff(makePrincipal('bob', 'task-1', 'planner'), 'constructor', [], 'Brief.')).toThrow(
      new ScopeError('hand off to a different, configured agent', 'badReceiver'),
    );
  });

  it('is recorded as a rejected step in a replay', () => {
    const timeline = replayOk(scenarioWith([{ op: 'query', as: ['bob', 'task-1', 'constructor'], current: 'Q?' }]));
    expect(timeline.entries[1]!.outcome).toEqual({
      kind: 'rejected',
      reason: 'unknown agent constructor',
      code: 'unknownAgent',
      itemId: null,
    });
  });
});

describe('a configured agent named constructor', () => {
  it('sends and receives handoffs like any agent', () => {
    const s = store('constructor', 'valueof');
    const sender = makePrincipal('bob', 'task-1', 'constructor');
    s.write(sender, 'task', 'plan', 'The plan.');
    const { target } = s.handoff(sender, 'valueof', ['plan'], 'Brief.');
    expect(ids(s.visible(target))).toEqual(['policy', 'plan', 'handoff-1-brief', 'handoff-1-item-1']);
    expect(ids(s.visible(sender))).toEqual(['policy', 'plan']);
  });
});

describe('a user and a task named constructor', () => {
  it('see only their own items', () => {
    const s = store();
    const ctor = makePrincipal('constructor', 'constructor', 'planner');
    const bob = makePrincipal('bob', 'constructor', 'planner');
    s.write(ctor, 'user', 'pref', 'Constructor prefers tables.');
    s.write(ctor, 'task', 'plan', 'Constructor plan.');
    s.write(bob, 'task', 'plan', 'Bob plan.');
    expect(s.visible(ctor).map((item) => [item.id, item.user])).toEqual([
      ['policy', null],
      ['pref', 'constructor'],
      ['plan', 'constructor'],
    ]);
    expect(s.visible(bob).map((item) => [item.id, item.user])).toEqual([
      ['policy', null],
      ['plan', 'bob'],
    ]);
    expect(ids(s.visible(makePrincipal('constructor', 'valueof', 'planner')))).toEqual(['policy', 'pref']);
  });

  it('close only their own task', () => {
    const s = store();
    s.write(makePrincipal('constructor', 'constructor', 'planner'), 'task', 'plan', 'Constructor plan.');
    s.write(makePrincipal('bob', 'constructor', 'planner'), 'task', 'plan', 'Bob plan.');
    expect(s.closeTask('constructor', 'constructor').map((item) => item.user)).toEqual(['constructor']);
    expect(s.items().map((item) => [item.id, item.user])).toEqual([
      ['policy', null],
      ['plan', 'bob'],
    ]);
  });

  it.each(TRAPS)('closing the task of user %s removes nothing and breaks nothing', (name) => {
    const s = store();
    s.write(makePrincipal('bob', 'task-1', 'planner'), 'task', 'plan', 'Bob plan.');
    expect(s.closeTask(name, name)).toEqual([]);
    expect(ids(s.items())).toEqual(['policy', 'plan']);
  });
});

describe('an item named constructor', () => {
  it('is written, checked for duplicates per user, and handed off like any item', () => {
    const s = store();
    const bob = makePrincipal('bob', 'task-1', 'planner');
    s.write(bob, 'task', 'constructor', 'Bob constructor note.');
    expect(() => s.write(bob, 'user', 'constructor', 'Again.')).toThrow(
      new ScopeError('duplicate item id constructor', 'duplicateId', 'constructor'),
    );
    s.write(makePrincipal('alice', 'task-1', 'planner'), 'task', 'constructor', 'Alice constructor note.');
    const { items } = s.handoff(bob, 'researcher', ['constructor'], 'Brief.');
    expect(items.map((item) => [item.id, item.text, item.source])).toEqual([
      ['handoff-1-brief', 'Brief.', 'handoff:planner:brief'],
      ['handoff-1-item-1', 'Bob constructor note.', 'handoff:planner:constructor'],
    ]);
  });

  it('is found by the naive list only when it shares a word', () => {
    const s = store();
    expect(s.naive('constructor proto tostring valueof hasownproperty')).toEqual([]);
    s.write(makePrincipal('bob', 'task-1', 'planner'), 'task', 'constructor', 'The valueof note.');
    expect(ids(s.naive('constructor __proto__ toString valueOf'))).toEqual(['constructor']);
  });
});

describe.each(TRAPS.filter((name) => name !== 'constructor'))('the name %s', (name) => {
  // Not an identifier (uppercase or underscore), so it is rejected, never looked up.
  it('is rejected as a principal, never treated as a wildcard', () => {
    expect(() => makePrincipal(name, 'task-1', 'planner')).toThrow(
      new ScopeError(`principal.user must match ${IDENTIFIER}`, 'invalidIdentifier'),
    );
    expect(() => makePrincipal('bob', name, 'planner')).toThrow(
      new ScopeError(`principal.task must match ${IDENTIFIER}`, 'invalidIdentifier'),
    );
    expect(() => makePrincipal('bob', 'task-1', name)).toThrow(
      new ScopeError(`principal.agent must match ${IDENTIFIER}`, 'invalidIdentifier'),
    );
  });

  it('is rejected as an item ID and as a configured agent', () => {
    const s = store();
    expect(() => s.write(makePrincipal('bob', 'task-1', 'planner'), 'task', name, 'Note.')).toThrow(
      new ScopeError(`item.id must match ${IDENTIFIER}`, 'invalidIdentifier'),
    );
    expect(() => s.configure(name, 'Policy.')).toThrow(
      new ScopeError(`item.id must match ${IDENTIFIER}`, 'invalidIdentifier'),
    );
    expect(() => makeAgent(name, 'Role.', [], ['agent'])).toThrow(
      new ScopeError(`agent.name must match ${IDENTIFIER}`, 'invalidIdentifier'),
    );
  });

  it('cannot be handed off: the sender cannot read it', () => {
    const s = store();
    expect(() => s.handoff(makePrincipal('bob', 'task-1', 'planner'), 'researcher', [name], 'Brief.')).toThrow(
      new ScopeError(`sender cannot read ['${name}']`, 'unreadable'),
    );
  });

  it('is an unknown receiver', () => {
    const s = store();
    expect(() => s.handoff(makePrincipal('bob', 'task-1', 'planner'), name, [], 'Brief.')).toThrow(
      new ScopeError('hand off to a different, configured agent', 'badReceiver'),
    );
  });
});

describe('a "__proto__" key in scenario text', () => {
  const base = (extra: string) => `{
  "agents": [{"name": "planner", "role": "Plan.", "tools": ["delegate"], "reads": ["agent"]${extra}}],
  "configuration": [],
  "steps": []
}`;

  it('is rejected as an unknown field, located at the key, and pollutes nothing', () => {
    const text = base(', "__proto__": {"polluted": true}');
    const key = at(text, '"__proto__"');
    expect(parseScenario(text)).toEqual({
      kind: 'invalid',
      problems: [
        {
          message: 'unknown field "__proto__"',
          path: 'agents[0].__proto__',
          line: key.line,
          column: key.column,
          endLine: key.line,
          endColumn: key.column + '"__proto__"'.length,
        },
      ],
    });
  });

  it('is rejected at the top level and in a step', () => {
    const topText = '{"agents": [], "configuration": [], "steps": [], "__proto__": {"polluted": true}}';
    const top = parseScenario(topText);
    expect(top.kind === 'invalid' && top.problems.map((p) => [p.message, p.path, p.line, p.column])).toEqual([
      ['unknown field "__proto__"', '__proto__', 1, at(topText, '"__proto__"').column],
    ]);
    const stepText =
      '{"agents": [], "configuration": [],\n "steps": [{"op": "close_task", "user": "a", "task": "b", "__proto__": {"polluted": 1}}]}';
    const step = replayText(stepText);
    expect(step.kind === 'invalid' && step.problems.map((p) => [p.message, p.path, p.line, p.column])).toEqual([
      ['unknown field "__proto__"', 'steps[0].__proto__', 2, at(stepText, '"__proto__"').column],
    ]);
  });

  it('is rejected with a "constructor" key too', () => {
    const outcome = parseScenario('{"agents": [], "configuration": [], "steps": [], "constructor": {}}');
    expect(outcome.kind === 'invalid' && outcome.problems.map((p) => p.message)).toEqual([
      'unknown field "constructor"',
    ]);
  });
});

describe('the answer book', () => {
  it('refuses answers named constructor that name no principal', () => {
    const recorded = recordedSchema.parse({
      principals: {},
      answers: { constructor: [{ seed: 1, answer: 'x', tool_calls: [] }] },
    });
    expect(() => answerBook(recorded, { steps: [] })).toThrow('answers constructor name no principal');
  });
});
