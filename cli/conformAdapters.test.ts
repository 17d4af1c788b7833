/**
 * The shipped example adapters, through the conform command: the Python skeleton conforms, and each
 * deliberately broken one fails with its mistake's rule named and a shrunk scenario of a few steps.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeShare } from '../src/core/sharing/shareLink';
import { npmRun, scratchDir } from './testing';

const python = (file: string) => `python3 conformance/adapters/python/${file}`;

describe('the Python adapter skeleton', () => {
  it('conforms on every case; escaping is not checked, since it sends no messages (exit 0)', async () => {
    const run = await npmRun('conform', '--exec', python('adapter.py'), '--out', scratchDir('conform-'));
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^n\/a +escaping .*not checked: the adapter sent no "messages"/m);
    expect(run.stdout).toMatch(/117 scenarios, 0 failed; 21 of 21 rules conform/);
  }, 120_000);
});

describe.each([
  ['broken_prefix_namespaces.py', 'exactKeys', /crossed: c\d+-corp-/],
  ['broken_session_as_user.py', 'userCheck', /crossed: c\d+-bob-/],
  [
    'broken_filter_after_ranking.py',
    'authorizeBeforeRanking',
    /likely broken: “Authorize before ranking” \(authorizeBeforeRanking\)/,
  ],
])('the deliberately broken %s', (file, rule, evidence) => {
  it(`fails ${rule}, with a shrunk scenario whose link opens at the failing step`, async () => {
    const out = scratchDir('conform-');
    const run = await npmRun('conform', '--exec', python(file), '--cases', 'canaries', '--out', out);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(new RegExp(`^FAIL +${rule} `, 'm'));
    expect(run.stdout).toMatch(evidence);
    const report = readFileSync(join(out, 'report.txt'), 'utf8');
    const block = report.slice(report.search(new RegExp(`^FAIL +${rule} `, 'm')));
    const steps = Number(/shrunk to (\d+) steps?; step (\d+)/.exec(block)![1]);
    const at = Number(/shrunk to \d+ steps?; step (\d+)/.exec(block)![1]);
    expect(steps).toBeLessThanOrEqual(4);
    const link = /open: \S+(#v1\.\S+)/.exec(block)![1]!;
    const opened = decodeShare(link);
    expect(opened.kind).toBe('shared');
    if (opened.kind === 'shared') {
      expect(opened.state.step).toBe(at);
      expect(JSON.parse(opened.state.scenario).steps).toHaveLength(steps);
    }
  }, 60_000);
});
