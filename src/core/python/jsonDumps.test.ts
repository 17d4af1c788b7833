/** pythonDumps against Python 3.11's json.dumps(value, indent=N); expected texts were printed by Python. */
import { describe, expect, it } from 'vitest';
import { pythonDumps, pythonDumpsExact } from './jsonDumps';
import { PyFloat, pythonLoads } from './jsonLoads';

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

describe('pythonDumpsExact', () => {
  it('prints a round trip of json.loads as json.dumps(indent=2) does', () => {
    const text = '{"10": [1.0, 9007199254740993, 1e30, {}, []], "a": {"\u00e9": -0.0}}';
    // print(json.dumps(json.loads(text), indent=2))
    expect(pythonDumpsExact(pythonLoads(text))).toBe(
      '{\n  "10": [\n    1.0,\n    9007199254740993,\n    1e+30,\n    {},\n    []\n  ],\n  "a": {\n    "\\u00e9": -0.0\n  }\n}',
    );
  });

  it('prints Maps in their own order, plain objects, bigints and floats by repr', () => {
    const value = new Map<string, unknown>([
      ['2', { b: 1n, a: new PyFloat(1e16) }],
      ['1', [new PyFloat(0.5), -3, 'ü']],
    ]);
    expect(pythonDumpsExact(value as never, 1)).toBe(
      '{\n "2": {\n  "b": 1,\n  "a": 1e+16\n },\n "1": [\n  0.5,\n  -3,\n  "\\u00fc"\n ]\n}',
    );
  });

  it('with ensure_ascii off, writes keys and strings past ASCII as they are', () => {
    // print(json.dumps({"é": ["ü\x7f", 1.0]}, indent=1, ensure_ascii=False))
    const value = new Map([['\u00e9', ['\u00fc\u007f', new PyFloat(1)]]]);
    expect(pythonDumpsExact(value, 1, { ensureAscii: false })).toBe('{\n "\u00e9": [\n  "\u00fc\u007f",\n  1.0\n ]\n}');
    expect(pythonDumpsExact(value, 1)).toBe('{\n "\\u00e9": [\n  "\\u00fc\\u007f",\n  1.0\n ]\n}');
  });

  it('prints null, true and false as JSON does, whether or not ASCII is ensured', () => {
    // print(json.dumps(json.loads('{"n": null, "t": true, "f": false, "l": [null, false]}'), indent=2))
    const text = '{\n  "n": null,\n  "t": true,\n  "f": false,\n  "l": [\n    null,\n    false\n  ]\n}';
    const value = pythonLoads('{"n": null, "t": true, "f": false, "l": [null, false]}');
    expect(pythonDumpsExact(value)).toBe(text);
    expect(pythonDumpsExact(value, 2, { ensureAscii: false })).toBe(text);
    expect(pythonDumpsExact(null)).toBe('null');
  });

  it('refuses a JS number that is not an integer (a float must come as PyFloat)', () => {
    expect(() => pythonDumpsExact([0.5])).toThrow(/not an integer/);
  });
});
