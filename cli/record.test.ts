import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type TestContext, describe, expect, it } from 'vitest';
import { type ChatAnswer, type ChatBody, type StandIn, closedPort, startStandIn } from '../test-support/ollama-standin';
import { DEFAULT_HOST, DEFAULT_TIMEOUT_MS, parseRecordArgs } from './record/args';
import { writeFileAtomic } from './record/writeAtomic';

const ROOT = new URL('../', import.meta.url);
const projectText = (path: string) => readFileSync(new URL(path, ROOT), 'utf8');
const PINNED = 'b37049369adfe3d2b653af0ab301a062ca5cbe96ace6aa0d3f2559ee9b563fc2';
const OTHER = '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef';
const NAMES = [
  'bob/task-17/planner scoped',
  'bob/task-17/planner naive',
  'alice/task-9/planner scoped',
  'alice/task-9/planner naive',
];

interface Recorded {
  answers: Record<
    string,
    Array<{
      seed: number;
      answer: string;
      tool_calls: unknown[];
      done_reason: string;
      prompt_tokens: number;
      answer_tokens: number;
    }>
  >;
}
interface Query {
  principal?: string;
  messages: unknown;
  naive_messages: unknown;
}

/** The recorded messages of each request, from the seed's isolation result: the first query of each principal. */
function recordedMessages(): Map<string, unknown> {
  const steps = (JSON.parse(projectText('recorded/isolation-result.json')) as { steps: Query[] }).steps;
  const out = new Map<string, unknown>();
  for (const name of NAMES) {
    const [principal, kind] = name.split(' ') as [string, string];
    const first = steps.find((step) => step.principal === principal)!;
    out.set(name, kind === 'scoped' ? first.messages : first.naive_messages);
  }
  return out;
}

