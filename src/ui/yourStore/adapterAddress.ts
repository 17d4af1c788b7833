/**
 * Where the Your store tab may send the scenario: the model panel's address rules (a loopback host the
 * page's Content-Security-Policy can name, over http), with their words for an adapter.
 */
import { CONNECTABLE_HOSTS, isLoopbackHost } from '../model/modelAddress';

export const DEFAULT_ADAPTER_ADDRESS = 'http://127.0.0.1:4437/';

export type AdapterAddress = { kind: 'ok'; url: string } | { kind: 'refused'; message: string };

export function checkAdapterAddress(text: string): AdapterAddress {
  const trimmed = text.trim();
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `http://${trimmed}`);
  } catch {
    return { kind: 'refused', message: `"${trimmed}" is not an address. Write it as ${DEFAULT_ADAPTER_ADDRESS}.` };
  }
  if (url.username !== '' || url.password !== '')
    return { kind: 'refused', message: 'Leave the user name and password out of the address.' };
  if (!isLoopbackHost(url.hostname)) {
    return {
      kind: 'refused',
      message: `${url.host} is not this computer. The page sends the scenario only to a loopback address (http://127.0.0.1 or http://localhost, any port).`,
    };
  }
  if (!CONNECTABLE_HOSTS.includes(url.hostname) || url.protocol !== 'http:') {
    return {
      kind: 'refused',
      message: `The page's Content-Security-Policy lets it connect only to http://127.0.0.1 and http://localhost. Use http://127.0.0.1${url.port === '' ? '' : `:${url.port}`}${url.pathname} instead.`,
    };
  }
  return { kind: 'ok', url: url.href };
}
