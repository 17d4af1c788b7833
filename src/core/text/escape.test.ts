import { describe, expect, it } from 'vitest';
import { printable } from './escape';

describe('printable', () => {
  it('writes terminal controls, C1 controls and bidi overrides as escapes', () => {
    expect(printable('a\u001b[2K\u0007b')).toBe('a\\x1b[2K\\x07b');
    expect(printable('x\u009b31m\u007f')).toBe('x\\x9b31m\\x7f');
    expect(printable('evil\u202etxt.exe')).toBe('evil\\u202etxt.exe');
    expect(printable('\u2066\u2067\u2068\u2069\u202a\u202b\u202c\u202d\u200e\u200f\u061c')).toBe(
      '\\u2066\\u2067\\u2068\\u2069\\u202a\\u202b\\u202c\\u202d\\u200e\\u200f\\u061c',
    );
  });

  it('keeps one line one line: a newline, a return or a line separator is escaped', () => {
    expect(printable('ok\nFAILED\r\t\u2028')).toBe('ok\\nFAILED\\r\\t\\u2028');
  });

  it('prints everything else as it is, accents, emoji and quotes included', () => {
    const text = 'Élève "café" → 🎓 \\x1b';
    expect(printable(text)).toBe(text);
  });
});
