/**
 * Letters that pass for Latin ones (a TR39-style table for Greek, Cyrillic, Armenian, Cherokee, Lisu,
 * small capitals and Latin variants), and the script of a letter inside a word: the data
 * label-text.ts uses to see "Dеlete" with a Cyrillic е as the word it pretends to be.
 */

/** Any letter (for a letter outside the alphabets of the table). */
const LETTER = /\p{L}/u;

// ---------------------------------------------------------------------------------------------
// The lookalike table: each Latin letter with the characters that pass for it. Sources are listed
// lowercase where they have case (the lookup tries a character, then its lowercase), plus the few
// capitals that look like a different letter than their lowercase (Greek Η is H, η is n).

const LOOKALIKE_SOURCES: Readonly<Record<string, string>> = {
  a: '\u0430\u03B1\u0251\u1D00\uA4EE\u13AA', // а α ɑ ᴀ ꓮ Ꭺ
  b: '\u0432\u03B2\u0299\u1D03\uA7B5\uA4D0\u13F4', // в β ʙ ᴃ ꞵ ꓐ Ᏼ
  c: '\u0441\u03F2\u1D04\uA4DA\u13DF', // с ϲ ᴄ ꓚ Ꮯ
  d: '\u0501\u1D05\uA4D3\u13A0', // ԁ ᴅ ꓓ Ꭰ
  e: '\u0435\u04BD\u03B5\u025B\u1D07\uA4F0\u13AC', // е ҽ ε ɛ ᴇ ꓰ Ꭼ
  f: '\u03DD\uA730\uA4DD', // ϝ ꜰ ꓝ
  g: '\u050D\u0261\u0262\uA4D6\u13C0', // ԍ ɡ ɢ ꓖ Ꮐ
  h: '\u04BB\u043D\u0397\u0570\u029C\uA4E7\u13BB', // һ н Η հ ʜ ꓧ Ꮋ
  i: '\u0456\u03B9\u0131\u0269\u026A\uA4F2\u13A5', // і ι ı ɩ ɪ ꓲ Ꭵ
  j: '\u0458\u03F3\u0237\u1D0A\uA4D9\u13AB', // ј ϳ ȷ ᴊ ꓙ Ꭻ
  k: '\u043A\u03BA\u0138\u1D0B\uA4D7\u13E6', // к κ ĸ ᴋ ꓗ Ꮶ
  l: '\u04CF\u0142\u019A\u026B\u01C0\u029F\u1D0C\uA4E1\u13DE', // ӏ ł ƚ ɫ ǀ ʟ ᴌ ꓡ Ꮮ
  m: '\u043C\u039C\u1D0D\uA4DF\u13B7', // м Μ ᴍ ꓟ Ꮇ
  n: '\u043F\u03B7\u039D\u0578\u0274\uA4E0', // п η Ν ո ɴ ꓠ
  o: '\u043E\u03BF\u03C3\u0585\u1D0F\u1D11\uA4F3', // о ο σ օ ᴏ ᴑ ꓳ
  p: '\u0440\u03C1\u03F1\u1D18\u1D29\uA4D1\u13E2', // р ρ ϱ ᴘ ᴩ ꓑ Ꮲ
  q: '\u051B\u0566\uA7AF', // ԛ զ ꞯ
  r: '\u0433\u0280\u1D26\uA4E3\u13A1', // г ʀ ᴦ ꓣ Ꭱ
  s: '\u0455\uA731\uA4E2\u13DA', // ѕ ꜱ ꓢ Ꮪ
  t: '\u0442\u03C4\u1D1B\uA4D4\u13A2', // т τ ᴛ ꓔ Ꭲ
  u: '\u03C5\u03BC\u057D\u1D1C\uA4F4', // υ μ ս ᴜ ꓴ
  v: '\u03BD\u0475\u028B\u1D20\uA4E6\u13D9', // ν ѵ ʋ ᴠ ꓦ Ꮩ
  w: '\u051D\u03C9\u1D21\uA4EA\u13B3', // ԝ ω ᴡ ꓪ Ꮃ
  x: '\u0445\u03C7\uA4EB', // х χ ꓫ
  y: '\u0443\u04AF\u03B3\u03A5\u028F\uA4EC\u13A9', // у ү γ Υ ʏ ꓬ Ꭹ
  z: '\u0396\u1D22\uA4DC\u13C3', // Ζ ᴢ ꓜ Ꮓ
};

