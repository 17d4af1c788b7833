/**
 * The scenario schema's shape (see fastAccept.ts), stored as data so that a valid scenario is accepted
 * without loading zod: the command line replays one without ever evaluating the schema. The shape is
 * tested equal to shapeOf(scenarioSchema), so the two cannot drift apart.
 */
import { acceptorOf, type Shape } from './fastAccept';
import { MAX_ITEM_TEXT_CHARS, MAX_QUESTION_CHARS } from '../limits';

type Field = Extract<Shape, { type: 'object' }>['fields'][number];

const string: Shape = { type: 'string' };
const itemText: Shape = { type: 'string', max: MAX_ITEM_TEXT_CHARS };
const question: Shape = { type: 'string', max: MAX_QUESTION_CHARS };
const strings: Shape = { type: 'array', element: string };
const field = (key: string, shape: Shape | null, optional = false): Field => ({ key, optional, shape });
const object = (...fields: Field[]): Shape => ({ type: 'object', fields });
const arrayOf = (element: Shape): Shape => ({ type: 'array', element });
const literal = (value: string | boolean): Shape => ({ type: 'literal', values: [value] });

const expectShape = object(
  field('visible', strings, true),
  field('includes', strings, true),
  field('excludes', strings, true),
  field('naive_leaks', strings, true),
  field('rejected', string, true),
  field('accepted', literal(true), true),
);
const as = field('as', { type: 'tuple', items: [string, string, string] });
const step = (op: string, ...fields: Field[]): Shape =>
  object(field('op', literal(op)), ...fields, field('expect', expectShape, true));

export const SCENARIO_SHAPE: Shape = object(
  field(
    'agents',
    arrayOf(object(field('name', string), field('role', string), field('tools', strings), field('reads', strings))),
  ),
  field('configuration', arrayOf(object(field('id', string), field('text', itemText)))),
  // A threshold is a number with bounds: zod judges a scenario with a semantic cache.
  field('semanticCache', null, true),
  field(
    'steps',
    arrayOf({
      type: 'union',
      options: [
        step(
          'write',
          as,
          field('scope', string),
          field('id', string),
          field('text', itemText),
          field('user_id', string, true),
        ),
        step('handoff', as, field('to', string), field('items', strings), field('brief', itemText)),
        step('query', as, field('current', question)),
        step('close_task', field('user', string), field('task', string)),
        step('import', field('id', string), field('text', itemText)),
        step('forget_user', field('user', string)),
      ],
    }),
  ),
  // Grading patterns are checked by zod (they must compile): a scenario with grading goes to zod.
  field('grading', null, true),
  // Exercises and a solution's fields hold numbers, enums and checked lists: zod judges them (they are small).
  field('exercises', null, true),
  field(
    'solution',
    object(
      field(
        'acts',
        object(field('selectedStep', null, true), field('rulesOff', null, true), field('log', null, true)),
        true,
      ),
      field('taskActs', null, true),
      field('patch', null, true),
    ),
    true,
  ),
);

/** True when the scenario schema certainly accepts `value` as it is (false: ask zod). */
export const acceptScenario = acceptorOf(SCENARIO_SHAPE);
