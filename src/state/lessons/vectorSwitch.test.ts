import { describe, expect, it } from 'vitest';
import { withIterativeScan } from './vectorSwitch';

describe('the iterative-scan switch', () => {
  it('switches the editor’s own text, keeping an edit not yet run', () => {
    const edited = '{ "principal": "alice", "k": 5, "iterative_scan": "off" }';
    expect(JSON.parse(withIterativeScan(edited, true)!)).toEqual({
      principal: 'alice',
      k: 5,
      iterative_scan: 'strict_order',
    });
    expect(JSON.parse(withIterativeScan(edited, false)!).iterative_scan).toBe('off');
  });

  it('leaves text that is not a JSON object alone', () => {
    expect(withIterativeScan('{ "k": ', true)).toBeNull();
    expect(withIterativeScan('[1]', true)).toBeNull();
  });
});
