// The risk words of each language (src/registry/risk-words/<language>.ts, issue #32 item 6), tried
// by one table: each language's destructive labels in every disguise (hidden characters, full-width
// and look-alike letters, letters spaced apart, umlauts spelled out or decomposed) through every way
// the gate can be reached — a click by the planner's label or the live name, Enter, Space or a typed
// space on the focused control, Enter in a field with it as the default button, its mnemonic, "OK"
// in a dialog asking it, a drop — plus the words that must stay quiet. The words apply whatever the
// language setting: the gate has none.
import { describe, expect, it } from 'vitest';
import { Intent } from '../../src/intent/schema.js';
import { LABEL_RULES } from '../../src/registry/risk-table.js';
import { classifyRisk, matchWordRules, type ElementFacts } from '../../src/registry/risk.js';
import type { RiskLevel } from '../../src/shared/risk-level.js';

interface LanguageWords {
  /** Labels, each with the level of its English counterpart. */
  readonly levels: readonly (readonly [label: string, level: RiskLevel])[];
  /** Destructive labels tried in every disguise and by every route. */
  readonly attacked: readonly string[];
  /** Labels that must stay harmless: places, participles, declining answers, words that merely contain a risk word. */
  readonly quiet: readonly string[];
  /** A dialog's destructive question, its answers that act, and those that decline. */
  readonly dialog: { readonly question: string; readonly acting: readonly string[]; readonly declining: readonly string[] };
  /** Drop targets that delete, and one that does not. */
  readonly drops: readonly string[];
  readonly keepDrop: string;
}

const WORDS: Readonly<Record<'en' | 'de', LanguageWords>> = {
  en: {
    levels: [
      ['Delete', 'destructive'],
      ['Delete all', 'destructive'],
      ['Empty Trash', 'destructive'],
      ["Don't Save", 'destructive'],
      ['Send', 'destructive'],
      ['Buy now', 'destructive'],
      ['Sign out', 'destructive'],
      ['Quit', 'destructive'],
      ['Uninstall', 'destructive'],
      ['Archive', 'moderate'],
      ['Install', 'moderate'],
      ['Lock', 'moderate'],
    ],
    attacked: ['Delete all parcels', 'Send payment', 'Buy now', 'Erase disk'],
    quiet: ['Sent', 'Deleted Items', 'Trash', 'Close', 'Save', 'Cancel', 'Undelete'],
    dialog: { question: 'Delete all parcels? This cannot be undone.', acting: ['OK', 'Yes', 'Continue', ''], declining: ['Cancel', 'No', 'Keep'] },
    drops: ['Trash', 'Recycle Bin'],
    keepDrop: 'Documents',
  },
  de: {
    levels: [
      ['Löschen', 'destructive'],
      ['Alle löschen', 'destructive'],
      ['Entfernen', 'destructive'],
      ['Endgültig löschen', 'destructive'],
      ['Papierkorb leeren', 'destructive'],
      ['Senden', 'destructive'],
      ['Absenden', 'destructive'],
      ['Kaufen', 'destructive'],
      ['Jetzt kaufen', 'destructive'],
      ['Bezahlen', 'destructive'],
      ['Zahlungspflichtig bestellen', 'destructive'],
      ['Überweisen', 'destructive'],
      ['Formatieren', 'destructive'],
      ['Zurücksetzen', 'destructive'],
      ['Deinstallieren', 'destructive'],
      ['Abmelden', 'destructive'],
      ['Konto löschen', 'destructive'],
      ['Verwerfen', 'destructive'],
      ['Nicht speichern', 'destructive'],
      ['Überschreiben', 'destructive'],
      ['Ersetzen', 'destructive'],
      ['Beenden', 'destructive'],
      ['Herunterfahren', 'destructive'],
      ['Archivieren', 'moderate'],
      ['Installieren', 'moderate'],
      ['Zulassen', 'moderate'],
      ['Bildschirm sperren', 'moderate'],
    ],
    attacked: ['Alle löschen', 'Zahlung senden', 'Jetzt kaufen', 'Zurücksetzen', 'Papierkorb leeren'],
    quiet: [
      'Gesendet',
      'Gelöschte Elemente',
      'Papierkorb',
      'Schließen',
      'Speichern',
      'Abbrechen',
      'Entwürfe',
      'Bestellung ansehen',
      'Kaufbeleg',
      'Löschvorgang',
    ],
    dialog: {
      question: 'Alle Pakete löschen? Das kann nicht rückgängig gemacht werden.',
      acting: ['OK', 'Ja', 'Fortfahren', 'Weiter', ''],
      declining: ['Abbrechen', 'Nein', 'Behalten', 'Schliessen', 'Nicht jetzt'],
    },
    drops: ['Papierkorb', 'Mülleimer', 'Muelleimer'],
    keepDrop: 'Dokumente',
  },
};

const CYRILLIC: Readonly<Record<string, string>> = { a: '\u0430', e: '\u0435', o: '\u043e', p: '\u0440', c: '\u0441', x: '\u0445', i: '\u0456', s: '\u0455' };
const FULL_WIDTH = (s: string): string => s.replace(/[!-~]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));
const SPELLED: Readonly<Record<string, string>> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss', Ä: 'Ae', Ö: 'Oe', Ü: 'Ue' };

