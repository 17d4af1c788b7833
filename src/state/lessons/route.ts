/**
 * The page's addresses for lessons and course packs, as pure functions: `#/lesson/<id>` opens a lesson
 * of the gallery, `#/course/<data>` a course pack carried in the address. Everything else in the fragment
 * (a share link "#v1.…", "#clean", "#classroom", a section link) is not a route and is read elsewhere.
 */

export type Route =
  | { kind: 'lesson'; id: string }
  /** A course pack carried in the address (core/courses/packLink.ts): its compressed text. */
  | { kind: 'pack'; data: string }
  | { kind: 'none' };

const LESSON = '#/lesson/';
const PACK = '#/course/';
const ID = /^[a-z0-9][a-z0-9-]{0,99}$/;

/** The route a fragment names; `none` for anything that is not a route (or a route with a malformed ID). */
export function parseRoute(hash: string): Route {
  const at = hash.startsWith('#') ? hash : `#${hash}`;
  if (at.startsWith(PACK)) {
    const data = at.slice(PACK.length);
    return /^[A-Za-z0-9+\-$]+$/.test(data) ? { kind: 'pack', data } : { kind: 'none' };
  }
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
  switch (route.kind) {
    case 'lesson':
      return `${LESSON}${encodeURIComponent(route.id)}`;
    case 'pack':
      return `${PACK}${route.data}`;
    case 'none':
      return '';
  }
}

/** The fragment that opens a gallery lesson. */
export const lessonRoute = (id: string): string => formatRoute({ kind: 'lesson', id });

/** True when the fragment starts a route, well-formed or not (so it is never read as a share link). */
export const looksLikeRoute = (hash: string): boolean => /^#?\//.test(hash);
