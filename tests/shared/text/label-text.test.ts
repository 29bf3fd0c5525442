// Label normalisation for the safety gate: disguised words are still read, plain labels are left alone.
import { describe, expect, it } from 'vitest';
import { labelWords, normaliseLabel, visibleLabel } from '../../../src/shared/text/label-text.js';

const IGNORABLE = /\p{Default_Ignorable_Code_Point}/u;

/** A small seeded generator, so the random-label test is the same on every run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One test a row: [what it shows, a label, which words of labelWords(label), what they are]. */
function itReadsWords(rows: ReadonlyArray<readonly [string, string, 'words' | 'skeletonWords', readonly string[]]>): void {
  it.each(rows)('%s: %j', (_what, label, which, expected) => {
    expect(labelWords(label)[which]).toEqual(expected);
  });
}

describe('normaliseLabel and labelWords: disguised labels', () => {
  it('removes a soft hyphen and a zero-width space inside words, and says so', () => {
    // Arrange
    const label = 'Dele\u00ADte all par\u200Bcels';

    // Act
    const normalised = normaliseLabel(label);
    const { words, skeletonWords } = labelWords(label);

    // Assert
    expect(normalised.text).toBe('delete all parcels');
    expect(words).toEqual(['delete', 'all', 'parcels']);
    expect(skeletonWords).toEqual(['delete', 'all', 'parcels']);
    expect(normalised.hidden).toBe(true);
    expect(normalised.changed).toBe(true);
  });

  it.each([
    ['full-width letters', '\uFF24\uFF45\uFF4C\uFF45\uFF54\uFF45 all'],
    ['mathematical bold', '\u{1D403}\u{1D41E}\u{1D425}\u{1D41E}\u{1D42D}\u{1D41E} all'],
    ['small capitals', '\u1D05\u1D07\u029F\u1D07\u1D1B\u1D07 all'],
    ['Cyrillic е among Latin letters', 'D\u0435l\u0435t\u0435 all'],
    ['Cyrillic capitals', '\u0420\u0410\u0423 now'],
    ['Greek ε', 'D\u03B5l\u03B5t\u03B5 all'],
    ['stacked combining marks', 'D\u0336e\u0336l\u0336e\u0336t\u0336e\u0336 all'],
    ['a right-to-left override drawing a reversed word', '\u202Ella eteleD\u202C'],
    ['Cherokee capitals', '\u13A0\u13AC\u13DE\u13AC\u13A2\u13AC all'],
    ['Lisu letters', '\uA4D3\uA4F0\uA4E1\uA4F0\uA4D4\uA4F0 all'],
    ['a Hangul filler drawn as a blank', 'Delete\u3164all'],
    ['a control character inside the word', 'Dele\u0000te all'],
  ])('%s: the skeleton reads the word and the label is marked changed', (_name, label) => {
    // Act
    const { skeletonWords } = labelWords(label);
    const normalised = normaliseLabel(label);

    // Assert
    const expected = label.includes('\u0420') ? 'pay' : 'delete';
    expect(skeletonWords).toContain(expected);
    expect(normalised.changed).toBe(true);
  });

  itReadsWords([
    ['reads Cyrillic е and о inside Latin words', 'D\u0435l\u0435t\u0435 f\u043Erever', 'skeletonWords', ['delete', 'forever']],
    ['reads Greek ε and ο inside Latin words', 'D\u03B5l\u03B5t\u03B5 f\u03BFr\u03B5v\u03B5r', 'skeletonWords', ['delete', 'forever']],
    ['keeps the letters themselves in the words', 'D\u0435l\u0435t\u0435 f\u043Erever', 'words', ['d\u0435l\u0435t\u0435', 'f\u043Erever']],
  ]);

  it('full-width and mathematical letters are already plain in the text (NFKC)', () => {
    // Act
    const fullWidth = normaliseLabel('\uFF24\uFF45\uFF4C\uFF45\uFF54\uFF45');
    const bold = normaliseLabel('\u{1D403}\u{1D41E}\u{1D425}\u{1D41E}\u{1D42D}\u{1D41E}');

    // Assert
    expect(fullWidth).toEqual({ text: 'delete', skeleton: 'delete', hidden: false, changed: true });
    expect(bold).toEqual({ text: 'delete', skeleton: 'delete', hidden: false, changed: true });
  });

  it('mixed case is only case: the word is read and the label is not marked changed', () => {
    // Act
    const normalised = normaliseLabel('dElEtE ALL');

    // Assert
    expect(normalised).toEqual({ text: 'delete all', skeleton: 'delete all', hidden: false, changed: false });
  });

  it('a right-to-left override: the text keeps the stored order, the skeleton the drawn one', () => {
    // Arrange: stored as "eteleD", drawn as "Delete"; and the reverse, stored "Delete" drawn "eteleD".
    const drawnDelete = '\u202Eeteled\u202C parcels';
    const storedDelete = '\u202EDelete\u202C parcels';

    // Act
    const drawn = labelWords(drawnDelete);
    const stored = labelWords(storedDelete);

    // Assert: a rule matched against both lists sees "delete" either way.
    expect(drawn.words).toEqual(['eteled', 'parcels']);
    expect(drawn.skeletonWords).toEqual(['delete', 'parcels']);
    expect(stored.words).toEqual(['delete', 'parcels']);
    expect(stored.skeletonWords).toEqual(['eteled', 'parcels']);
    expect(normaliseLabel(drawnDelete).hidden).toBe(true);
    expect(normaliseLabel(storedDelete).hidden).toBe(true);
  });

  it('digits and a bar standing in for letters are read inside words only, and mark nothing', () => {
    // Act
    const oneForL = normaliseLabel('De1ete');
    const barForL = labelWords('De|ete a|l');
    const capitalI = normaliseLabel('DeIete');
    const amount = labelWords('Buy 150 for 10 EUR');

    // Assert
    expect(oneForL).toEqual({ text: 'de1ete', skeleton: 'delete', hidden: false, changed: false });
    expect(barForL.skeletonWords).toEqual(['delete', 'all']);
    expect(capitalI).toEqual({ text: 'deiete', skeleton: 'delete', hidden: false, changed: false });
    expect(amount.skeletonWords).toEqual(['buy', '150', 'for', '10', 'eur']);
  });

  it('a Hangul filler: the text drops it, the skeleton reads it as the blank some fonts draw', () => {
    // Act
    const { words, skeletonWords } = labelWords('Delete\u3164all');

    // Assert
    expect(words).toEqual(['deleteall']);
    expect(skeletonWords).toEqual(['delete', 'all']);
  });
});