/** The stand-in's answers: the recorded answer for the request and seed it is asked. */
function recordedAnswers(body: ChatBody): ChatAnswer {
  const name = [...recordedMessages()].find(
    ([, messages]) => JSON.stringify(messages) === JSON.stringify(body.messages),
  )?.[0];
  const recorded = (JSON.parse(projectText('recorded/answer-result.json')) as Recorded).answers[name ?? '']?.find(
    (a) => a.seed === body.options?.seed,
  );
  if (recorded === undefined) return { status: 400, error: 'the stand-in has no recorded answer for this request' };
  return {
    content: recorded.answer,
    tool_calls: recorded.tool_calls,
    done_reason: recorded.done_reason,
    prompt_eval_count: recorded.prompt_tokens,
    eval_count: recorded.answer_tokens,
  };
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

type Cleanup = TestContext['onTestFinished'];

/** Servers, folders and processes for one test, each ended when the test finishes. */
function harness(onTestFinished: Cleanup) {
  const start = (
    command: string,
    args: string[],
    env: Record<string, string> = {},
  ): { child: ChildProcess; done: Promise<Run> } => {
    const { OLLAMA_HOST: _ignored, ...rest } = process.env;
    const child = spawn(process.execPath, ['--import', 'tsx', command, ...args], {
      cwd: fileURLToPath(ROOT),
      env: { ...rest, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const done = new Promise<Run>((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
    onTestFinished(() => {
      child.kill('SIGKILL');
    });
    return { child, done };
  };
  return {
    start,
    record: (args: string[], env?: Record<string, string>) => start('cli/record.ts', args, env).done,
    standIn: async (options: Parameters<typeof startStandIn>[0]): Promise<StandIn> => {
      const server = await startStandIn(options);
      onTestFinished(() => server.close());
      return server;
    },
    tempFolder: (): string => {
      const folder = mkdtempSync(join(tmpdir(), 'record-test-'));
      onTestFinished(() => rmSync(folder, { recursive: true, force: true }));
      return folder;
    },
  };
}

describe('npm run record against the pinned model', () => {
  it("asks each recorded request once per seed, with the pinned tag, the seed's options, think false and no tools", async ({
    onTestFinished,
  }) => {
    const { record, standIn, tempFolder } = harness(onTestFinished);
    const server = await standIn({ models: [{ name: 'gemma4:e2b', digest: PINNED }], answer: recordedAnswers });
    const out = join(tempFolder(), 'answers.json');
    const run = await record(['--host', server.url, '--out', out]);
    expect(run.code, run.stderr).toBe(0);
    const messages = recordedMessages();
    expect(server.chats).toStrictEqual(
      NAMES.flatMap((name) =>
        [1, 2, 3, 4, 5].map((seed) => ({
          model: 'gemma4:e2b',
          messages: messages.get(name),
          stream: false,
          think: false,
          options: { temperature: 1, top_k: 64, top_p: 0.95, seed, num_ctx: 2048, num_predict: 160 },
        })),
      ),
    );
    expect(server.tagsRequests).toBe(1);
  });

  it('writes the answers in the seed format and prints the grades that npm run grade prints for them', async ({
    onTestFinished,
  }) => {
    const { record, standIn, tempFolder, start } = harness(onTestFinished);
    const server = await standIn({ models: [{ name: 'gemma4:e2b', digest: PINNED }], answer: recordedAnswers });
    const out = join(tempFolder(), 'answers.json');
    const run = await record(['--host', server.url, '--out', out]);
    expect(run.code, run.stderr).toBe(0);
    // The stand-in gives the recorded answers back, so the file must be the recorded file, byte for byte.
    expect(readFileSync(out, 'utf8')).toBe(projectText('recorded/answer-result.json'));
    expect(readdirSync(join(out, '..'))).toEqual(['answers.json']);
    const graded = await start('cli/grade.ts', [out]).done;
    expect(run.stdout).toBe(graded.stdout);
    expect(run.stdout).toBe(projectText('recorded/answer-grades.json'));
  });

  it('shows each answer on stderr as it comes in, with its grade', async ({ onTestFinished }) => {
    const { record, standIn, tempFolder } = harness(onTestFinished);
    const server = await standIn({ models: [{ name: 'gemma4:e2b', digest: PINNED }], answer: recordedAnswers });
    const run = await record(['--host', server.url, '--out', join(tempFolder(), 'answers.json')]);
    const lines = run.stderr.trim().split('\n');
    expect(lines[0]).toBe(`record: gemma4:e2b at ${server.url} is the pinned build b37049369adf; sending 20 requests`);
    expect(lines.filter((line) => /^record: \d+\/20 /.test(line))).toHaveLength(20);
    expect(lines).toContain('record: 1/20 bob/task-17/planner scoped, seed 1: pass (own plan only); 19 tokens, stop');
    expect(lines).toContain(
      "record: 16/20 alice/task-9/planner naive, seed 1: fail (mentions the other user's data); 17 tokens, stop",
    );
  });

  it('reads the server from OLLAMA_HOST, written as Ollama accepts it, without a scheme', async ({
    onTestFinished,
  }) => {
    const { record, standIn, tempFolder } = harness(onTestFinished);
    const server = await standIn({ models: [{ name: 'gemma4:e2b', digest: PINNED }] });
    const run = await record(['--out', join(tempFolder(), 'answers.json')], {
      OLLAMA_HOST: server.url.replace('http://', ''),
    });
    expect(run.code, run.stderr).toBe(0);
    expect(server.chats).toHaveLength(20);
  });

  it('grades a tool call in place of an answer as incomplete', async ({ onTestFinished }) => {
    const { record, standIn, tempFolder } = harness(onTestFinished);
    const server = await standIn({
      models: [{ name: 'gemma4:e2b', digest: PINNED }],
      answer: () => ({
        content: '',
        tool_calls: [{ function: { name: 'delegate', arguments: { to: 'researcher' } } }],
        eval_count: 12,
      }),
    });
    const out = join(tempFolder(), 'answers.json');
    const run = await record(['--host', server.url, '--out', out]);
    expect(run.code, run.stderr).toBe(0);
    const written = JSON.parse(readFileSync(out, 'utf8')) as Recorded;
    expect(written.answers['bob/task-17/planner scoped']![0]).toStrictEqual({
      seed: 1,
      answer: '',
      tool_calls: [{ function: { name: 'delegate', arguments: { to: 'researcher' } } }],
      done_reason: 'stop',
      prompt_tokens: 100,
      answer_tokens: 12,
    });
    expect(JSON.parse(run.stdout).summary['alice/task-9/planner naive']).toEqual({
      pass: 0,
      fail: 0,
      incomplete: 5,
      other_user_data_in_answer: 0,
    });
  });
});

describe('npm run record refuses another build', () => {
  it('names both digests and sends no chat request when the tag holds another build', async ({ onTestFinished }) => {
    const { record, standIn, tempFolder } = harness(onTestFinished);
    const server = await standIn({ models: [{ name: 'gemma4:e2b', digest: OTHER }] });
    const folder = tempFolder();
    const run = await record(['--host', server.url, '--out', join(folder, 'answers.json')]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      `refusing to record: the server's gemma4:e2b has digest ${OTHER}, but the pinned build is ${PINNED}`,
    );
    expect(server.chats).toHaveLength(0);
    expect(readdirSync(folder)).toEqual([]);
    expect(run.stdout).toBe('');
  });

  it('tells how to pull the model when the server does not have the tag', async ({ onTestFinished }) => {
    const { record, standIn, tempFolder } = harness(onTestFinished);
    const server = await standIn({ models: [{ name: 'gemma4:e4b', digest: PINNED }] });
    const run = await record(['--host', server.url, '--out', join(tempFolder(), 'answers.json')]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      `refusing to record: the server has no model gemma4:e2b (pinned digest ${PINNED}).\n` +
        'Pull it with: ollama pull gemma4:e2b\n',
    );
    expect(server.chats).toHaveLength(0);
  });
});

describe('npm run record with a server that fails', () => {
  it('reports a server that is down, without a stack trace', async ({ onTestFinished }) => {
    const { record, tempFolder } = harness(onTestFinished);
    const port = await closedPort();
    const run = await record(['--host', `http://127.0.0.1:${port}`, '--out', join(tempFolder(), 'answers.json')]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      `cannot reach Ollama at http://127.0.0.1:${port} (ECONNREFUSED) for GET /api/tags.\n` +
        'Start it with "ollama serve", or point --host or OLLAMA_HOST at the server.\n',
    );
  });

  it.for([
    ['/api/tags', 'GET /api/tags'],
    ['/api/chat', 'POST /api/chat (bob/task-17/planner scoped, seed 1)'],
  ] as const)(
    'gives up on a slow %s after --timeout-ms with a clear message and writes nothing',
    async ([slowPath, what], { onTestFinished }) => {
      const { record, standIn, tempFolder } = harness(onTestFinished);
      const server = await standIn({
        models: [{ name: 'gemma4:e2b', digest: PINNED }],
        delayMs: (path) => (path === slowPath ? 120_000 : 0),
      });
      const folder = tempFolder();
      const started = Date.now();
      const run = await record(['--host', server.url, '--out', join(folder, 'answers.json'), '--timeout-ms', '1500']);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`Ollama at ${server.url} did not answer ${what} within 1500 ms.`);
      expect(run.stderr).not.toMatch(/\n\s+at /);
      expect(Date.now() - started).toBeLessThan(15_000);
      expect(readdirSync(folder)).toEqual([]);
    },
  );

  it('keeps the earlier answers file and leaves no temporary file when the server fails midway', async ({
    onTestFinished,
  }) => {
    const { record, standIn, tempFolder } = harness(onTestFinished);
    const server = await standIn({
      models: [{ name: 'gemma4:e2b', digest: PINNED }],
      answer: (body, n) =>
        n === 7 ? { status: 500, error: 'llama runner process has terminated' } : recordedAnswers(body),
    });
    const folder = tempFolder();
    const out = join(folder, 'answers.json');
    writeFileSync(out, 'earlier answers\n');
    const run = await record(['--host', server.url, '--out', out]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      'answered POST /api/chat (bob/task-17/planner naive, seed 3) with status 500: llama runner process has terminated',
    );
    expect(run.stderr).toContain('record: 7/20 ');
    expect(readFileSync(out, 'utf8')).toBe('earlier answers\n');
    expect(readdirSync(folder)).toEqual(['answers.json']);
  });

  it('stops on Ctrl-C while a request is in flight and writes nothing', async ({ onTestFinished }) => {
    const { standIn, tempFolder, start } = harness(onTestFinished);
    const server = await standIn({
      models: [{ name: 'gemma4:e2b', digest: PINNED }],
      delayMs: (_path, n) => (n === 2 ? 30_000 : 0),
    });
    const folder = tempFolder();
    const { child, done } = start('cli/record.ts', ['--host', server.url, '--out', join(folder, 'answers.json')]);
    await server.chatArrived(3);
    child.kill('SIGINT');
    const run = await done;
    expect(run.code).toBe(130);
    expect(run.stderr).toContain('record: 2/20 ');
    expect(run.stderr).toContain('interrupted: no answers file written');
    expect(readdirSync(folder)).toEqual([]);
  });
});

describe('writing the answers file', () => {
  it('refuses an --out that is a folder before sending any request', async ({ onTestFinished }) => {
    const { record, standIn, tempFolder } = harness(onTestFinished);
    const server = await standIn({ models: [{ name: 'gemma4:e2b', digest: PINNED }] });
    const folder = tempFolder();
    const run = await record(['--host', server.url, '--out', folder]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`${folder}: cannot write there: EISDIR\n`);
    expect(server.tagsRequests + server.chats.length).toBe(0);
  });

  it('replaces a file whole and removes its temporary file when the rename fails', ({ onTestFinished }) => {
    const { tempFolder } = harness(onTestFinished);
    const folder = tempFolder();
    const file = join(folder, 'answers.json');
    writeFileAtomic(file, 'first\n');
    writeFileAtomic(file, 'second\n');
    expect(readFileSync(file, 'utf8')).toBe('second\n');
    const blocked = join(folder, 'blocked');
    mkdirSync(join(blocked, 'inside'), { recursive: true });
    expect(() => writeFileAtomic(blocked, 'third\n')).toThrow();
    expect(readdirSync(folder).sort()).toEqual(['answers.json', 'blocked']);
  });
});

describe('parseRecordArgs', () => {
  const root = new URL('file:///project/');

  it("defaults to Ollama's address, the seed's files and a two-minute request timeout", () => {
    expect(parseRecordArgs([], {}, root)).toEqual({
      kind: 'ok',
      options: {
        host: DEFAULT_HOST,
        out: '/project/recorded/answer-result.json',
        scenario: '/project/fixtures/scenario.json',
        model: '/project/recorded/answer-model.json',
        timeoutMs: DEFAULT_TIMEOUT_MS,
      },
    });
    expect(DEFAULT_HOST).toBe('http://127.0.0.1:11434');
  });

  it('prefers --host to OLLAMA_HOST', () => {
    const outcome = parseRecordArgs(['--host', 'http://gpu-box:11434'], { OLLAMA_HOST: '127.0.0.1:9' }, root);
    expect(outcome.kind === 'ok' && outcome.options.host).toBe('http://gpu-box:11434');
    const fromEnv = parseRecordArgs([], { OLLAMA_HOST: '127.0.0.1:9' }, root);
    expect(fromEnv.kind === 'ok' && fromEnv.options.host).toBe('127.0.0.1:9');
  });

  it.each([
    ['--timeout-ms', '0'],
    ['--timeout-ms', '1.5'],
    ['--timeout-ms', 'soon'],
    ['--port', '1'],
  ])('rejects %s %s', (flag, value) => {
    expect(parseRecordArgs([flag, value], {}, root).kind).toBe('usage');
  });

  it('exits 2 naming an unknown option', async ({ onTestFinished }) => {
    const { record } = harness(onTestFinished);
    const run = await record(['--model', 'other.json']);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('record: unknown option --model (see record --help)\n');
  });
});