/** Capitals unlike their lowercase lookalike (Г is no r, Σ no o): they get no entry of their own. */
const UNLIKE_CAPITALS: ReadonlySet<string> = new Set('\u0413\u041F\u0393\u03A3\u03A9\u0540\u0536\u0548'); // Г П Γ Σ Ω Հ Զ Ո

/**
 * Letters of living orthographies (Turkish ı, Polish ł, the open e and v-hook of several African
 * languages). They are mapped for matching but look different enough not to count as a disguise,
 * so a Turkish or Polish label is not reported as changed.
 */
export const NATIVE_LETTERS: ReadonlySet<string> = new Set('\u0131\u0142\u0141\u025B\u0190\u028B\u01B2'); // ı ł Ł ɛ Ɛ ʋ Ʋ

function buildLookalikes(): ReadonlyMap<string, string> {
  const map = new Map<string, string>();
  for (const [latin, sources] of Object.entries(LOOKALIKE_SOURCES)) for (const source of sources) map.set(source, latin);
  // The other case of each entry comes second, so an explicit entry (η → n beside Η → h) wins. This
  // adds the Cyrillic and Greek capitals and the lowercase Cherokee letters (small capitals of the
  // listed ones), so a lookup never needs a case conversion.
  for (const [source, latin] of [...map]) {
    for (const other of [source.toLowerCase(), source.toUpperCase()]) {
      const single = other.length === String.fromCodePoint(other.codePointAt(0) ?? 0).length;
      if (single && other >= '\u0080' && !map.has(other) && !UNLIKE_CAPITALS.has(other)) map.set(other, latin);
    }
  }
  return map;
}

/** Each lookalike letter, and the Latin lowercase letter it passes for. */
const LOOKALIKES: ReadonlyMap<string, string> = buildLookalikes();
/** The same table by code point, for the loops that read a label without making a string per character. */
export const LOOKALIKE_CODES: ReadonlyMap<number, string> = new Map([...LOOKALIKES].map(([k, v]) => [k.codePointAt(0) ?? 0, v]));

// ---------------------------------------------------------------------------------------------
// Script bits, for telling a Russian word from a Latin word with a Cyrillic letter in it.

export const LATIN = 1;
const GREEK = 2;
const CYRILLIC = 4;
const ARMENIAN = 8;
const CHEROKEE = 16;
const LISU = 32;
export const OTHER_SCRIPT = 64;

/**
 * The script of a character inside a word, by Unicode block (close enough for letters, and cheap):
 * 0 for a digit or an apostrophe, OTHER_SCRIPT for a letter outside the alphabets in the table.
 */
export function letterScript(ch: string): number {
  const c = ch.codePointAt(0) ?? 0;
  if (c < 0x80) return (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) ? LATIN : 0;
  if (c <= 0x2af || (c >= 0x1d00 && c <= 0x1dbf) || (c >= 0x1e00 && c <= 0x1eff)) return LATIN;
  if (c >= 0x2c60 && c <= 0x2c7f) return LATIN;
  if ((c >= 0xa720 && c <= 0xa7ff) || (c >= 0xab30 && c <= 0xab6f)) return LATIN;
  if ((c >= 0x370 && c <= 0x3ff) || (c >= 0x1f00 && c <= 0x1fff)) return GREEK;
  if (c >= 0x400 && c <= 0x52f) return CYRILLIC;
  if ((c >= 0x1c80 && c <= 0x1c8f) || (c >= 0x2de0 && c <= 0x2dff) || (c >= 0xa640 && c <= 0xa69f)) return CYRILLIC;
  if (c >= 0x530 && c <= 0x58f) return ARMENIAN;
  if ((c >= 0x13a0 && c <= 0x13ff) || (c >= 0xab70 && c <= 0xabbf)) return CHEROKEE;
  if (c >= 0xa4d0 && c <= 0xa4ff) return LISU;
  return LETTER.test(ch) ? OTHER_SCRIPT : 0;
}
