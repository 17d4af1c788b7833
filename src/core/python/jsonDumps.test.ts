/** pythonDumps against Python 3.11's json.dumps(value, indent=N); expected texts were printed by Python. */
import { describe, expect, it } from 'vitest';
import { pythonDumps } from './jsonDumps';

const VALUE = {
  a: ['é', '\u{1f600}', '\u2028', '\x7f', '\x00\x1f', 'tab\t', '/', '\ud800', '\ufeff'],
  n: 1,
  e: [],
  o: {},
  nested: [[1, [2]], { k: null, t: true }],
};

describe('pythonDumps', () => {
  it("escapes like Python's default ensure_ascii, DEL included", () => {
    expect(pythonDumps(VALUE)).toBe(
      '{\n  "a": [\n    "\\u00e9",\n    "\\ud83d\\ude00",\n    "\\u2028",\n    "\\u007f",\n    "\\u0000\\u001f",\n    "tab\\t",\n    "/",\n    "\\ud800",\n    "\\ufeff"\n  ],\n  "n": 1,\n  "e": [],\n  "o": {},\n  "nested": [\n    [\n      1,\n      [\n        2\n      ]\n    ],\n    {\n      "k": null,\n      "t": true\n    }\n  ]\n}',
    );
  });

  it('indents by the given width', () => {
    expect(pythonDumps({ n: [1], s: 'ü' }, 1)).toBe('{\n "n": [\n  1\n ],\n "s": "\\u00fc"\n}');
  });

  it('leaves printable ASCII alone', () => {
    const printable = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i)).join('');
    expect(JSON.parse(pythonDumps(printable))).toBe(printable);
    expect(pythonDumps('~ }')).toBe('"~ }"');
  });
});
