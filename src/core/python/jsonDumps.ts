import { PyFloat, pythonFloatRepr } from './jsonLoads';

/** Python's json.dumps(value, indent=N) with its default ensure_ascii, so output matches the seed byte for byte. */
export function pythonDumps(value: unknown, indent = 2): string {
  // Python escapes every character outside printable ASCII; JSON.stringify already did the controls
  // below U+0020, but leaves DEL (U+007F) and everything above it raw.
  return JSON.stringify(value, null, indent).replace(
    /[\u007f-\uffff]/g,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** A value pythonDumpsExact prints: JSON-like, plus Maps (ordered keys), bigint ints and PyFloat floats. */
export type DumpValue =
  | null
  | boolean
  | string
  | number
  | bigint
  | PyFloat
  | readonly DumpValue[]
  | ReadonlyMap<string, DumpValue>
  | { readonly [key: string]: DumpValue };

/**
 * json.dumps(value, indent=N) for values that keep what JS would lose: a Map prints its keys in its
 * own order, a bigint every digit, a PyFloat as Python's repr. A JS number must be an integer (a
 * count); a float comes as PyFloat, so 1.0 is never printed as 1. `ensureAscii` is json.dumps's
 * (true by default): false writes characters past ASCII as they are.
 */
export function pythonDumpsExact(value: DumpValue, indent = 2, { ensureAscii = true } = {}): string {
  const scalar = ensureAscii ? pythonDumps : (v: unknown) => JSON.stringify(v);
  const write = (v: DumpValue, pad: string): string => {
    if (v === null || typeof v === 'boolean' || typeof v === 'string') return scalar(v);
    if (typeof v === 'number') {
      if (!Number.isInteger(v)) throw new Error(`pythonDumpsExact: ${v} is not an integer (pass a PyFloat)`);
      return String(v);
    }
    if (typeof v === 'bigint') return v.toString();
    if (v instanceof PyFloat) return pythonFloatRepr(v.value);
    const inner = pad + ' '.repeat(indent);
    const entries: Array<[string | null, DumpValue]> = Array.isArray(v)
      ? v.map((item: DumpValue) => [null, item])
      : [...(v instanceof Map ? v : Object.entries(v))];
    if (entries.length === 0) return Array.isArray(v) ? '[]' : '{}';
    const body = entries.map(([key, item]) => `${inner}${key === null ? '' : `${scalar(key)}: `}${write(item, inner)}`);
    const [open, close] = Array.isArray(v) ? ['[', ']'] : ['{', '}'];
    return `${open}\n${body.join(',\n')}\n${pad}${close}`;
  };
  return write(value, '');
}
