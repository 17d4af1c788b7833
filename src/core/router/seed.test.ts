/**
 * The port against the seed itself: testdata/seed-cases.json was recorded by running the seed's
 * memory_router.py (testdata/seed_cases.py), so normalization, tokens, scores, ties, errors and the
 * printed JSON are compared with what Python produced, byte for byte.
 */
import { describe, expect, it } from 'vitest';
import cases from './testdata/seed-cases.json';
import { type ContextPolicy, type Memory, MemoryRouter, RouterError, normalize, tokenScore } from './router';
import { exampleRouter } from './example';
import { formatResults } from './format';
import { pythonFloatRepr } from '../python/jsonLoads';

type Recorded = { output?: string; error?: string };
type RecallCase = [context: string, query: string, limit: number, recorded: Recorded];
const EXAMPLE = cases.example as unknown as RecallCase[];
const TRICKY = cases.tricky as unknown as RecallCase[];
const REMEMBER = cases.remember as unknown as Array<[context: string, recorded: unknown]>;

function printed(router: MemoryRouter, context: string, query: string, limit: number): Recorded {
  try {
    return { output: formatResults(router.recall(context, query, limit)) };
  } catch (error) {
    if (error instanceof RouterError) return { error: error.message };
    throw error;
  }
}

const tricky = () =>
  new MemoryRouter(
    cases.tricky_router.contexts as Record<string, ContextPolicy>,
    cases.tricky_router.banks as Record<string, Memory[]>,
  );

describe('the port, against the seed', () => {
  it.each(cases.normalize)('normalizes %j as Python does', (text, expected) => {
    expect(normalize(text)).toBe(expected);
  });

  it('scores every query against every text as token_score() does', () => {
    const mismatches = cases.score.filter(
      ([query, text, score]) => tokenScore(query as string, text as string) !== score,
    );
    expect(mismatches).toEqual([]);
  });

  it("prints every recorded float as Python's repr() does", () => {
    const mismatches = cases.floats.filter(([value, repr]) => pythonFloatRepr(value as number) !== repr);
    expect(mismatches).toEqual([]);
    expect(cases.floats.length).toBeGreaterThan(200);
  });

  it.each(EXAMPLE)(
    "prints the example router's %s recall of %j (limit %d) as the seed CLI did",
    (context, query, limit, recorded) => {
      expect(printed(exampleRouter(), context, query, limit)).toEqual(recorded);
    },
  );

  it.each(TRICKY)(
    'ranks, ties and deduplicates for %s, %j (limit %d) as the seed did',
    (context, query, limit, recorded) => {
      expect(printed(tricky(), context, query, limit)).toEqual(recorded);
    },
  );

  it.each(REMEMBER)('answers a write from %s as the seed did', (context, recorded) => {
    const router = context === 'general-room' || context === 'private-room' ? exampleRouter() : tricky();
    const memory = { memory_id: 'm', content: 'c', source_id: 's' };
    let got: unknown;
    try {
      got = { result: router.remember(context, memory) };
    } catch (error) {
      if (!(error instanceof RouterError)) throw error;
      got = { error: error.message };
    }
    expect(got).toEqual(recorded);
  });

  it("refuses to replace a bank that does not exist, in the seed's words", () => {
    expect(() => exampleRouter().replaceBank('archive', [])).toThrow(new RouterError(cases.replace_error));
  });
});
