import { describe, expect, it } from 'vitest';
import { memoryProgressStorage } from './progressStorage';
import { createTourStore } from './tourStore';
import { TOUR_STOPS } from './tourStops';

describe('the first-run tour', () => {
  it('starts once on a first visit, and not again after it was dismissed at any stop', () => {
    const storage = memoryProgressStorage();
    const tour = createTourStore(storage);
    tour.getState().startIfFirstRun();
    expect(tour.getState().stop).toBe(0);
    tour.getState().next(TOUR_STOPS.length);
    tour.getState().next(TOUR_STOPS.length);
    tour.getState().dismiss();
    expect(tour.getState().stop).toBeNull();
    const later = createTourStore(storage);
    later.getState().startIfFirstRun();
    expect(later.getState().stop).toBeNull();
  });

  it('is finished after its last stop, which also counts as seen', () => {
    const storage = memoryProgressStorage();
    const tour = createTourStore(storage);
    tour.getState().startIfFirstRun();
    for (let i = 0; i < TOUR_STOPS.length; i++) tour.getState().next(TOUR_STOPS.length);
    expect(tour.getState().stop).toBeNull();
    expect(storage.seen).toBe(true);
  });

  it('replays from help at the first stop even when seen, and goes back no further than the first', () => {
    const storage = memoryProgressStorage();
    storage.seen = true;
    const tour = createTourStore(storage);
    tour.getState().startIfFirstRun();
    expect(tour.getState().stop).toBeNull();
    tour.getState().replay();
    tour.getState().back();
    expect(tour.getState().stop).toBe(0);
  });

  it('has five to seven stops, each anchored by a distinct data-tour name', () => {
    expect(TOUR_STOPS.length).toBeGreaterThanOrEqual(5);
    expect(TOUR_STOPS.length).toBeLessThanOrEqual(7);
    expect(new Set(TOUR_STOPS.map((s) => s.anchor)).size).toBe(TOUR_STOPS.length);
  });
});
