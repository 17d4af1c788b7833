/** Text helpers that must agree with Python's str methods; expected values were printed by Python 3.11. */
import { describe, expect, it } from 'vitest';
import { comparePy, compareIds, escape, hasWord, isBlank, words } from './strings';

// Every code point for which Python's str.isspace() is true (Python 3.11).
const PY_SPACE = [
  0x9, 0xa, 0xb, 0xc, 0xd, 0x1c, 0x1d, 0x1e, 0x1f, 0x20, 0x85, 0xa0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004,
  0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200a, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000,
];

describe('isBlank', () => {
  it("is true exactly for the characters Python's strip() removes", () => {
    const blank: number[] = [];
    for (let code = 0; code <= 0xffff; code++) if (isBlank(String.fromCharCode(code))) blank.push(code);
    expect(blank).toEqual(PY_SPACE);
  });

  it('is true for empty text and for any run of whitespace, false when anything else is there', () => {
    expect(isBlank('')).toBe(true);
    expect(isBlank(' \t\n\u3000\x1c\x85')).toBe(true);
    expect(isBlank(' x ')).toBe(false);
    expect(isBlank('\u200b')).toBe(false);
    expect(isBlank('\ufeff')).toBe(false);
    expect(isBlank(' \n.')).toBe(false);
    expect(isBlank('.\n ')).toBe(false);
  });
});

describe('escape', () => {
  it('escapes &, < and > only, ampersand first', () => {
    expect(escape('a & b <c> "d" \'e\'')).toBe('a &amp; b &lt;c&gt; "d" \'e\'');
    expect(escape('&lt;</item>')).toBe('&amp;lt;&lt;/item&gt;');
    expect(escape('<<>>&&')).toBe('&lt;&lt;&gt;&gt;&amp;&amp;');
  });
});

describe('words', () => {
  it("is Python's set(re.findall(r'[a-z0-9]+', text.lower()))", () => {
    expect([...words('Export the JOB.')].sort()).toEqual(['export', 'job', 'the']);
    expect([...words('jobs job')].sort()).toEqual(['job', 'jobs']);
    expect([...words('x-ray 42nd')].sort()).toEqual(['42nd', 'ray', 'x']);
    expect([...words('ſtraße K')].sort()).toEqual(['e', 'k', 'tra']);
    expect([...words('İstanbul')].sort()).toEqual(['i', 'stanbul']);
    expect([...words('a_b')].sort()).toEqual(['a', 'b']);
    expect([...words('  ')]).toEqual([]);
  });
});

describe('hasWord', () => {
  it('treats exactly a-z and 0-9 as parts of a word', () => {
    for (const edge of ['a', 'z', '0', '9', 'm', '5']) {
      expect(hasWord(`${edge}job`, 'job')).toBe(false);
      expect(hasWord(`job${edge}`, 'job')).toBe(false);
    }
    for (const edge of ['`', '{', '/', ':', '@', '[', '-', '_', ' ', '\u00e9']) {
      expect(hasWord(`${edge}job`, 'job')).toBe(true);
      expect(hasWord(`job${edge}`, 'job')).toBe(true);
      expect(hasWord(`${edge}job${edge}`, 'job')).toBe(true);
    }
  });

  it('agrees with words(text).has(word) for every word and its neighbours', () => {
    const texts = [
      'export the job.',
      'jobs job',
      'x-ray 42nd',
      'job',
      'jobjob job',
      'ajob',
      'joba',
      'a1job 1',
      'job9 job_',
      '',
    ];
    const candidates = ['job', 'jobs', 'x', 'ray', '42nd', 'a', '1', 'export', 'the', 'nd', 'ob'];
    for (const text of texts) {
      for (const word of candidates)
        expect([text, word, hasWord(text, word)]).toEqual([text, word, words(text).has(word)]);
    }
  });
});

describe('comparePy', () => {
  it('orders by code point, as Python sorts str', () => {
    const sorted = ['\u{10000}', 'b', '\uffff', 'ab', 'a', ''].sort(comparePy);
    expect(sorted).toEqual(['', 'a', 'ab', 'b', '\uffff', '\u{10000}']);
    expect(comparePy('same', 'same')).toBe(0);
    expect(Math.sign(comparePy('a', 'ab'))).toBe(-1);
    expect(Math.sign(comparePy('b', 'ab'))).toBe(1);
  });
});

describe('compareIds', () => {
  it('orders identifiers the way Python does', () => {
    expect(['b-2', 'a', 'b-10', 'a-1', '0'].sort(compareIds)).toEqual(['0', 'a', 'a-1', 'b-10', 'b-2']);
    expect(compareIds('x', 'x')).toBe(0);
    expect(compareIds('x', 'y')).toBe(-1);
    expect(compareIds('y', 'x')).toBe(1);
  });
});
