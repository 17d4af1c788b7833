import { describe, expect, it } from 'vitest';
import * as z from './zod';

const messages = (schema: z.ZodMiniType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('zod for our schemas', () => {
  // zod/mini alone says "Invalid input" for everything; the scenario, share-link and file errors a
  // person reads are zod's English messages, which src/core/zod.ts sets up wherever a schema is used.
  it("speaks zod's English, not zod/mini's bare 'Invalid input'", () => {
    expect(messages(z.string(), 3)).toEqual(['Invalid input: expected string, received number']);
    expect(messages(z.strictObject({ a: z.string() }), {})).toEqual([
      'Invalid input: expected string, received undefined',
    ]);
    expect(messages(z.array(z.string()).check(z.minLength(2)), ['x'])).toEqual([
      'Too small: expected array to have >=2 items',
    ]);
    expect(messages(z.enum(['a', 'b']), 'c')).toEqual(['Invalid option: expected one of "a"|"b"']);
  });
});
