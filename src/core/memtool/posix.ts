/**
 * POSIX path arithmetic as strings, so the core needs no node:path: a lexical normalizer (exactly
 * path.posix.normalize) and a physical resolver that follows symbolic links the way realpath does.
 */

/** path.posix.normalize(): "." and empty segments dropped, ".." folded, a trailing slash kept ("" is "."). */
export function normalizePosix(path: string): string {
  const absolute = path.startsWith('/');
  const trailing = path.endsWith('/');
  const out: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment !== '..') out.push(segment);
    else if (out.length > 0 && out[out.length - 1] !== '..') out.pop();
    else if (!absolute) out.push('..');
  }
  const body = out.join('/');
  if (body === '') return absolute ? '/' : trailing ? './' : '.';
  return `${absolute ? '/' : ''}${body}${trailing ? '/' : ''}`;
}

/** Whether `path` is `root` or inside it. A bare prefix test would let /memories/u1 contain /memories/u12. */
export function isUnder(root: string, path: string): boolean {
  return path === root || path.startsWith(root.endsWith('/') ? root : `${root}/`);
}

/** POSIX allows this many symbolic links in one resolution before ELOOP. */
export const MAX_LINK_HOPS = 40;

export type RealPath = { kind: 'ok'; path: string } | { kind: 'loop'; reason: string };

/**
 * Resolve an absolute path as the filesystem does: segment by segment, following each symbolic link
 * when it is met, so a ".." after a link climbs from the link's target, not from the link.
 * `links` maps a link's absolute, normalized path to its target (absolute, or relative to its directory).
 */
export function realPath(path: string, links: ReadonlyMap<string, string>): RealPath {
  let pending = path.split('/');
  let resolved: string[] = [];
  let hops = 0;
  while (pending.length > 0) {
    const segment = pending.shift()!;
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      resolved.pop();
      continue;
    }
    const target = links.get(`/${[...resolved, segment].join('/')}`);
    if (target === undefined) {
      resolved.push(segment);
      continue;
    }
    if (++hops > MAX_LINK_HOPS) return { kind: 'loop', reason: 'Too many levels of symbolic links' };
    if (target.startsWith('/')) resolved = [];
    pending = [...target.split('/'), ...pending];
  }
  return { kind: 'ok', path: `/${resolved.join('/')}` };
}
