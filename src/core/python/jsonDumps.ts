/** Python's json.dumps(value, indent=N) with its default ensure_ascii, so output matches the seed byte for byte. */
export function pythonDumps(value: unknown, indent = 2): string {
  // Python escapes every character outside printable ASCII; JSON.stringify already did the controls
  // below U+0020, but leaves DEL (U+007F) and everything above it raw.
  return JSON.stringify(value, null, indent).replace(
    /[\u007f-\uffff]/g,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
