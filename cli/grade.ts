/** npm run --silent grade -- FILE: the seed's answer_check.py output for a recorded answers file. */
import { gradeAnswersText } from '../src/core/grading/gradeText';
import { commandArgs } from './args';
import { EXIT, FILE_READ, failWithProblems, readInput, writeOutput } from './io';
import { GRADE } from './spec/grade';

const { positionals } = commandArgs(GRADE, process.argv.slice(2));
const { file, text } = readInput('grade', FILE_READ, positionals);
const outcome = gradeAnswersText(text);
if (outcome.kind === 'invalid') failWithProblems(file, outcome.problems);
writeOutput(`${outcome.output}\n`, () => process.exit(EXIT.ok));
