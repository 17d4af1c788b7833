/** reprString and reprList against Python 3.11's repr(); expected texts were printed by Python. */
import { describe, expect, it } from 'vitest';
import { reprList, reprString } from './repr';

describe('reprString', () => {
  it.each([
    ['plain', "'plain'"],
    ["it's", `"it's"`],
    ['say "hi"', `'say "hi"'`],
    [`both ' and "`, `'both \\' and "'`],
    ['back\\slash', "'back\\\\slash'"],
    ['nl\nret\rtab\t', "'nl\\nret\\rtab\\t'"],
    ['\x00\x1f\x7f', "'\\x00\\x1f\\x7f'"],
    ['\x85\xa0\xad', "'\\x85\\xa0\\xad'"],
    ['\u200b\u2028\u3000', "'\\u200b\\u2028\\u3000'"],
    ['\ue000', "'\\ue000'"],
    ['\x80', "'\\x80'"],
    ['\xff', "'\xff'"],
    ['\uffff', "'\\uffff'"],
    ['\u{10000}', "'\u{10000}'"],
    ['\u{1f600}', "'\u{1f600}'"],
    ['\u{e0001}', "'\\U000e0001'"],
    ['\u{10ffff}', "'\\U0010ffff'"],
    ['é漢字', "'é漢字'"],
    ['\ud800', "'\\ud800'"],
    ['a b', "'a b'"],
    ['\u{1d41b}', "'\u{1d41b}'"],
  ])('writes %j as Python does', (value, python) => {
    expect(reprString(value)).toBe(python);
  });
});

describe('reprList', () => {
  it("writes a list of strings as Python's repr(list)", () => {
    expect(reprList([])).toBe('[]');
    expect(reprList(['alice-contact'])).toBe("['alice-contact']");
    expect(reprList(['a', "b'c", 'd\n'])).toBe(`['a', "b'c", 'd\\n']`);
  });
});
