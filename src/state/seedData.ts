/** The seed's files, bundled into the site and parsed once here, at the edge. */
import seedText from '../../fixtures/scenario.json?raw';
import recordedJson from '../../recorded/answer-result.json';
import isolationJson from '../../recorded/isolation-result.json';
import { type AnswerBook, answerBook, isolationSchema } from '../core/grading/answerRows';
import { recordedSchema } from '../core/grading/answerCheck';

/** The Alice/Bob scenario exactly as the seed ships it. */
export const SEED_TEXT: string = seedText;

/** The seed's 20 recorded answers with verdicts, and the messages each recorded request sent. */
export function seedAnswerBook(): AnswerBook {
  return answerBook(recordedSchema.parse(recordedJson), isolationSchema.parse(isolationJson));
}
