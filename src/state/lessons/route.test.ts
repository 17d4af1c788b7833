import { readFileSync } from 'node:fs';
import { compressToEncodedURIComponent } from 'lz-string';
import { describe, expect, it } from 'vitest';
import { LESSONS } from '../../core/lessons/catalogue';
import { decodeShare, encodeShare, type ShareState } from '../../core/sharing/shareLink';
import {
  formatAddress,
  formatPlace,
  formatRoute,
  lessonRoute,
  looksLikeRoute,
  parseAddress,
  parsePlace,
  parseRoute,
  type Place,
} from './route';

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

describe('places', () => {
  const state: ShareState = {
    scenario: readFileSync('fixtures/scenario.json', 'utf8'),
    step: 9,
    principal: null,
    question: null,
    rulesOff: ['taskCheck'],
    lesson: null,
    view: { tab: 'why' },
  };

  it('read every fragment the page is given, and write it back the same', () => {
    const shared = encodeShare(state);
    if (shared.kind !== 'ok') throw new Error('too long');
    const places: Array<[string, Place]> = [
      ['', { kind: 'home' }],
      ['#/lesson/attacks', { kind: 'lesson', id: 'attacks' }],
      ['#/course/N4Ig$ab+-9', { kind: 'pack', data: 'N4Ig$ab+-9' }],
      ['#/lesson/no-such_Lesson', { kind: 'bad-route', hash: '#/lesson/no-such_Lesson' }],
      ['#clean', { kind: 'clean' }],
      ['#classroom', { kind: 'classroom' }],
      ['#lab', { kind: 'lab' }],
      ['#rules', { kind: 'section', id: 'rules' }],
      [shared.fragment, { kind: 'share', fragment: shared.fragment }],
      ['#v1.broken!', { kind: 'share', fragment: '#v1.broken!' }],
      ['#v2', { kind: 'share', fragment: '#v2' }],
    ];
    for (const [hash, place] of places) {
      expect(parsePlace(hash), hash).toEqual(place);
      expect(formatPlace(place)).toBe(hash);
    }
    expect(parsePlace('#')).toEqual({ kind: 'home' });
    expect(parsePlace('clean')).toEqual({ kind: 'clean' });
  });

  it('keep an embedded share link’s step, tab and switches through the address', () => {
    const shared = encodeShare(state);
    if (shared.kind !== 'ok') throw new Error('too long');
    const address = `?embed${shared.fragment}`;
    expect(formatAddress({ embed: true, place: { kind: 'share', fragment: shared.fragment } })).toBe(address);
    const read = parseAddress({ search: '?embed', hash: shared.fragment });
    expect(read.embed).toBe(true);
    expect(read.place.kind === 'share' && decodeShare(read.place.fragment)).toEqual({ kind: 'shared', state });
    expect(parseAddress({ search: '', hash: '#/lesson/attacks' })).toEqual({
      embed: false,
      place: { kind: 'lesson', id: 'attacks' },
    });
    expect(formatAddress({ embed: false, place: { kind: 'lesson', id: 'attacks' } })).toBe('#/lesson/attacks');
  });

  it('open a link written before views and actors were kept at its step', () => {
    const { view: _view, ...older } = state;
    const fragment = `#v1.${compressToEncodedURIComponent(JSON.stringify(older))}`;
    const place = parsePlace(fragment);
    expect(place).toEqual({ kind: 'share', fragment });
    const opened = place.kind === 'share' ? decodeShare(place.fragment) : null;
    expect(opened?.kind === 'shared' && opened.state.step).toBe(9);
  });
});
