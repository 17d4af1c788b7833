/**
 * One way for every command (replay, grade, conform, sql, record) to read its command line: node's own
 * `util.parseArgs`, the options and exit codes each command declares in cli/commandSpecs.ts, and the
 * same answers everywhere: `--help`/`-h` prints the usage, every option and the exit codes (exit 0),
 * `--version` the package's version (exit 0), `--flag=value` is the same as `--flag value`, and an
 * unknown or malformed option exits 2 naming it: `replay: unknown option --lessn (see replay --help)`.
 */
import { parseArgs } from 'node:util';
import { version } from '../package.json';
import { printable } from '../src/core/text/escape';

/** Exit code of a command line that cannot be read (every command's 2). */
export const USAGE_EXIT = 2;

export interface OptionSpec {
  type: 'string' | 'boolean';
  /** May be given more than once; every value is kept, in order. */
  multiple?: boolean;
  /** One letter, `-h` style. */
  short?: string;
  /** The value's placeholder in the help: FILE, N, URL. */
  value?: string;
  /** One line: what it does and its default. */
  help: string;
}

export interface ExitCode {
  code: number;
  meaning: string;
}

export interface CommandSpec {
  /** As the user names it: `replay` (messages read `replay: …`, `see replay --help`). */
  name: string;
  /** The usage lines, each a whole command. */
  usage: readonly string[];
  /** What the command does, a few lines. */
  about: string;
  /** Every option but --help and --version, which every command has. */
  options: Readonly<Record<string, OptionSpec>>;
  /** Every exit code the command uses: the source of its help and of the README's table. */
  exits: readonly ExitCode[];
}

/** The options every command has. */
const COMMON: Readonly<Record<string, OptionSpec>> = {
  help: { type: 'boolean', short: 'h', help: 'print this help and exit' },
  version: { type: 'boolean', help: 'print the version and exit' },
};

export interface Args {
  /** Each option given: a string, `true` for a flag, every value of a repeatable option. */
  values: Readonly<Record<string, string | boolean | string[] | undefined>>;
  /** The arguments that are not options, in order (everything after `--` is one). */
  positionals: string[];
  /** The options in the order given, with their values (a flag's is null). */
  given: Array<{ name: string; value: string | null }>;
}

export type ArgsOutcome =
  | { kind: 'ok'; args: Args }
  | { kind: 'help' }
  | { kind: 'version' }
  /** What is wrong, naming the option as it was typed (raw: print it with printable). */
  | { kind: 'usage'; message: string };

/** The package's version, as `--version` prints it. */
export const VERSION: string = version;

/** Read `argv` (without node and the script) against the command's options. */
export function readArgs(spec: CommandSpec, argv: readonly string[]): ArgsOutcome {
  const options = { ...spec.options, ...COMMON };
  // Asked for help or the version anywhere before `--`, the rest of the line need not be right.
  const end = argv.indexOf('--');
  const before = end === -1 ? argv : argv.slice(0, end);
  if (before.includes('--help') || before.includes('-h')) return { kind: 'help' };
  if (before.includes('--version')) return { kind: 'version' };
  // Not strict: the tokens are checked here, so each message can name the option as typed.
  const { tokens } = parseArgs({
    args: [...argv],
    options: Object.fromEntries(
      Object.entries(options).map(([name, o]) => [
        name,
        {
          type: o.type,
          multiple: o.multiple === true,
          ...(o.short === undefined ? {} : { short: o.short }),
        },
      ]),
    ),
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  const values: Record<string, string | boolean | string[] | undefined> = {};
  const positionals: string[] = [];
  const given: Args['given'] = [];
  for (const token of tokens) {
    if (token.kind === 'positional') positionals.push(token.value);
    if (token.kind !== 'option') continue;
    const option = Object.hasOwn(options, token.name) ? options[token.name] : undefined;
    if (option === undefined) return { kind: 'usage', message: `unknown option ${token.rawName}` };
    if (option.type === 'boolean') {
      if (token.value !== undefined) return { kind: 'usage', message: `${token.rawName} takes no value` };
      values[token.name] = true;
      given.push({ name: token.name, value: null });
      continue;
    }
    // `--lesson --check` is a forgotten value, not a lesson named "--check"; `--step=-1` gives one.
    if (token.value === undefined || (!token.inlineValue && token.value.startsWith('-') && token.value !== '-')) {
      return { kind: 'usage', message: `${token.rawName} needs a value` };
    }
    if (option.multiple) values[token.name] = [...((values[token.name] as string[] | undefined) ?? []), token.value];
    else values[token.name] = token.value;
    given.push({ name: token.name, value: token.value });
  }
  return { kind: 'ok', args: { values, positionals, given } };
}

/** The option's value, or null when it was not given. */
export function stringOption(args: Args, name: string): string | null {
  const value = args.values[name];
  return typeof value === 'string' ? value : null;
}

/** Every value of a repeatable option, in order. */
export function stringsOption(args: Args, name: string): string[] {
  const value = args.values[name];
  return Array.isArray(value) ? value : [];
}

export function flagOption(args: Args, name: string): boolean {
  return args.values[name] === true;
}

/** `--exec CMD`, `-h, --help`: how the help names an option. */
function optionLabel(name: string, option: OptionSpec): string {
  const long = `--${name}${option.value === undefined ? '' : ` ${option.value}`}`;
  return option.short === undefined ? long : `-${option.short}, ${long}`;
}

/** What `--help` prints: usage, what it does, every option with one line, the exit codes. */
export function helpText(spec: CommandSpec): string {
  const options = { ...spec.options, ...COMMON };
  const labels = Object.entries(options).map(([name, option]) => [optionLabel(name, option), option] as const);
  const width = Math.max(...labels.map(([label]) => label.length));
  const lines = [
    ...spec.usage.map((line, i) => `${i === 0 ? 'Usage: ' : '       '}${line}`),
    '',
    spec.about,
    '',
    'Options:',
    ...labels.map(
      ([label, option]) => `  ${label.padEnd(width)}  ${option.help}${option.multiple ? ' (repeatable)' : ''}`,
    ),
    '',
    'Exit codes:',
    ...spec.exits.map(({ code, meaning }) => `  ${String(code).padStart(3)}  ${meaning}`),
  ];
  return `${lines.join('\n')}\n`;
}

/** The line a usage error prints: the command, the message (made printable: it holds what was typed), the pointer to --help. */
export function usageLine(spec: CommandSpec, message: string): string {
  return `${spec.name}: ${printable(message)} (see ${spec.name} --help)`;
}

/** Exit 2 with the usage error's line. */
export function usageError(spec: CommandSpec, message: string): never {
  process.stderr.write(`${usageLine(spec, message)}\n`);
  process.exit(USAGE_EXIT);
}

/**
 * The command's arguments, or the process ends here: the help or the version on stdout (exit 0), or a
 * usage error on stderr (exit 2).
 */
export function commandArgs(spec: CommandSpec, argv: readonly string[]): Args {
  const outcome = readArgs(spec, argv);
  if (outcome.kind === 'ok') return outcome.args;
  if (outcome.kind === 'usage') usageError(spec, outcome.message);
  // Writes to a file, a pipe or a terminal are synchronous on Linux and macOS: the text is out before the exit.
  process.stdout.on('error', () => undefined);
  process.stdout.write(outcome.kind === 'help' ? helpText(spec) : `${VERSION}\n`);
  process.exit(0);
}
