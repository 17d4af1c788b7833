/**
 * The page's addresses, as pure functions: the one grammar of its URL. `#/lesson/<id>` opens a lesson of
 * the gallery, `#/course/<data>` a course pack carried in the address (both routes); a share link
 * "#v1.…" (core/sharing reads it), "#clean", "#classroom", "#lab" (the final lab) and a section link ("#editor") are the other
 * places a fragment names; "?embed" puts the page in another site's iframe. state/hashRouter.ts is the
 * one listener that acts on them.
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

/**
 * A fragment such as "#editor" is the page's own section link, not a share link: share links start
 * "#v<version>.", and the clean start is "#clean". Anything else that is not a plain name is read as a
 * (broken) share link, so the learner hears why it did not open.
 */
export function isSectionLink(hash: string): boolean {
  if (looksLikeRoute(hash)) return false;
  return /^#?[A-Za-z][\w-]*$/.test(hash) && !/^#?(clean|v\d+)$/.test(hash);
}

/** Every place a fragment names. */
export type Place =
  | { kind: 'home' }
  | Exclude<Route, { kind: 'none' }>
  /** Starts like a route but names none (an unknown or malformed lesson): the lesson store says so. */
  | { kind: 'bad-route'; hash: string }
  | { kind: 'clean' }
  | { kind: 'classroom' }
  /** The final lab: find the broken rule. */
  | { kind: 'lab' }
  /** One of the page's panes or tabs ("#editor", "#rules"). */
  | { kind: 'section'; id: string }
  /** A share link "#v1.…", or anything else: read as one, so that a damaged link says why it failed. */
  | { kind: 'share'; fragment: string };

/** The place a fragment names (with or without its "#"). */
export function parsePlace(hash: string): Place {
  const at = hash.startsWith('#') ? hash : `#${hash}`;
  if (at === '#') return { kind: 'home' };
  const route = parseRoute(at);
  if (route.kind !== 'none') return route;
  if (looksLikeRoute(at)) return { kind: 'bad-route', hash: at };
  if (at === '#clean') return { kind: 'clean' };
  if (at === '#classroom') return { kind: 'classroom' };
  if (at === '#lab') return { kind: 'lab' };
  if (isSectionLink(at)) return { kind: 'section', id: at.slice(1) };
  return { kind: 'share', fragment: at };
}

/** The fragment for a place (`formatPlace(parsePlace(h))` is `h` for every fragment that starts "#"). */
export function formatPlace(place: Place): string {
  switch (place.kind) {
    case 'home':
      return '';
    case 'lesson':
    case 'pack':
      return formatRoute(place);
    case 'bad-route':
      return place.hash;
    case 'clean':
      return '#clean';
    case 'classroom':
      return '#classroom';
    case 'lab':
      return '#lab';
    case 'section':
      return `#${place.id}`;
    case 'share':
      return place.fragment;
  }
}

/** A whole address: the place, and whether the page is embedded in another site ("?embed"). */
export interface Address {
  embed: boolean;
  place: Place;
}

/** The address a location's query and fragment name. */
export function parseAddress(location: { search: string; hash: string }): Address {
  return { embed: new URLSearchParams(location.search).has('embed'), place: parsePlace(location.hash) };
}

/** The query and fragment for an address, to follow the page's path ("?embed#v1.…"). */
export function formatAddress(address: Address): string {
  return `${address.embed ? '?embed' : ''}${formatPlace(address.place)}`;
}
