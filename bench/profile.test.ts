import { describe, expect, it } from 'vitest';
import { callTree, longTasks, topSelfTime, type TraceEvent } from './profile';

const frame = (functionName: string, lineNumber = 0) => ({
  functionName,
  url: 'http://x/assets/app.js',
  lineNumber,
  columnNumber: 0,
});

/** root → task → (parse, render → layout): samples every 1 ms from t = 1,000 µs. */
const profile = {
  startTime: 0,
  nodes: [
    { id: 1, callFrame: frame('(root)'), children: [2, 6] },
    { id: 2, callFrame: frame('task', 9), children: [3, 4] },
    { id: 3, callFrame: frame('parse', 19) },
    { id: 4, callFrame: frame('render', 29), children: [5] },
    { id: 5, callFrame: frame('layout', 39) },
    { id: 6, callFrame: frame('(idle)') },
  ],
  // parse ×2, layout ×5, render itself ×1, idle ×2, then parse ×1 in a later task.
  samples: [3, 3, 5, 5, 5, 5, 5, 4, 6, 6, 3],
  timeDeltas: [1000, ...Array(10).fill(1000), 1000],
};

describe('the call tree of a long task', () => {
  it('gives each caller its callees’ time, longest first, indented a level each', () => {
    expect(callTree(profile, { start: 1000, end: 9000 }, 0)).toEqual([
      '8.0 ms  task  app.js:10',
      '  6.0 ms  render  app.js:30',
      '    5.0 ms  layout  app.js:40',
      '  2.0 ms  parse  app.js:20',
    ]);
  });

  it('counts only the samples inside the task, and leaves out branches under the minimum', () => {
    expect(callTree(profile, { start: 1000, end: 3000 }, 0)).toEqual([
      '2.0 ms  task  app.js:10',
      '  2.0 ms  parse  app.js:20',
    ]);
    expect(callTree(profile, { start: 1000, end: 9000 }, 3)).toEqual([
      '8.0 ms  task  app.js:10',
      '  6.0 ms  render  app.js:30',
      '    5.0 ms  layout  app.js:40',
    ]);
  });

  it('still gives self time across the whole profile', () => {
    expect(topSelfTime(profile, 1)).toEqual(['     5 ms  layout  app.js:40:1']);
  });

  it('folds recursion: a function already on the stack is not a level of its own', () => {
    const walk = {
      startTime: 0,
      nodes: [
        { id: 1, callFrame: frame('(root)'), children: [2] },
        { id: 2, callFrame: frame('commit', 1), children: [3] },
        { id: 3, callFrame: frame('traverse', 2), children: [4] },
        { id: 4, callFrame: frame('commit', 1), children: [5] },
        { id: 5, callFrame: frame('traverse', 2), children: [6] },
        { id: 6, callFrame: frame('effect', 3) },
      ],
      samples: [6, 6, 3],
      timeDeltas: [1000, 1000, 1000, 1000],
    };
    expect(callTree(walk, { start: 0, end: 10_000 }, 0)).toEqual([
      '3.0 ms  commit  app.js:2',
      '  3.0 ms  traverse  app.js:3',
      '    2.0 ms  effect  app.js:4',
    ]);
  });
});

describe('the long tasks of a trace', () => {
  const event = (name: string, ts: number, dur: number, tid = 7): TraceEvent => ({
    name,
    ph: 'X',
    ts,
    dur,
    pid: 1,
    tid,
  });
  const events: TraceEvent[] = [
    { name: 'thread_name', ph: 'M', ts: 0, pid: 1, tid: 7, args: { name: 'CrRendererMain' } },
    event('ThreadControllerImpl::RunTask', 0, 30_000),
    event('ThreadControllerImpl::RunTask', 100_000, 80_000),
    event('RunTask', 300_000, 60_000),
    event('FunctionCall', 300_000, 59_000),
    // A worker's task, however long, is not the page's.
    event('ThreadControllerImpl::RunTask', 0, 500_000, 8),
  ];

  it('are the main thread’s tasks of the minimum or more, longest first', () => {
    expect(longTasks(events, 50)).toEqual([
      { start: 100_000, end: 180_000 },
      { start: 300_000, end: 360_000 },
    ]);
  });

  it('are none when the trace names no main thread', () => {
    expect(longTasks(events.slice(1), 0)).toEqual([]);
  });
});
