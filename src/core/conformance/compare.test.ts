/**
 * One adapter answer against the reference's: what conforms (a refusal in other words, the same items,
 * in any order when asked), and for what does not, the kind of mismatch, both sides in a line, and the
 * items extra and missing, counting repeats. A store's author reads these lines in the report.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Message } from '../store/context';
import { compareAnswer, describeExpected } from './compare';
import type { Answer } from './protocol';
import type { Expected } from './reference';

const sys = (content: string): Message => ({ role: 'system', content });
const user = (content: string): Message => ({ role: 'user', content });
const items = (ids: string[], messages: Message[] = []): Expected => ({ kind: 'items', items: ids, messages });
const got = (ids: string[], messages: Message[] | null = null): Answer => ({ kind: 'items', items: ids, messages });

describe('compareAnswer', () => {
  it('accepts a refusal in any words, an ok to a write, and the same items', () => {
    expect(compareAnswer({ kind: 'rejected', reason: 'unknown agent x' }, { kind: 'error', error: 'nope' })).toBeNull();
    expect(compareAnswer({ kind: 'accepted' }, { kind: 'ok' })).toBeNull();
    expect(compareAnswer(items(['a', 'b']), got(['a', 'b']))).toBeNull();
    expect(compareAnswer(items(['a', 'b'], [sys('S'), user('Q')]), got(['a', 'b'], [sys('S'), user('Q')]))).toBeNull();
  });

  it('says who accepted or refused what, in a line each', () => {
    expect(compareAnswer({ kind: 'rejected', reason: 'unknown agent x' }, { kind: 'ok' })).toEqual({
      kind: 'accepted',
      adapter: 'accepted it ({"ok":true})',
      reference: 'refused it: unknown agent x',
      extra: [],
      missing: [],
    });
    expect(compareAnswer({ kind: 'accepted' }, { kind: 'error', error: 'x'.repeat(300) })).toEqual({
      kind: 'refused',
      adapter: `refused it (${JSON.stringify('x'.repeat(200))})`,
      reference: 'accepted it',
      extra: [],
      missing: [],
    });
    expect(compareAnswer({ kind: 'accepted' }, got(['a']))).toMatchObject({
      kind: 'wrong-answer',
      adapter: 'returned items ["a"]',
    });
    expect(compareAnswer(items(['a']), { kind: 'ok' })).toMatchObject({
      kind: 'wrong-answer',
      reference: 'returned items ["a"]',
    });
    expect(compareAnswer(items(['a']), { kind: 'error', error: 'no' })).toMatchObject({ kind: 'refused' });
  });

  it('names the extra and missing items, counting repeats', () => {
    expect(compareAnswer(items(['a', 'b', 'c']), got(['b', 'd', 'd', 'a']))).toEqual({
      kind: 'items',
      adapter: 'returned items ["b", "d", "d", "a"]',
      reference: 'returned items ["a", "b", "c"]',
      extra: ['d', 'd'],
      missing: ['c'],
    });
    expect(compareAnswer(items(['a', 'a']), got(['a']))).toMatchObject({ kind: 'items', extra: [], missing: ['a'] });
    expect(compareAnswer(items(['a']), got(['a', 'a']))).toMatchObject({ kind: 'items', extra: ['a'], missing: [] });
  });

  it('holds the order unless any order is allowed', () => {
    expect(compareAnswer(items(['a', 'b']), got(['b', 'a']))).toMatchObject({ kind: 'order', extra: [], missing: [] });
    expect(compareAnswer(items(['a', 'b']), got(['b', 'a']), { anyOrder: true })).toBeNull();
    expect(compareAnswer(items(['a', 'b']), got(['b', 'a']), { anyOrder: false })).toMatchObject({ kind: 'order' });
  });

  it('finds items equal as multisets exactly when sorted lists are equal', () => {
    const id = fc.constantFrom('a', 'b', 'c', 'd');
    fc.assert(
      fc.property(fc.array(id, { maxLength: 6 }), fc.array(id, { maxLength: 6 }), (want, have) => {
        const outcome = compareAnswer(items(want), got(have), { anyOrder: true });
        expect(outcome === null).toBe(JSON.stringify([...want].sort()) === JSON.stringify([...have].sort()));
        if (outcome !== null) expect(outcome.extra.length + outcome.missing.length).toBeGreaterThan(0);
      }),
    );
  });

  it('compares messages only when sent, and says where they first differ', () => {
    const reference = items(['a'], [sys('line one\nline two'), user('Q')]);
    expect(compareAnswer(reference, got(['a']))).toBeNull();
    expect(compareAnswer(reference, got(['a'], [sys('line one\nline 2'), user('Q')]))).toEqual({
      kind: 'messages',
      adapter: 'sent message 1 (system) with line 2 "line 2", not "line two"',
      reference: 'returned items ["a"]',
      extra: [],
      missing: [],
    });
    expect(compareAnswer(reference, got(['a'], [sys('line one\nline two'), user('Q2')]))?.adapter).toBe(
      'sent message 2 (user) with line 1 "Q2", not "Q"',
    );
    expect(compareAnswer(reference, got(['a'], [sys('line one\nline two')]))?.adapter).toBe('sent 1 messages, not 2');
    expect(compareAnswer(reference, got(['a'], [sys('line one\nline two'), user('Q'), user('more')]))?.adapter).toBe(
      'sent 3 messages, not 2',
    );
    // The adapter's message is the reference's with a line more: the first line past the reference's.
    expect(compareAnswer(reference, got(['a'], [sys('line one\nline two\nthree'), user('Q')]))?.adapter).toBe(
      'sent message 1 (system) with a line 3 "three" the reference does not send',
    );
    // The adapter's message stops early: the first line it left out.
    expect(compareAnswer(reference, got(['a'], [sys('line one'), user('Q')]))?.adapter).toBe(
      'sent message 1 (system) without line 2 "line two"',
    );
    expect(compareAnswer(reference, got(['a'], [sys('line one\nline two\n'), user('Q')]))?.adapter).toBe(
      'sent message 1 (system) with a line 3 "" the reference does not send',
    );
  });

  it('names both roles when only the role of a message differs', () => {
    const reference = items(['a'], [sys('S'), user('line one\nline two')]);
    expect(compareAnswer(reference, got(['a'], [sys('S'), sys('line one\nline two')]))?.adapter).toBe(
      'sent message 2 with role "system", not "user"',
    );
    expect(compareAnswer(reference, got(['a'], [user('S'), user('line one\nline two')]))?.adapter).toBe(
      'sent message 1 with role "user", not "system"',
    );
    // Role and text both differ: the role is named first.
    expect(compareAnswer(reference, got(['a'], [user('T'), user('line one\nline two')]))?.adapter).toBe(
      'sent message 1 with role "user", not "system"',
    );
  });
});

describe('describeExpected', () => {
  it('says what the reference did', () => {
    expect(describeExpected({ kind: 'accepted' })).toBe('accepted it');
    expect(describeExpected({ kind: 'rejected', reason: 'r' })).toBe('refused it: r');
    expect(describeExpected(items([]))).toBe('returned items []');
  });
});