describe('normaliseLabel and labelWords: plain labels', () => {
  it.each([
    ['OK', ['ok']],
    ['Save', ['save']],
    ['Sent', ['sent']],
    ['Deleted Items', ['deleted', 'items']],
    ['Café', ['café']],
    ['Cafe\u0301', ['café']],
    ['Größe', ['größe']],
    ['Buy 150', ['buy', '150']],
    ['削除', ['削除']],
    ['Save As…', ['save', 'as']],
    ['Save\u00A0as', ['save', 'as']],
    ['Удалить все', ['удалить', 'все']],
    ['Διαγραφή', ['διαγραφή']],
    ['Kapatılsın', ['kapatılsın']],
    ['Włącz', ['włącz']],
    ['İptal', ['iptal']],
    ['می\u200Cخواهم', ['میخواهم']],
  ])('%s is not marked changed and keeps its words', (label, expected) => {
    // Act
    const normalised = normaliseLabel(label);
    const { words } = labelWords(label);

    // Assert
    expect(normalised.changed).toBe(false);
    expect(normalised.hidden).toBe(false);
    expect(words).toEqual(expected);
  });

  it('a whole word of Cyrillic lookalikes with no genuine Cyrillic beside it is marked changed', () => {
    // Act
    const lookalikeOk = normaliseLabel('\u041E\u041A');

    // Assert
    expect(lookalikeOk.skeleton).toBe('ok');
    expect(lookalikeOk.changed).toBe(true);
  });

  it('collapses whitespace and folds case', () => {
    // Act
    const normalised = normaliseLabel('  DELETE \t  all\n');

    // Assert
    expect(normalised).toEqual({ text: 'delete all', skeleton: 'delete all', hidden: false, changed: false });
  });

  itReadsWords([
    ['reads a typographic apostrophe as one', 'Don\u2019t Save', 'words', ["don't", 'save']],
    ['reads a modifier-letter apostrophe as one', 'don\u02BCt save', 'skeletonWords', ["don't", 'save']],
    ['drops quotation marks at word edges', 'Delete \u2018Report\u2019', 'words', ['delete', 'report']],
  ]);

  it('for 1,000 random printable ASCII labels the text is the lowercase, collapsed label, unchanged', () => {
    // Arrange
    const random = seeded(20240611);
    const labels = Array.from({ length: 1000 }, () => {
      const length = Math.floor(random() * 40);
      return Array.from({ length }, () => String.fromCharCode(0x20 + Math.floor(random() * 95))).join('');
    });

    // Act
    const results = labels.map((label) => ({ label, normalised: normaliseLabel(label) }));

    // Assert
    for (const { label, normalised } of results) {
      expect(normalised.text).toBe(label.toLowerCase().replace(/\s+/g, ' ').trim());
      expect(normalised.changed).toBe(false);
      expect(normalised.hidden).toBe(false);
    }
  });
});

