/**
 * zod/mini, the tree-shakable API, for every schema in the project: import `* as z` from here, never
 * from 'zod' or 'zod/mini' directly (the linter refuses both elsewhere). Classic zod attaches every
 * method to every schema it builds, which cost the page's boot about 230 ms at 4x CPU slowdown.
 *
 * zod/mini loads no locale, so its messages would all read "Invalid input". The problems we show (a
 * scenario's "Invalid input: expected string, received number", a share link's, an imported file's)
 * are zod's English ones, which classic zod set up by itself; they are set here, once, for the page,
 * the command line and the tests alike.
 */
import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';

z.config(en());

export * from 'zod/mini';
