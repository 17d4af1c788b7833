/**
 * fast-check generators for scenarios. The alphabets are small on purpose, so users share item IDs,
 * tasks repeat, handoff numbers collide with written IDs and rejected steps are common.
 */
import fc from 'fast-check';
import { scenarioSchema, type Scenario, type Step } from '../scenario/scenario';

export const USERS = ['bob', 'alice', 'constructor'] as const;
export const TASKS = ['t1', 't2', 'constructor'] as const;
/** Agents the generated scenarios configure; 'ghost' is never configured. */
export const AGENT_SPECS = [
  { name: 'planner', role: 'Plan.', tools: ['search_docs', 'delegate'], reads: ['app', 'user', 'task', 'agent'] },
  { name: 'researcher', role: 'Research.', tools: ['search_docs'], reads: ['app', 'agent'] },
  { name: 'auditor', role: 'Audit.', tools: ['delegate'], reads: ['task', 'agent'] },
];
export const AGENTS = ['planner', 'researcher', 'auditor', 'ghost'] as const;
export const IDS = [
  'x',
  'y',
  'z',
  'constructor',
  'handoff-1-brief',
  'handoff-1-item-1',
  'handoff-2-item-1',
  'Bad id',
] as const;
const WORDS = ['plan', 'export', 'job', 'Export', 'alpha', 'x', 'a<b>&c', '</item>', 'ſ', '\u3000'];
export const QUESTIONS = ['What is the plan for the export job?', 'alpha', 'x job', 'nothing', 'EXPORT plan'] as const;

/** Mostly one to four words; now and then blank (space only, or nothing). */
export const textArb = fc.oneof(
  {
    weight: 9,
    arbitrary: fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 4 }).map((words) => words.join(' ')),
  },
  { weight: 1, arbitrary: fc.constantFrom('', ' ', '\u3000\n') },
);
const pick = <T>(...weighted: Array<[T, number]>) =>
  fc.oneof(...weighted.map(([value, weight]) => ({ weight, arbitrary: fc.constant(value) })));
const agentArb = pick<string>(['planner', 6], ['researcher', 2], ['auditor', 2], ['ghost', 1]);
export const principalArb = fc.tuple(fc.constantFrom(...USERS), fc.constantFrom(...TASKS), fc.constantFrom(...AGENTS));
/** Mostly valid principals, now and then one that is not an identifier. */
const userArb = pick<string>(['bob', 4], ['alice', 3], ['constructor', 2]);
const taskArb = pick<string>(['t1', 4], ['t2', 2], ['constructor', 2]);
const asWith = (agent: fc.Arbitrary<string>) =>
  fc.oneof(
    { weight: 20, arbitrary: fc.tuple(userArb, taskArb, agent) },
    {
      weight: 1,
      arbitrary: fc.constantFrom<[string, string, string]>(['Bob', 't1', 'planner'], ['bob', 't 1', 'planner']),
    },
  );
const asArb = asWith(agentArb);
/** Written IDs: mostly plain, sometimes the reserved prefix or not an identifier. */
const writtenIdArb = pick<string>(
  ['x', 4],
  ['y', 4],
  ['z', 4],
  ['constructor', 2],
  ['handoff-2-item-1', 1],
  ['Bad id', 1],
);
const handedIdArb = pick<string>(
  ['x', 4],
  ['y', 4],
  ['z', 3],
  ['constructor', 2],
  ['handoff-1-item-1', 2],
  ['handoff-1-brief', 1],
  ['policy', 2],
  ['notes', 2],
  ['Bad id', 1],
);

export const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      op: fc.constant('write' as const),
      as: asArb,
      scope: pick<string>(['user', 3], ['task', 3], ['agent', 3], ['app', 1]),
      id: writtenIdArb,
      text: textArb,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('handoff' as const),
      as: asWith(pick<string>(['planner', 8], ['auditor', 2], ['researcher', 1], ['ghost', 1])),
      to: pick<string>(['researcher', 6], ['auditor', 2], ['planner', 1], ['ghost', 1]),
      items: fc.array(handedIdArb, { maxLength: 3 }),
      brief: textArb,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ op: fc.constant('query' as const), as: asArb, current: fc.constantFrom(...QUESTIONS) }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('close_task' as const), user: userArb, task: taskArb }) },
);

/**
 * App items. Blank ones and ones named like a handoff copy make a later copy of a handoff fail after
 * the brief passed validation, which is what all-or-nothing handoffs are about.
 */
export const configurationArb = fc.uniqueArray(
  fc.record({
    id: fc.constantFrom('policy', 'notes', 'handoff-1-item-2', 'handoff-2-item-1'),
    text: fc.oneof({ weight: 2, arbitrary: textArb }, { weight: 1, arbitrary: fc.constant(' ') }),
  }),
  { maxLength: 3, selector: (entry) => entry.id },
);

export const scenarioArb: fc.Arbitrary<Scenario> = fc
  .record({ configuration: configurationArb, steps: fc.array(stepArb, { maxLength: 40, size: 'max' }) })
  .map(({ configuration, steps }) => scenarioSchema.parse({ agents: AGENT_SPECS, configuration, steps }));

/**
 * Scenarios whose configuration holds a blank app item and one named like the second copy of a
 * user's first handoff, so many handoffs fail on a later copy after the brief passed validation.
 */
export const lateFailureScenarioArb: fc.Arbitrary<Scenario> = fc
  .array(
    fc.oneof(
      { weight: 4, arbitrary: stepArb },
      // A planner handing the blank app item, or two items, to the researcher, with a valid brief.
      {
        weight: 1,
        arbitrary: fc.record({
          op: fc.constant('handoff' as const),
          as: fc.tuple(userArb, taskArb, fc.constant('planner')),
          to: fc.constant('researcher'),
          items: fc.shuffledSubarray(['notes', 'x', 'y'], { minLength: 1 }),
          brief: fc.constant('A brief.'),
        }),
      },
    ),
    { maxLength: 40, size: 'max' },
  )
  .map((steps) =>
    scenarioSchema.parse({
      agents: AGENT_SPECS,
      configuration: [
        { id: 'notes', text: ' ' },
        { id: 'handoff-1-item-2', text: 'Taken by configuration.' },
      ],
      steps,
    }),
  );
