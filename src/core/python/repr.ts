/** Python's repr() of a list of strings, for the seed's message "sender cannot read ['x']". */

// str.isprintable() is false for categories Cc, Cf, Cs, Co, Cn, Zl, Zp and Zs other than the space.
const NON_PRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}]|(?! )\p{Zs}/u;

function hex(code: number, width: number): string {
  return code.toString(16).padStart(width, '0');
}

/** repr(s) for a Python str. */
export function reprString(s: string): string {
  const quote = s.includes("'") && !s.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of s) {
    const code = ch.codePointAt(0)!;
    if (ch === '\\' || ch === quote) out += `\\${ch}`;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (code < 0x20 || code === 0x7f) out += `\\x${hex(code, 2)}`;
    else if (code >= 0x80 && NON_PRINTABLE.test(ch)) {
      out += code <= 0xff ? `\\x${hex(code, 2)}` : code <= 0xffff ? `\\u${hex(code, 4)}` : `\\U${hex(code, 8)}`;
    } else out += ch;
  }
  return out + quote;
}

/** repr(list_of_str). */
export function reprList(values: readonly string[]): string {
  return `[${values.map(reprString).join(', ')}]`;
}
