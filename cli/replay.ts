/** npm run --silent replay -- FILE: the replay in the seed's isolation-result.json format. */
import { replayText } from '../src/core/replay';
import { toSeedResult } from '../src/core/seedResult';
import { pythonDumps } from '../src/core/pyjson';
import { EXIT, fail, formatProblem, readInput } from './io';

const { file, text } = readInput('replay');
const outcome = replayText(text);
if (outcome.kind === 'invalid') fail(EXIT.invalid, outcome.problems.map((p) => formatProblem(file, p)));
const rejected = outcome.timeline.entries.filter((entry) => entry.outcome.kind === 'rejected');
if (rejected.length > 0) {
  fail(EXIT.rejected, rejected.map((entry) =>
    `${file}: step ${entry.index} (${entry.step!.op}): ${entry.outcome.kind === 'rejected' ? entry.outcome.reason : ''}`));
}
process.stdout.write(`${pythonDumps(toSeedResult(outcome.timeline), 2)}\n`);
