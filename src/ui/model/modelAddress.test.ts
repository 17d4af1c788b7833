/** The address check that runs before any request to a learner's model server. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { allowOriginCommand, checkModelAddress, MODEL_CONNECT_SOURCES, ollamaAllowsByDefault } from './modelAddress';

describe('checkModelAddress', () => {
  it.each([
    ['http://127.0.0.1:11434', 'http://127.0.0.1:11434'],
    ['  http://localhost:11434/  ', 'http://localhost:11434'],
    ['127.0.0.1:11434', 'http://127.0.0.1:11434'],
    ['http://LOCALHOST:8080/api/chat', 'http://localhost:8080'],
    ['http://127.1:11434', 'http://127.0.0.1:11434'],
    ['http://0x7f.0.0.1:11434', 'http://127.0.0.1:11434'],
    ['http://127.0.0.1', 'http://127.0.0.1'],
  ])('takes %s as the server at %s', (text, origin) => {
    expect(checkModelAddress(text)).toEqual({ kind: 'ok', origin });
  });

  it.each([
    'http://example.com:11434',
    'https://ollama.example.org',
    'http://192.168.1.20:11434',
    'http://0.0.0.0:11434',
    'http://localhost.example.com:11434',
    'http://127.0.0.1.nip.io:11434',
    'example.com',
  ])('refuses the remote address %s', (text) => {
    const check = checkModelAddress(text);
    expect(check.kind).toBe('remote');
    expect(check.kind === 'remote' && check.message).toContain('is not this computer.');
  });

  it.each([
    ['http://[::1]:11434', 'http://127.0.0.1:11434'],
    ['http://127.0.0.2:11434', 'http://127.0.0.1:11434'],
    ['https://localhost:11434', 'http://127.0.0.1:11434'],
  ])("refuses %s, a loopback address the page's policy cannot name, and says what to use", (text, instead) => {
    const check = checkModelAddress(text);
    expect(check.kind).toBe('unlisted');
    expect(check.kind === 'unlisted' && check.message).toContain(`Use ${instead} instead.`);
  });

  it.each(['', '   ', 'not an address at all', 'http://', 'file:///etc/passwd', 'http://user:secret@127.0.0.1:11434'])(
    'calls %j invalid',
    (text) => {
      expect(checkModelAddress(text).kind).toBe('invalid');
    },
  );

  it("lets through only hosts the page's connect-src names", () => {
    const hosts = MODEL_CONNECT_SOURCES.map((source) => new URL(source.replace(':*', '')).host);
    const host = fc.oneof(
      fc.constantFrom('127.0.0.1', 'LocalHost', '[::1]', '127.0.0.9', '127.1', '0x7f.1', '2130706433', 'localhost.'),
      fc.ipV4(),
      fc.ipV6().map((ip) => `[${ip}]`),
      fc.domain(),
    );
    const scheme = fc.constantFrom('http://', 'https://', '');
    fc.assert(
      fc.property(scheme, host, fc.option(fc.integer({ min: 1, max: 65535 })), (s, h, port) => {
        const check = checkModelAddress(`${s}${h}${port === null ? '' : `:${port}`}`);
        if (check.kind === 'ok') expect(hosts).toContain(new URL(check.origin).hostname);
      }),
      { numRuns: 500 },
    );
  });
});

describe('the cross-origin rule', () => {
  it('knows which page origins Ollama allows without being told', () => {
    expect(ollamaAllowsByDefault('http://127.0.0.1:4173')).toBe(true);
    expect(ollamaAllowsByDefault('http://localhost:5173')).toBe(true);
    expect(ollamaAllowsByDefault('https://learner.github.io')).toBe(false);
    expect(ollamaAllowsByDefault('null')).toBe(false);
  });

  it('gives the command that allows this page', () => {
    expect(allowOriginCommand('https://learner.github.io')).toBe(
      'OLLAMA_ORIGINS=https://learner.github.io ollama serve',
    );
  });
});
