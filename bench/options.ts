/** The benchmarks' command-line options: `--name value` pairs and bare `--flag`s. */

/** The value after `--name` in `argv`, or `fallback` when it is absent or last. */
export function option(name: string, fallback: string, argv: readonly string[] = process.argv): string {
  const at = argv.indexOf(`--${name}`);
  return at !== -1 && argv[at + 1] !== undefined ? argv[at + 1]! : fallback;
}