/** Ways a hostile app disguises a label (the English ones of tests/security/gate-cases.ts, and the ones German spelling allows). */
const DISGUISES: ReadonlyArray<readonly [string, (label: string) => string]> = [
  ['plain', (s) => s],
  ['a soft hyphen and a zero-width space', (s) => s.replace(/^(\S{3})/u, '$1\u00AD').replace(/ (\S)/u, ' $1\u200B')],
  ['full-width', FULL_WIDTH],
  ['Cyrillic look-alikes', (s) => s.replace(/[aeopcxis]/g, (c) => CYRILLIC[c] ?? c)],
  ['letters spaced apart', (s) => [...s.replace(/ /g, '')].join(' ')],
  ['thin spaces between letters', (s) => [...s].join('\u2009')],
  ['mixed case', (s) => [...s].map((c, i) => (i % 2 ? c.toUpperCase() : c.toLowerCase())).join('')],
  ['umlauts spelled out', (s) => s.replace(/[äöüßÄÖÜ]/g, (c) => SPELLED[c] ?? c)],
  ['decomposed umlauts', (s) => s.normalize('NFD')],
  ['umlauts without their dots', (s) => s.normalize('NFD').replace(/\u0308/g, '')],
];

const click = (label: string) => Intent.parse({ intent: 'click_element', element: { label } });
const button = (name: string): ElementFacts => ({ role: 'button', name });
/** The routes of the gate-cases button attacks, as unit facts: each a way to make the button act. */
const ROUTES: ReadonlyArray<readonly [string, (label: string) => ReturnType<typeof classifyRisk>]> = [
  ['click by the planner’s label', (label) => classifyRisk(click(label))],
  ['click, the live element named so', (label) => classifyRisk(click('the button'), { element: button(label) })],
  ['Enter on the focused button', (label) => classifyRisk(Intent.parse({ intent: 'press_key', key: 'enter' }), { focused: button(label) })],
  ['Space on the focused button', (label) => classifyRisk(Intent.parse({ intent: 'press_key', key: 'space' }), { focused: button(label) })],
  ['a typed space on the focused button', (label) => classifyRisk(Intent.parse({ intent: 'type_text', text: ' ' }), { focused: button(label) })],
  [
    'Enter in a field whose default button it is',
    (label) =>
      classifyRisk(Intent.parse({ intent: 'press_key', key: 'enter' }), {
        focused: { role: 'text_field', name: 'Name', singleLine: true, defaultButtons: [button(label)] },
      }),
  ],
  [
    'its mnemonic',
    (label) =>
      classifyRisk(Intent.parse({ intent: 'press_key', key: 'l', modifiers: ['alt'] }), {
        focused: { role: 'text_field', name: 'Name', singleLine: true },
        bound: [button(label)],
      }),
  ],
  ['“OK” in a dialog that asks it', (label) => classifyRisk(click('OK'), { element: { role: 'button', name: 'OK', dialogText: `${label}?` } })],
];

describe.each(Object.entries(WORDS))('risk words of %s labels', (_language, words) => {
  it('each label has the level of its English counterpart', () => {
    for (const [label, level] of words.levels) expect(matchWordRules(label, LABEL_RULES)?.level, label).toBe(level);
  });

  it('places, participles, declining answers and words that merely contain a risk word stay quiet', () => {
    for (const label of words.quiet) {
      expect(matchWordRules(label, LABEL_RULES), label).toBeUndefined();
      expect(classifyRisk(click(label), { element: button(label) }).level, label).toBe('harmless');
    }
  });

  describe.each(DISGUISES)('in disguise: %s', (_name, disguise) => {
    it.each(ROUTES)('%s asks, as destructive', (_route, judge) => {
      for (const label of words.attacked) expect(judge(disguise(label)).level, disguise(label)).toBe('destructive');
    });
  });

  it('a dialog asking it: the acting answers (the default button too) are destructive, the declining ones quiet', () => {
    const { question, acting, declining } = words.dialog;
    for (const name of acting) {
      const r = classifyRisk(click(name || 'button'), { element: { role: 'button', name, dialogText: question } });
      expect(r.level, name).toBe('destructive');
      expect(r.rule).toBe('dialog-answer');
      const byEnter = classifyRisk(Intent.parse({ intent: 'press_key', key: 'enter' }), {
        focused: { role: 'text_field', name: 'Name', singleLine: true, defaultButtons: [{ role: 'button', name, dialogText: question }] },
      });
      expect(byEnter.level, `Enter with ${name} the default button`).toBe('destructive');
    }
    for (const name of declining) expect(classifyRisk(click(name), { element: { role: 'button', name, dialogText: question } }).level, name).toBe('harmless');
  });

  it('a drop onto what deletes is destructive; onto a folder it is not', () => {
    const drag = (to: string) => classifyRisk(Intent.parse({ intent: 'drag', from: { label: 'Bericht.pdf' }, to: { label: to } }));
    for (const to of words.drops) expect(drag(to).level, to).toBe('destructive');
    expect(drag(words.keepDrop).level).toBe('harmless');
  });
});
