/**
 * File-backed memory: each principal reads files under its own root, /memories/<org_id>/<user_id>.
 * A path is an identifier the model supplies, so it is resolved against that root and canonicalised
 * (decoded as the file server decodes it, links followed as the filesystem follows them) before the
 * one comparison that decides. The naive check judges the string instead, before canonicalising.
 */
import { type Session, ToolError, currentPrincipal } from './session';
import { type ToolArgs, type ToolResponse, respond, stringArg } from './tools';
import { isUnder, normalizePosix, realPath } from './posix';

/** Where every principal's memory directory lives. */
export const MEMORY_TREE = '/memories';

/** A principal's root: the only directory its file tool may open anything under. */
export function memoryRoot(p: { org_id: string; user_id: string }): string {
  return `${MEMORY_TREE}/${p.org_id}/${p.user_id}`;
}

/** The memory filesystem: file contents and symbolic links, each by absolute, normalized path. */
export interface MemoryFiles {
  readonly files: ReadonlyMap<string, string>;
  readonly links: ReadonlyMap<string, string>;
}

export type Opened = { kind: 'ok'; path: string } | { kind: 'invalid'; reason: string };

/** The file server's decoding of a requested path: percent-escapes decoded once; a NUL byte refused. */
export function decodePath(raw: string): Opened {
  let path: string;
  try {
    path = decodeURIComponent(raw);
  } catch {
    return { kind: 'invalid', reason: 'malformed percent-encoding' };
  }
  return path.includes('\0') ? { kind: 'invalid', reason: 'the path contains a NUL byte' } : { kind: 'ok', path };
}

/** What the filesystem actually opens for a path requested under `root`: decoded, joined, links followed. */
export function openPath(root: string, raw: string, links: ReadonlyMap<string, string>): Opened {
  const decoded = decodePath(raw);
  if (decoded.kind !== 'ok') return decoded;
  const real = realPath(`${root}/${decoded.path}`, links);
  return real.kind === 'ok' ? real : { kind: 'invalid', reason: real.reason };
}

/** One check of a requested path: the string it judged, its verdict, and what was opened if it allowed it. */
export interface PathAttempt {
  raw: string;
  root: string;
  /** The string the check compared with the root. */
  checked: string;
  allowed: boolean;
  /** The canonical path the filesystem opened (null if refused, or if it could not be opened). */
  opened: string | null;
  /** Why the path could not be opened at all (bad encoding, a link loop), or null. */
  problem: string | null;
}

/** The safe check: canonicalise first, exactly as the opener will, then compare with the root at a separator. */
export function safePathCheck(root: string, raw: string, links: ReadonlyMap<string, string>): PathAttempt {
  const opened = openPath(root, raw, links);
  if (opened.kind !== 'ok') return { raw, root, checked: '', allowed: false, opened: null, problem: opened.reason };
  const allowed = isUnder(root, opened.path);
  return { raw, root, checked: opened.path, allowed, opened: allowed ? opened.path : null, problem: null };
}

/**
 * The naive check: it folds "..", but on the string as sent (before decoding, without links), and
 * compares a bare prefix. Plain ../ is caught; %2e%2e%2f, ..%2f, a link, and a sibling such as
 * usr_3104 beside usr_310 (the /memories2 trick) all pass.
 */
export function naivePathCheck(root: string, raw: string, links: ReadonlyMap<string, string>): PathAttempt {
  const checked = normalizePosix(`${root}/${raw}`);
  if (!checked.startsWith(root)) return { raw, root, checked, allowed: false, opened: null, problem: null };
  const opened = openPath(root, raw, links);
  return opened.kind === 'ok'
    ? { raw, root, checked, allowed: true, opened: opened.path, problem: null }
    : { raw, root, checked, allowed: true, opened: null, problem: opened.reason };
}

/** A view call's answer and the check behind it (null when there was no principal to give a root). */
export interface ViewResult {
  response: ToolResponse;
  attempt: PathAttempt | null;
}

function view(fs: MemoryFiles, session: Session, args: ToolArgs, check: typeof safePathCheck): ViewResult {
  let attempt: PathAttempt | null = null;
  const response = respond(() => {
    const root = memoryRoot(currentPrincipal(session));
    const raw = stringArg(args, 'path');
    const tried = check(root, raw, fs.links);
    attempt = tried;
    if (tried.problem !== null) throw new ToolError(`Cannot open ${raw}: ${tried.problem}.`);
    // Stryker disable next-line LogicalOperator,ConditionalExpression: a refused attempt never carries an opened path; the guard stays for safety
    if (!tried.allowed || tried.opened === null)
      throw new ToolError(`Access denied: ${raw} is outside your memory directory.`);
    const text = fs.files.get(tried.opened);
    if (text === undefined) throw new ToolError(`The path ${raw} does not exist.`);
    return { text };
  });
  return { response, attempt };
}

/** View a memory file through the safe check. */
export function safeView(fs: MemoryFiles, session: Session, args: ToolArgs): ViewResult {
  return view(fs, session, args, safePathCheck);
}

/** View a memory file through the naive string check. */
export function naiveView(fs: MemoryFiles, session: Session, args: ToolArgs): ViewResult {
  return view(fs, session, args, naivePathCheck);
}
