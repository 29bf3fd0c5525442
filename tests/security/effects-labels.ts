/**
 * The labels of the generated consent cases (issue #27) and their disguises: each language's
 * destructive labels, every disguise of its spelling, and the fixture's batches (one launch of
 * tests/fixtures/effects-fixture-app.py per plain label, showing it in every disguise).
 */
/** Words for deleting for good (and one for paying), none of them the words of the first suite. */
export const EFFECT_LABELS = ['Wipe all parcels', 'Purge history', 'Remove forever', 'Erase everything', 'Destroy backups', 'Obliterate the list'] as const;

const GREEK: Readonly<Record<string, string>> = { a: 'α', e: 'ε', i: 'ι', k: 'κ', n: 'η', o: 'ο', p: 'ρ', t: 'τ', u: 'υ', v: 'ν', w: 'ω', y: 'γ' };
const SMALL_CAPITALS: Readonly<Record<string, string>> = {
  a: 'ᴀ',
  b: 'ʙ',
  c: 'ᴄ',
  d: 'ᴅ',
  e: 'ᴇ',
  f: 'ꜰ',
  g: 'ɢ',
  h: 'ʜ',
  i: 'ɪ',
  k: 'ᴋ',
  l: 'ʟ',
  m: 'ᴍ',
  n: 'ɴ',
  o: 'ᴏ',
  p: 'ᴘ',
  r: 'ʀ',
  s: 'ꜱ',
  t: 'ᴛ',
  u: 'ᴜ',
  v: 'ᴠ',
  w: 'ᴡ',
  y: 'ʏ',
};
const firstWord = (s: string, f: (word: string) => string): string => s.replace(/^\S+/, f);
/** Disguises of the second suite: each a function of the plain label (at most 8: the fixture's mnemonic keys). */
export const EFFECT_DISGUISES: ReadonlyArray<readonly [name: string, disguise: (label: string) => string]> = [
  ['plain', (s) => s],
  ['Greek look-alikes', (s) => s.replace(/[a-z]/g, (c, i: number) => (i % 2 === 0 ? (GREEK[c] ?? c) : c))],
  ['a zero-width space between letters', (s) => [...s].join('\u200B')],
  ['letters spaced apart', (s) => firstWord(s, (w) => [...w].join('\u2009'))],
  ['capitals', (s) => s.toUpperCase()],
  ['small capitals', (s) => s.replace(/[a-z]/g, (c) => SMALL_CAPITALS[c] ?? c)],
];

const CYRILLIC: Readonly<Record<string, string>> = { a: '\u0430', e: '\u0435', o: '\u043e', p: '\u0440', c: '\u0441', x: '\u0445', i: '\u0456', s: '\u0455' };
const SPELLED_OUT: Readonly<Record<string, string>> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss', Ä: 'Ae', Ö: 'Oe', Ü: 'Ue' };
/** German labels (issue #32 item 6): the risk words of a German interface, each with an umlaut in its risk word. */
export const GERMAN_EFFECT_LABELS = ['Alle löschen', 'Jetzt überweisen'] as const;
/** Disguises German spelling allows, besides the ones every label gets. */
export const GERMAN_EFFECT_DISGUISES: ReadonlyArray<readonly [name: string, disguise: (label: string) => string]> = [
  ['plain', (s) => s],
  ['letters spaced apart', (s) => [...s.replace(/ /g, '')].join(' ')],
  ['Cyrillic look-alikes', (s) => s.replace(/[aeopcxis]/g, (c) => CYRILLIC[c] ?? c)],
  ['umlauts spelled out', (s) => s.replace(/[äöüßÄÖÜ]/g, (c) => SPELLED_OUT[c] ?? c)],
  ['decomposed umlauts', (s) => s.normalize('NFD')],
  ['a Cyrillic ӧ or a Latin ü without its dots', (s) => s.replace(/ö/g, '\u04E7').replace(/ü/g, 'u')],
  ['capitals', (s) => s.toUpperCase()],
];

/** Each language's labels with its disguises (at most 8 each: the fixture's mnemonic keys); one launch of the fixture per label. */
const LABEL_SETS: ReadonlyArray<{ readonly labels: readonly string[]; readonly disguises: typeof EFFECT_DISGUISES }> = [
  { labels: EFFECT_LABELS, disguises: EFFECT_DISGUISES },
  { labels: GERMAN_EFFECT_LABELS, disguises: GERMAN_EFFECT_DISGUISES },
];
/** Every batch: its plain label and its disguises' names. */
export const BATCH_SPECS = LABEL_SETS.flatMap(({ labels, disguises }) => labels.map((label) => ({ label, disguises })));

/** The fixture's labels, one launch per plain label: batch b holds its label in every disguise of its language. */
export function effectBatches(): string[][] {
  return BATCH_SPECS.map(({ label, disguises }) => disguises.map(([, disguise]) => disguise(label)));
}
