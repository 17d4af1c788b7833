// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { CachePanel } from './CachePanel';
import { renderWithStore } from '../common/testing';
import { readFileSync } from 'node:fs';

const row = (step: number) =>
  within(screen.getByRole('list', { name: 'Cache lookups' }))
    .getAllByRole('listitem')
    .find((li) => li.querySelector('button')?.textContent === `Step ${step}`)!;

describe('CachePanel', () => {
  it("shows each query's key parts and a miss built for its own principal, with every rule on", () => {
    renderWithStore(<CachePanel />);
    expect(screen.getByRole('status')).toHaveTextContent(
      '5 queries, each served a context built for its own principal',
    );
    expect(row(9)).toHaveTextContent('user alice');
    expect(row(9)).toHaveTextContent('version 7');
    expect(row(9)).toHaveTextContent('Miss: the store built this request now, for alice/task-9/planner.');
  });

  it("names Bob's context served to Alice when the key has no principal", () => {
    const { store } = renderWithStore(<CachePanel />);
    act(() => store.getState().toggleRule('cacheKeyPrincipal'));
    expect(row(9)).toHaveTextContent('no user');
    expect(row(9)).toHaveTextContent(
      'Wrong context served to alice/task-9/planner: it was built for bob/task-17/planner at step 7.',
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      '3 of 5 queries got a context built for someone else or before a change.',
    );
  });

  it('names a context served after the store changed when the key has no version', () => {
    const { store } = renderWithStore(<CachePanel />);
    act(() => store.getState().toggleRule('cacheKeyVersion'));
    expect(row(12)).toHaveTextContent('no version');
    expect(row(12)).toHaveTextContent('at store version 7; the store is now at version 8');
  });

  it("shows a semantic cache's similarity, and Bob served Alice's request when the principal is only a tag", () => {
    const { store } = renderWithStore(<CachePanel />);
    act(() => store.getState().loadScenario(readFileSync('fixtures/lessons/semantic-cache-tag.scenario.json', 'utf8')));
    expect(row(5)).toHaveTextContent('Partition: user bob');
    expect(row(5)).toHaveTextContent('(nothing cached in this partition yet)');
    expect(row(4)).toHaveTextContent('similarity 1.00 ≥ threshold 0.8');
    act(() => store.getState().toggleRule('semanticCachePartition'));
    expect(row(5)).toHaveTextContent('no user');
    expect(row(5)).toHaveTextContent(
      '[bob/chat-1/assistant] What is my account balance and when is my next payment due? with [alice/chat-1/assistant]',
    );
    expect(row(5)).toHaveTextContent('similarity 0.93 ≥ threshold 0.8');
    expect(row(5)).toHaveTextContent(
      'Wrong context served to bob/chat-1/assistant: it was built for alice/chat-1/assistant at step 3.',
    );
  });
});
