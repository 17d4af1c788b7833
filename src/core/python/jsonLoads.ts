/**
 * Python's json.loads as the seed's answer_check.py sees a file: objects keep the file's key order
 * (a JS object puts integer-like keys such as "10" first), integers keep every digit (Python's int
 * has no 2^53 limit) and floats stay floats (1.0 prints as 1.0). Values come back in a form
 * `pythonDumpsExact` prints the way Python's json.dumps does.
 */

/** A Python float: JSON numbers with a fraction or exponent. Integers are bigint, so the two never mix. */
export class PyFloat {
  constructor(readonly value: number) {}
}

/** What json.loads returns, in types that keep what a JS object or number would lose. */
export type PyValue = null | boolean | string | bigint | PyFloat | PyValue[] | Map<string, PyValue>;

const NUMBER = /-?(?:0|[1-9]\d*)(\.\d+)?([eE][-+]?\d+)?/y;

/**
 * Parse JSON text that JSON.parse has already accepted and the depth check has passed (parseJson in
 * scenario/jsonText.ts), so it recurses at most MAX_DEPTH levels and meets no syntax errors. A repeated
 * key keeps its first position and its last value, as in a Python dict.
 */
export function pythonLoads(text: string): PyValue {
  let i = 0;
  const space = () => {
    for (let c = text.charCodeAt(i); c === 32 || c === 9 || c === 10 || c === 13; c = text.charCodeAt(++i));
  };
  const string = (): string => {
    const start = i;
    for (i++; text.charCodeAt(i) !== 34; i++) if (text.charCodeAt(i) === 92) i++;
    i++;
    return JSON.parse(text.slice(start, i)) as string;
  };
  const value = (): PyValue => {
    space();
    const c = text[i];
    if (c === '{') {
      const out = new Map<string, PyValue>();
      i++;
      space();
      if (text[i] === '}') return (i++, out);
      for (;;) {
        space();
        const key = string();
        space();
        i++; // the colon
        out.set(key, value());
        space();
        if (text[i++] === '}') return out;
      }
    }
    if (c === '[') {
      const out: PyValue[] = [];
      i++;
      space();
      if (text[i] === ']') return (i++, out);
      for (;;) {
        out.push(value());
        space();
        if (text[i++] === ']') return out;
      }
    }
    if (c === '"') return string();
    if (text.startsWith('true', i)) return ((i += 4), true);
    if (text.startsWith('false', i)) return ((i += 5), false);
    if (text.startsWith('null', i)) return ((i += 4), null);
    NUMBER.lastIndex = i;
    const match = NUMBER.exec(text);
    if (match === null) throw new Error(`not JSON at offset ${i}`);
    i += match[0].length;
    return match[1] === undefined && match[2] === undefined ? BigInt(match[0]) : new PyFloat(Number(match[0]));
  };
  return value();
}

/**
 * repr(float) in Python 3: the shortest digits that read back the same (as JS), written in
 * exponent form when the decimal exponent is below -4 or at least 16, and always with a fraction
 * or an exponent ("1.0", "1e+16", "1e-05", "-0.0", "inf" as json.dumps's "Infinity").
 */
export function pythonFloatRepr(x: number): string {
  if (Number.isNaN(x)) return 'NaN';
  if (!Number.isFinite(x)) return x > 0 ? 'Infinity' : '-Infinity';
  if (x === 0) return Object.is(x, -0) ? '-0.0' : '0.0';
  const [mantissa, exp] = Math.abs(x).toExponential().split('e') as [string, string];
  const digits = mantissa.replace('.', '');
  const e = Number(exp);
  const sign = x < 0 ? '-' : '';
  if (e < -4 || e >= 16) {
    const fraction = digits.length > 1 ? `.${digits.slice(1)}` : '';
    const power = `${e < 0 ? '-' : '+'}${String(Math.abs(e)).padStart(2, '0')}`;
    return `${sign}${digits[0]}${fraction}e${power}`;
  }
  if (e < 0) return `${sign}0.${'0'.repeat(-e - 1)}${digits}`;
  const whole = digits.slice(0, e + 1).padEnd(e + 1, '0');
  const fraction = digits.slice(e + 1);
  return `${sign}${whole}.${fraction === '' ? '0' : fraction}`;
}
