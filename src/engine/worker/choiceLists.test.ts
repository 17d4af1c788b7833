import { describe, expect, it } from 'vitest';
import { choiceList, viewChoices } from './choiceLists';

describe('the picker’s choices, ready to show', () => {
  it('keeps the values in order, each with its note or none', () => {
    const choices = viewChoices({
      users: [
        { value: 'bob', note: null },
        { value: 'alice', note: 'first at step 4' },
      ],
      tasks: [{ value: 'task-1', note: 'closed at step 9' }],
      agents: [{ value: 'planner', note: null }],
      hypothetical: 'Hypothetical: no step yet acts as alice.',
    });
    expect(choices.users.values).toEqual(['bob', 'alice']);
    expect(choices.users.notes).toEqual([null, 'first at step 4']);
    expect(choices.tasks.notes).toEqual(['closed at step 9']);
    expect(choices.agents).toEqual({ values: ['planner'], notes: [null] });
    expect(choices.hypothetical).toBe('Hypothetical: no step yet acts as alice.');
  });

  it('hands back the same list for the same options, so an unchanged picker is not sent or drawn again', () => {
    const options = [{ value: 'alice', note: null }];
    expect(choiceList(options)).toBe(choiceList(options));
    expect(choiceList([...options])).not.toBe(choiceList(options));
    expect(choiceList([...options])).toEqual(choiceList(options));
  });
});
