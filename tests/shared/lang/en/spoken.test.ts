// The English spoken frames (src/shared/lang/en/spoken.ts), as a table; the answers a confirmation
// asks for are English answer words, the deliberate one for a step that cannot be undone.
import { describe, expect, it } from 'vitest';
import { EN_ANSWERS } from '../../../../src/shared/lang/en/answers.js';
import { EN_SPOKEN } from '../../../../src/shared/lang/en/spoken.js';
import { itIs } from '../../../support/tables.js';

describe('English spoken frames', () => {
  itIs('says %s', [
    [EN_SPOKEN.done('Clicked “Send”.'), 'Clicked “Send”.'],
    [EN_SPOKEN.failed('No button “Send”.'), 'No button “Send”.'],
    [EN_SPOKEN.choose('Which one?', ['Left', 'Right', 'Centre']), 'Which one? Left, or Right, or Centre?'],
    [EN_SPOKEN.choose('Which one?', []), 'Which one?'],
    [EN_SPOKEN.outlined('Send'), ' “Send” is outlined on the screen.'],
    [EN_SPOKEN.outlined(undefined), ' The point is marked on the screen.'],
    [EN_SPOKEN.confirmModerate('Archive the mail.', ''), 'Archive the mail. Say yes to do it, or no to cancel.'],
    [EN_SPOKEN.paused(2, 5), 'Paused before step 2 of 5. Say go on to continue, or stop.'],
    [EN_SPOKEN.effortDone('3 presses and 1 utterance'), 'Done in 3 presses and 1 utterance.'],
  ]);

  it('asks for answers the English table takes: yes or no, and confirm for a step that cannot be undone', () => {
    expect(EN_ANSWERS.confirm).toContain('yes');
    expect(EN_ANSWERS.cancel).toContain('no');
    const destructive = EN_SPOKEN.confirmDestructive('Delete all.', '');
    expect(destructive).toContain('say confirm');
    expect(EN_ANSWERS.deliberate).toContain('confirm');
  });

  it('has one and many of each input', () => {
    expect(EN_SPOKEN.effortUnits).toEqual({ presses: ['press', 'presses'], utterances: ['utterance', 'utterances'], keystrokes: ['key', 'keys'] });
  });
});
