/**
 * Which hosts are this computer, the one rule applied before any request to a learner's model server or
 * store: the loopback range 127.0.0.0/8, localhost and [::1], and nothing that merely resolves there.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isLoopbackHost } from './loopback';

describe('isLoopbackHost', () => {
  it.each(['127.0.0.1', '127.0.0.2', '127.255.255.255', '127.1.2.3', 'localhost', '[::1]'])(
    'counts %s as this computer',
    (host) => {
      expect(isLoopbackHost(host)).toBe(true);
    },
  );

  it.each([
    '128.0.0.1',
    '126.255.255.255',
    '10.0.0.1',
    '0.0.0.0',
    '127.0.0.256',
    '127.0.0',
    'localhost.',
    'foo.localhost',
    'localhost.example.com',
    '127.0.0.1.example.com',
    '[::2]',
    '[::ffff:7f00:1]',
    'example.com',
    '',
  ])('does not count %s', (host) => {
    expect(isLoopbackHost(host)).toBe(false);
  });

  it('counts exactly the addresses whose first octet is 127', () => {
    const octet = fc.integer({ min: 0, max: 255 });
    fc.assert(
      fc.property(octet, octet, octet, octet, (a, b, c, d) => {
        expect(isLoopbackHost(`${a}.${b}.${c}.${d}`)).toBe(a === 127);
      }),
    );
  });
});
