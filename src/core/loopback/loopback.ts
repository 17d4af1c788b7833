/**
 * Which hosts are this computer: the one rule the model panel, the Your store tab and `npm run conform
 * --url` apply before any request is made. Pure string work, so the command line and the page share it.
 */

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/**
 * Is `hostname` (as URL.hostname gives it: lower case, IPv4 in dotted decimal, IPv6 in brackets) this
 * computer: 127.0.0.0/8, localhost or [::1]. Nothing else counts, not even names that resolve there.
 */
export function isLoopbackHost(hostname: string): boolean {
  if (hostname === 'localhost' || hostname === '[::1]') return true;
  const octets = IPV4.exec(hostname)?.slice(1).map(Number);
  return octets !== undefined && octets[0] === 127 && octets.every((n) => n <= 255);
}
