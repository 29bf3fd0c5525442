// The German spoken frames (src/shared/lang/de/spoken.ts), as a table: the frame is German, what it
// wraps is spoken as it came; the answers a confirmation asks for are German answer words.
import { describe, expect, it } from 'vitest';
import { DE_ANSWERS } from '../../../../src/shared/lang/de/answers.js';
import { DE_SPOKEN } from '../../../../src/shared/lang/de/spoken.js';
import { itIs } from '../../../support/tables.js';

describe('German spoken frames', () => {
  itIs('says %s', [
    [DE_SPOKEN.done('Clicked “Send”.'), 'Erledigt: Clicked “Send”.'],
    [DE_SPOKEN.failed('Kein Knopf.'), 'Das hat nicht geklappt: Kein Knopf.'],
    [DE_SPOKEN.problem('Kein Netz.'), 'Ein Problem: Kein Netz.'],
    [DE_SPOKEN.choose('Welcher?', ['Links', 'Rechts']), 'Welcher? Links, oder Rechts?'],
    [DE_SPOKEN.choose('Welcher?', []), 'Welcher?'],
    [DE_SPOKEN.outlined('Senden'), ' „Senden“ ist auf dem Bildschirm umrandet.'],
    [DE_SPOKEN.confirmModerate('Mail archivieren.', ''), 'Soll ich das tun? Mail archivieren. Sag ja oder nein.'],
    [DE_SPOKEN.paused(2, 5), 'Angehalten vor Schritt 2 von 5. Sag weiter, um fortzufahren, oder stopp.'],
    [DE_SPOKEN.effortDone('3 Schalterdrücken'), 'Erledigt mit 3 Schalterdrücken.'],
  ]);

  it('says it did not understand in German, whatever the English reason was', () => {
    expect(DE_SPOKEN.notUnderstood('I did not understand “xyz”.')).not.toContain('xyz');
  });

  it('says which mode is on, not the session’s English sentence', () => {
    expect(DE_SPOKEN.mode('dictation', 'Dictation is on.')).toMatch(/^Diktieren ist an/);
    expect(DE_SPOKEN.mode('commands', 'Dictation is off.')).toMatch(/^Diktieren ist aus/);
  });

  it('asks for answers the German table takes: ja or nein, and bestätigen for a step that cannot be undone', () => {
    expect(DE_ANSWERS.confirm).toContain('ja');
    expect(DE_ANSWERS.cancel).toContain('nein');
    expect(DE_SPOKEN.confirmDestructive('Alle löschen.', '')).toContain('sag bestätigen');
    expect(DE_ANSWERS.deliberate).toContain('bestätigen');
  });
});
