import { describe, expect, it } from 'vitest';
import { degradedNote, isLight, judge } from './lightEditor';

describe('how much help the editor gives a text', () => {
  it('leaves a short text alone, even a deep one', () => {
    expect(judge('['.repeat(100))).toBeNull();
    expect(degradedNote(judge('['.repeat(100)))).toBeNull();
  });

  it('shows a deep text as plain text and says where it is too deep', () => {
    const load = judge('['.repeat(10_000));
    expect(isLight(load)).toBe(true);
    expect(degradedNote(load)).toBe(
      'This text is nested deeper than 64 levels at line 1, column 65: shown as plain text, without JSON highlighting or checking.',
    );
  });

  it('shows a text past 500,000 characters as plain text and says how big it is', () => {
    const load = judge(`[${'1,'.repeat(300_000)}1]`);
    expect(isLight(load)).toBe(true);
    expect(degradedNote(load)).toMatch(/^This text is 600,003 characters, over 500,000: shown as plain text/);
  });

  it('gives a long but ordinary text all its help', () => {
    const load = judge(`[${'1,'.repeat(10_000)}1]`);
    expect(isLight(load)).toBe(false);
    expect(degradedNote(load)).toBeNull();
  });
});
