import { describe, expect, it } from 'vitest';
import { holds } from './holds';

describe('holds on a view the engine makes on demand', () => {
  it('asks for it when the first view comes and stops when the last one goes', () => {
    const changes: boolean[] = [];
    const store = holds((held) => changes.push(held));
    const first = store.hold();
    const second = store.hold();
    expect(changes).toEqual([true]);
    first();
    expect(store.held()).toBe(true);
    second();
    expect(changes).toEqual([true, false]);
    expect(store.held()).toBe(false);
  });

  it('counts a release called twice once, as a view unmounted twice must not end another one’s hold', () => {
    const changes: boolean[] = [];
    const store = holds((held) => changes.push(held));
    const first = store.hold();
    store.hold();
    first();
    first();
    expect(store.held()).toBe(true);
    expect(changes).toEqual([true]);
  });
});
