/**
 * The characters beyond ASCII that the page may show: each is drawn by DejaVu Sans and DejaVu Sans Mono
 * from fonts-dejavu-core, the font Debian's fontconfig (which Chromium depends on) installs first, so no
 * learner sees an empty box. `npm run glyphs` draws each one in Chromium with the page's font stacks and
 * compares it with the missing-glyph box (U+0378); `glyphs.test.ts` fails on any other character in the
 * text the page shows. For a mark none of these gives, use an icon from `icons.tsx`.
 */
export const ALLOWED_GLYPHS: ReadonlyMap<string, string> = new Map([
  // Typography
  ['‘', 'left single quotation mark'],
  ['’', 'right single quotation mark, apostrophe'],
  ['“', 'left double quotation mark'],
  ['”', 'right double quotation mark'],
  ['–', 'en dash'],
  ['—', 'em dash'],
  ['…', 'ellipsis'],
  ['·', 'middle dot'],
  ['•', 'bullet'],
  ['é', 'e with acute'],
  ['ü', 'u with diaeresis'],
  // Symbols
  ['×', 'multiplication sign'],
  ['÷', 'division sign'],
  ['≠', 'not equal to'],
  ['≤', 'less-than or equal to'],
  ['≥', 'greater-than or equal to'],
  ['±', 'plus-minus sign'],
  ['°', 'degree sign'],
  ['←', 'leftwards arrow'],
  ['→', 'rightwards arrow'],
  ['↑', 'upwards arrow'],
  ['↓', 'downwards arrow'],
  // Marks
  ['✓', 'check mark'],
  ['✔', 'heavy check mark'],
  ['✕', 'multiplication x'],
  ['✗', 'ballot x'],
  ['✘', 'heavy ballot x'],
  ['⚠', 'warning sign'],
  ['⊘', 'circled division slash'],
  ['✚', 'heavy greek cross'],
  ['★', 'black star'],
  ['☆', 'white star'],
  ['⚑', 'black flag'],
  // Shapes
  ['●', 'black circle'],
  ['○', 'white circle'],
  ['◆', 'black diamond'],
  ['■', 'black square'],
  ['▲', 'black up-pointing triangle'],
  ['▴', 'small up-pointing triangle'],
  ['▾', 'small down-pointing triangle'],
  ['▸', 'small right-pointing triangle'],
  ['▶', 'right-pointing triangle'],
  ['◀', 'left-pointing triangle'],
]);
