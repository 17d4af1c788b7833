/** npm run --silent grade -- FILE: the seed's answer_check.py output for a recorded answers file. */
import { gradeAnswersText } from '../src/core/grading/gradeText';
import { EXIT, failWithProblems, readInput, writeOutput } from './io';

const { file, text } = readInput('grade');
const outcome = gradeAnswersText(text);
if (outcome.kind === 'invalid') failWithProblems(file, outcome.problems);
writeOutput(`${outcome.output}\n`, () => process.exit(EXIT.ok));
