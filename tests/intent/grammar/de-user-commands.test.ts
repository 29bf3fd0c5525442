// "Save that as" and "forget ‹name›" in German (issue #32 item 6): the phrases that edit the user's
// own commands, beside the English ones; never the app's "save as" and never a no to a question.
import { describe, expect, it } from 'vitest';
import { readCommandEdit, reservedPhrase } from '../../../src/intent/user-commands.js';
import { readConfirmationAnswer } from '../../../src/shared/answer-words.js';
import { itReads, itReadsNone } from '../../support/tables.js';
import { intentOf } from './de-fixture.js';

describe('German edits of the user’s commands', () => {
  itReads('%s → %j', readCommandEdit, [
    ['merke dir das als Posteingang', { kind: 'save', phrase: 'Posteingang' }],
    ['Merk dir das als Befehl „Post holen“.', { kind: 'save', phrase: 'Post holen' }],
    ['bitte merke dir das als neuen Befehl Post', { kind: 'save', phrase: 'Post' }],
    ['speichere das als Befehl Posteingang', { kind: 'save', phrase: 'Posteingang' }],
    ['speichere es als einen Befehl Post holen', { kind: 'save', phrase: 'Post holen' }],
    ['vergiss den Befehl Posteingang', { kind: 'forget', phrase: 'Posteingang' }],
    ['lösche meinen Befehl Post holen', { kind: 'forget', phrase: 'Post holen' }],
    ['loesche den Befehl Post', { kind: 'forget', phrase: 'Post' }],
    ['entferne Befehl Post', { kind: 'forget', phrase: 'Post' }],
    // English still counts.
    ['save that as check mail', { kind: 'save', phrase: 'check mail' }],
  ]);

  // The app's save as, a no to a question, an edit of text, and too little: none of them.
  itReadsNone('not an edit of the user’s commands: %s', readCommandEdit, [
    'speichere das als PDF',
    'speichere als PDF',
    'speichere das',
    'vergiss es',
    'vergiss das',
    'vergiss meine Auswahl',
    'lösche das letzte Wort',
    'lösche den Befehl',
    'merke dir das',
  ]);

  it('„speichere das als PDF“ is left to the planners; „vergiss es“ is still a no', () => {
    expect(intentOf('speichere das als PDF')).toBeNull();
    expect(readConfirmationAnswer('vergiss es', 'de')).toBe('cancel');
  });

  it('a user’s command may not be named after one', () => {
    expect(reservedPhrase('merke dir das als Post')).toMatch(/one of the assistant’s own phrases/u);
    expect(reservedPhrase('vergiss den Befehl Post')).toMatch(/one of the assistant’s own phrases/u);
    expect(reservedPhrase('Post holen')).toBeUndefined();
  });
});
