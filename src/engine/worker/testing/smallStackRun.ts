/**
 * Run in a Node worker thread with a small stack (smallStack.test.ts): an engine session replays the
 * text it is given, as the page's Web Worker does, and posts back the problems the learner would see.
 */
import { parentPort, workerData } from 'node:worker_threads';
import '../../../zodConfig';
import { createSession } from '../session';

const book = { rows: [], summary: {}, sent: {} };
const reply = createSession(book).run({ text: workerData as string, rulesOff: [], mode: 'run' });
parentPort!.postMessage(reply.kind === 'invalid' ? reply.problems : []);
