import { describe, expect, it } from 'vitest';
import { LESSONS } from '../../core/lessons/catalogue';
import { formatRoute, lessonRoute, looksLikeRoute, parseRoute } from './route';

describe('lesson routes', () => {
  it('give every lesson an address that reads back as the same lesson', () => {
    for (const lesson of LESSONS) {
      const hash = lessonRoute(lesson.id);
      expect(hash).toBe(`#/lesson/${lesson.id}`);
      expect(parseRoute(hash)).toEqual({ kind: 'lesson', id: lesson.id });
      expect(formatRoute(parseRoute(hash))).toBe(hash);
    }
  });
  it('read a route without its #, or with a trailing slash', () => {
    expect(parseRoute('/lesson/attacks/')).toEqual({ kind: 'lesson', id: 'attacks' });
  });
  it('are not share links, clean starts, section links, or malformed IDs', () => {
    for (const hash of [
      '',
      '#',
      '#clean',
      '#classroom',
      '#editor',
      '#v1.abc',
      '#/lesson/',
      '#/lesson/A',
      '#/lesson/%E0',
      '#/lesson/a/b',
      `#/lesson/${'a'.repeat(101)}`,
    ])
      expect(parseRoute(hash), hash).toEqual({ kind: 'none' });
    expect(formatRoute({ kind: 'none' })).toBe('');
    expect(looksLikeRoute('#/lesson/A')).toBe(true);
    expect(looksLikeRoute('#v1.abc')).toBe(false);
  });
});

describe('pack routes', () => {
  it('carry a pack’s compressed text, and nothing else', () => {
    expect(parseRoute('#/course/N4Ig$ab+-9')).toEqual({ kind: 'pack', data: 'N4Ig$ab+-9' });
    expect(formatRoute({ kind: 'pack', data: 'N4Ig' })).toBe('#/course/N4Ig');
    expect(parseRoute('#/course/')).toEqual({ kind: 'none' });
    expect(parseRoute('#/course/a b')).toEqual({ kind: 'none' });
  });
});