describe('normaliseLabel: hidden', () => {
  it.each([
    ['Delete all', false],
    ['Del\u200Bete', true],
    ['Del\u00ADete', true],
    ['Del\u2060ete', true],
    ['Delete\uFEFF', true],
    ['\u2066Delete\u2069', true],
    ['Delete\u200F', true],
    ['Send\u{E0020}\u{E0069}\u{E0067}', true],
    ['Del\uFE0Fete', true],
    ['Dele\u0007te', true],
    ['Delete\u0085all', true],
    ['Delete\tall\r\n', false],
    ['Delete\u2028all', false],
    ['\u2764\uFE0F Like', false],
    ['\u{1F468}\u200D\u{1F469}\u200D\u{1F467} Family', false],
    ['1\uFE0F\u20E3 First', false],
    ['\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F} England', false],
    ['\u05DE\u05D7\u05E7 \u200F(3)', false],
    ['par\u200Ccels', true],
  ])('%j: hidden is %s', (label, expected) => {
    // Act
    const { hidden } = normaliseLabel(label);

    // Assert
    expect(hidden).toBe(expected);
  });

  it('an emoji with its variation selector is an ordinary label; the selector is still removed', () => {
    // Act
    const normalised = normaliseLabel('\u2764\uFE0F Like');

    // Assert
    expect(normalised).toEqual({ text: '\u2764 like', skeleton: '\u2764 like', hidden: false, changed: false });
    expect(labelWords('\u2764\uFE0F Like').words).toEqual(['like']);
    expect(visibleLabel('\u2764\uFE0F Like')).toBe('\u2764 Like');
  });
});

describe('visibleLabel', () => {
  it('strips bidi controls and zero-width characters and keeps the label readable', () => {
    // Arrange
    const label = '\u2066Dele\u200Bte\u2069 \u200Fall \u2067par\u00ADcels\u2069\u202C\u2068\u200E';

    // Act
    const visible = visibleLabel(label);

    // Assert
    expect(visible).toBe('Delete all parcels');
    expect(IGNORABLE.test(visible)).toBe(false);
  });

  it('shows a right-to-left override as it is drawn, without the override', () => {
    // Act
    const visible = visibleLabel('Mail: \u202Eslecrap lla eteleD\u202C (2)');

    // Assert
    expect(visible).toBe('Mail: Delete all parcels (2)');
    expect(visible).not.toContain('\u202E');
  });

  it('keeps the letters as the app shows them, and turns controls and line breaks into single spaces', () => {
    // Act
    const fullWidth = visibleLabel('\uFF24\uFF45\uFF4C\uFF45\uFF54\uFF45');
    const broken = visibleLabel('  Delete\u2028all\u0007\u2029 parcels\n');

    // Assert
    expect(fullWidth).toBe('\uFF24\uFF45\uFF4C\uFF45\uFF54\uFF45');
    expect(broken).toBe('Delete all parcels');
  });
});

describe('long input', () => {
  it('a 100 kB label is cut at 1,000 characters before any work', () => {
    // Arrange
    const label = 'Dele\u00ADte \u0430ll '.repeat(10_000);

    // Act
    const normalised = normaliseLabel(label);
    const visible = visibleLabel(label);
    const { words } = labelWords(label);

    // Assert
    expect(label.length).toBeGreaterThan(100_000);
    expect(normalised.text.length).toBeLessThanOrEqual(1000);
    expect(normalised.text.startsWith('delete \u0430ll delete')).toBe(true);
    expect(visible.length).toBeLessThanOrEqual(1001);
    expect(visible.endsWith('…')).toBe(true);
    expect(words.length).toBeLessThan(200);
  });

  it('never cuts inside a surrogate pair', () => {
    // Arrange: the 1,000th UTF-16 unit is the first half of an emoji.
    const label = `${'a'.repeat(999)}${'\u{1F600}'.repeat(10)}`;

    // Act
    const visible = visibleLabel(label);

    // Assert
    expect(visible).toBe(`${'a'.repeat(999)}…`);
    expect(normaliseLabel(label).text).toBe('a'.repeat(999));
  });
});
