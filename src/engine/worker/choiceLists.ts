/**
 * The "Who is asking" picker's choices as its selects and name boxes show them: each part's values in
 * order and the notes of those that have one. Made here, in the engine, so a reply's render only draws
 * them: mapping 2,400 users' options into values and notes in the view was 7.6 ms of an import's render
 * (npm run bench:paste, profiled).
 */
import type { PickerOption, PrincipalChoices } from '../../core/timeline/principalChoices';
import type { ChoiceList, ViewChoices } from '../views';

/** Lists made, by the core's options: the users' options are one array while no user begins, so is their list. */
const made = new WeakMap<readonly PickerOption[], ChoiceList>();

export function choiceList(options: readonly PickerOption[]): ChoiceList {
  let list = made.get(options);
  if (list === undefined)
    made.set(options, (list = { values: options.map((o) => o.value), notes: options.map((o) => o.note) }));
  return list;
}

export function viewChoices({ users, tasks, agents, hypothetical }: PrincipalChoices): ViewChoices {
  return { users: choiceList(users), tasks: choiceList(tasks), agents: choiceList(agents), hypothetical };
}
