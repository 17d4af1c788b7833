/** Python's json.dumps(value, indent=N) with its default ensure_ascii, so output matches the seed byte for byte. */
export function pythonDumps(value: unknown, indent = 2): string {
  return JSON.stringify(value, null, indent).replace(
    /[\u0080-\uffff]/g,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
