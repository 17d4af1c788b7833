/** The recording (the seed's answer_check.py record): check the pin, ask, write the answers file. */
import { checkDigest, parseAnswerModel } from '../../src/core/grading/answerModel';
import { answerRequests, chatBody } from '../../src/core/grading/answerRequests';
import { type RecordedAnswer, answerResultText, buildAnswerResult, toAnswer } from '../../src/core/grading/answerFile';
import { grade } from '../../src/core/grading/answerCheck';
import { replayText } from '../../src/core/replay/replayText';
import { toSeedResult } from '../../src/core/replay/seedResult';
import { EXIT, formatProblem, readTextFile } from '../io';
import type { RecordOptions } from './args';
import { RecordError, ollamaSession } from './ollama';
import { assertWritable, writeFileAtomic } from './writeAtomic';

export interface RecordIo {
  /** One line of progress for a person watching (stderr). */
  progress(line: string): void;
  /** Aborted on Ctrl-C: the request in flight is dropped and nothing is written. */
  stop: AbortSignal;
}

/** Record and write the answers file; returns its text. Expected failures throw RecordError. */
export async function record(options: RecordOptions, io: RecordIo): Promise<string> {
  const pin = parseAnswerModel(readText(options.model));
  if (pin.kind === 'invalid') throw new RecordError(pin.problems.map((p) => `${options.model}: ${p}`));
  const { model } = pin;
  const requests = requestsOf(options.scenario);
  try {
    assertWritable(options.out);
  } catch (error) {
    throw new RecordError([`${options.out}: cannot write there: ${(error as NodeJS.ErrnoException).code}`]);
  }

  const session = ollamaSession(options.host, options.timeoutMs, io.stop);
  const check = checkDigest(model, await session.tags());
  if (check.kind === 'absent') {
    throw new RecordError([`refusing to record: ${check.message}.`, `Pull it with: ollama pull ${model.ollama_tag}`]);
  }
  if (check.kind === 'other') {
    throw new RecordError([
      `refusing to record: ${check.message} (${options.model}).`,
      'Answers from another build would not compare with the recorded ones; no chat request was sent.',
    ]);
  }

  const total = requests.length * model.seeds.length;
  io.progress(
    `${model.ollama_tag} at ${options.host} is the pinned build ${check.digest.slice(0, 12)}; sending ${total} requests`,
  );
  const answers = new Map<string, RecordedAnswer[]>();
  let done = 0;
  for (const request of requests) {
    const got: RecordedAnswer[] = [];
    for (const seed of model.seeds) {
      const answer = toAnswer(
        seed,
        await session.chat(chatBody(model, request, seed), `${request.name}, seed ${seed}`),
      );
      got.push(answer);
      done += 1;
      const [verdict, reason] = grade(request.principal, answer);
      io.progress(
        `${done}/${total} ${request.name}, seed ${seed}: ${verdict} (${reason}); ${answer.answer_tokens} tokens, ${answer.done_reason || 'no done_reason'}`,
      );
    }
    answers.set(request.name, got);
  }

  const text = answerResultText(buildAnswerResult(model, requests, answers), pin.floats);
  try {
    writeFileAtomic(options.out, text);
  } catch (error) {
    throw new RecordError([
      `${options.out}: cannot write: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    ]);
  }
  io.progress(`wrote ${options.out}`);
  return text;
}

function readText(file: string): string {
  const read = readTextFile(file);
  if (read.kind !== 'ok') throw new RecordError([read.line]);
  return read.text;
}

/** The requests of the scenario's replay; a scenario the store rejects is refused as `npm run replay` refuses it. */
function requestsOf(file: string) {
  const text = readText(file);
  const outcome = replayText(text);
  if (outcome.kind === 'invalid') throw new RecordError(outcome.problems.map((p) => formatProblem(file, p)));
  const rejected = outcome.timeline.entries.filter((entry) => entry.outcome.kind === 'rejected');
  if (rejected.length > 0) {
    throw new RecordError(
      rejected.map(
        (entry) =>
          `${file}: step ${entry.index} (${entry.step!.op}): ${entry.outcome.kind === 'rejected' ? entry.outcome.reason : ''}`,
      ),
      EXIT.rejected,
    );
  }
  const requests = answerRequests(toSeedResult(outcome.timeline));
  if (requests.kind === 'missing') {
    throw new RecordError([
      `${file}: no query by ${requests.principals.join(' or ')}; the answer check asks their first query`,
    ]);
  }
  return requests.requests;
}
