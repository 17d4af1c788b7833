/**
 * The page's addresses for lessons and course packs, as pure functions: `#/lesson/<id>` opens a lesson
 * of the gallery, `#/course/<id>/<n>` a lesson of an opened course pack. Everything else in the fragment
 * (a share link "#v1.…", "#clean", "#classroom", a section link) is not a route and is read elsewhere.
 */

export type Route = { kind: 'lesson'; id: string } | { kind: 'none' };

const LESSON = '#/lesson/';
const ID = /^[a-z0-9][a-z0-9-]{0,99}$/;

/** The route a fragment names; `none` for anything that is not a route (or a route with a malformed ID). */
export function parseRoute(hash: string): Route {
  const at = hash.startsWith('#') ? hash : `#${hash}`;
  if (!at.startsWith(LESSON)) return { kind: 'none' };
  let id: string;
  try {
    id = decodeURIComponent(at.slice(LESSON.length).replace(/\/$/, ''));
  } catch {
    return { kind: 'none' };
  }
  return ID.test(id) ? { kind: 'lesson', id } : { kind: 'none' };
}

/** The fragment for a route (`formatRoute(parseRoute(h))` is `h` for every well-formed route). */
export function formatRoute(route: Route): string {
  return route.kind === 'lesson' ? `${LESSON}${encodeURIComponent(route.id)}` : '';
}

/** The fragment that opens a gallery lesson. */
export const lessonRoute = (id: string): string => formatRoute({ kind: 'lesson', id });

/** True when the fragment starts a route, well-formed or not (so it is never read as a share link). */
export const looksLikeRoute = (hash: string): boolean => /^#?\//.test(hash);
