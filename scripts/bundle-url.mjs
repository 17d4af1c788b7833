/**
 * Injected into each command's CommonJS bundle (scripts/build-cli.mjs): `import.meta.url` in the
 * sources becomes the bundle's own file's URL, which CommonJS does not give.
 */
// Only ever run inside the CommonJS bundle, where `require` and `__filename` are defined.
export const bundleUrl = require('node:url').pathToFileURL(__filename).href;
