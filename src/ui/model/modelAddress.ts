/**
 * Where the page may send a learner's model requests: a loopback address only, and of those only the
 * hosts the page's Content-Security-Policy can name. Pure: the checks run before any request is made.
 */
import { isLoopbackHost } from '../../core/loopback/loopback';

/**
 * The connect-src sources for a local model server (vite.config.ts puts them in the page's CSP).
 * A CSP host-source cannot name an IPv6 address (Chromium ignores "http://[::1]:*" as invalid) nor a
 * range such as 127.0.0.0/8, so these two hosts are all the page can reach; "localhost" may still
 * resolve to ::1. ":*" is any port, the default one included.
 */
export const MODEL_CONNECT_SOURCES = ['http://127.0.0.1:*', 'http://localhost:*'] as const;

/** The hosts MODEL_CONNECT_SOURCES name. */
export const CONNECTABLE_HOSTS: readonly string[] = ['127.0.0.1', 'localhost'];

/** Where Ollama listens unless told otherwise. */
export const DEFAULT_MODEL_ADDRESS = 'http://127.0.0.1:11434';

export { isLoopbackHost };

export type AddressCheck =
  | { kind: 'ok'; /** "http://127.0.0.1:11434": the server's origin, which requests go under. */ origin: string }
  | { kind: 'invalid'; message: string }
  | { kind: 'remote'; host: string; message: string }
  | { kind: 'unlisted'; host: string; message: string };

/**
 * Check the address a learner typed. "127.0.0.1:11434" (Ollama's OLLAMA_HOST form) is read as http.
 * URL parsing normalises the host first (http://127.1 is 127.0.0.1), as the browser does before
 * connecting, so the check judges the host a request would actually go to.
 */
export function checkModelAddress(text: string): AddressCheck {
  const trimmed = text.trim();
  if (trimmed === '')
    return { kind: 'invalid', message: `Enter your Ollama server's address, for example ${DEFAULT_MODEL_ADDRESS}.` };
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `http://${trimmed}`);
  } catch {
    return { kind: 'invalid', message: `"${trimmed}" is not an address. Write it as ${DEFAULT_MODEL_ADDRESS}.` };
  }
  if (url.username !== '' || url.password !== '') {
    return {
      kind: 'invalid',
      message: 'Leave the user name and password out of the address: a local Ollama needs none.',
    };
  }
  const host = url.host;
  if (host === '')
    return { kind: 'invalid', message: `"${trimmed}" names no server. Write it as ${DEFAULT_MODEL_ADDRESS}.` };
  if (!isLoopbackHost(url.hostname)) {
    return {
      kind: 'remote',
      host,
      message:
        `${host} is not this computer. The page sends your requests only to a loopback address, where a local Ollama ` +
        'listens (http://127.0.0.1 or http://localhost, any port); its Content-Security-Policy would block any other host ' +
        'too.',
    };
  }
  if (!CONNECTABLE_HOSTS.includes(url.hostname) || url.protocol !== 'http:') {
    return {
      kind: 'unlisted',
      host,
      message:
        `${url.protocol}//${host} is on this computer, but the page's Content-Security-Policy lets it connect only to ` +
        'http://127.0.0.1 and http://localhost (a policy cannot name an IPv6 address or a range of addresses). Use ' +
        `http://127.0.0.1${url.port === '' ? '' : `:${url.port}`} instead.`,
    };
  }
  return { kind: 'ok', origin: url.origin };
}

/** Ollama's own default allowed origins: pages served from localhost, 127.0.0.1 or 0.0.0.0, any port. */
export function ollamaAllowsByDefault(pageOrigin: string): boolean {
  try {
    const url = new URL(pageOrigin);
    return ['http:', 'https:'].includes(url.protocol) && ['localhost', '127.0.0.1', '0.0.0.0'].includes(url.hostname);
  } catch {
    return false;
  }
}

/** The command that starts Ollama allowing requests from a page at `pageOrigin`. */
export function allowOriginCommand(pageOrigin: string): string {
  return `OLLAMA_ORIGINS=${pageOrigin} ollama serve`;
}
