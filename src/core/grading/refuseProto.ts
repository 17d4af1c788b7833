/**
 * zod builds a record's output by assignment, so an own "__proto__" key in the input is dropped
 * without a word. Piped in front of a record (`z.pipe(refuseProto(message), z.record(...))`), this
 * refuses such an input with `message` instead, and the record never runs on it.
 */
import * as z from '../zod';

/** Any value, refused with `message` when it is an object with an own "__proto__" key. */
export const refuseProto = (message: string) =>
  z.unknown().check(
    z.superRefine((input, ctx) => {
      if (typeof input === 'object' && input !== null && Object.hasOwn(input, '__proto__'))
        ctx.addIssue({ code: 'custom', message, input });
    }),
  );
