/**
 * The data behind risk classification: words in a target's label and key combinations.
 *
 * Kept as data so it can be read, reviewed and extended without touching logic. Phrases match whole
 * words, case-insensitively, anywhere in a label ("Delete message" matches "delete"). Only the base
 * and imperative forms are listed: a past participle names a place, not an action ("Sent",
 * "Deleted Items" are folders), and flagging those would ask for confirmation on harmless clicks.
 * For the same reason a bare "trash" (the Trash folder) and "close" (a dialog's Close button; apps
 * ask before closing unsaved work) are not listed, while "move to trash" and ⌘W are.
 */
import type { RiskLevel } from '../shared/risk-level.js';

export interface WordRule {
  /** One or more lowercase words, matched as consecutive whole words. */
  readonly phrase: string;
  readonly level: Exclude<RiskLevel, 'harmless' | 'blocked'>;
  /** Completes the sentence "This may …". */
  readonly consequence: string;
}

const destructive = (phrases: string[], consequence: string): WordRule[] => phrases.map((phrase) => ({ phrase, level: 'destructive', consequence }));
const moderate = (phrases: string[], consequence: string): WordRule[] => phrases.map((phrase) => ({ phrase, level: 'moderate', consequence }));

export const LABEL_RULES: readonly WordRule[] = [
  ...destructive(
    ['delete', 'delete all', 'remove', 'erase', 'wipe', 'destroy', 'shred', 'purge', 'obliterate', 'expunge', 'eradicate', 'annihilate', 'nuke'],
    'delete something for good',
  ),
  ...destructive(['empty trash', 'empty bin', 'empty the trash', 'move to trash', 'move to bin'], 'delete files'),
  ...destructive(["don't save", 'dont save', 'do not save', 'discard', 'revert'], 'throw away unsaved work'),
  ...destructive(['format', 'reset', 'factory reset', 'overwrite', 'replace'], 'overwrite or erase data'),
  ...destructive(['send', 'submit', 'post', 'publish'], 'send something that cannot be taken back'),
  ...destructive(['buy', 'buy now', 'pay', 'purchase', 'checkout', 'check out', 'place order', 'order now', 'subscribe', 'donate', 'transfer'], 'spend money'),
  ...destructive(['sign out', 'log out', 'logout', 'log off', 'signout'], 'end your session'),
  ...destructive(['quit', 'force quit', 'terminate', 'end task', 'kill'], 'close an app and lose unsaved work'),
  ...destructive(['shut down', 'shutdown', 'restart', 'reboot', 'power off'], 'turn off or restart the computer'),
  ...destructive(['uninstall', 'deactivate', 'revoke', 'close account', 'delete account'], 'remove an app or an account'),
  ...moderate(['archive', 'unsubscribe', 'block', 'report', 'decline', 'reject'], 'change something that is hard to undo'),
  ...moderate(['install', 'allow', 'grant', 'accept', 'agree'], 'grant access or install software'),
  ...moderate(['lock', 'sleep'], 'lock or sleep the computer'),
];

/** Words that make a drop target destructive: dragging onto them deletes. */
export const DROP_TARGET_RULES: readonly WordRule[] = destructive(['trash', 'bin', 'recycle bin', 'wastebasket', 'delete'], 'delete what is dropped there');

export interface ChordRule {
  /** Canonical chords as written by `formatChord` ("ctrl+alt+delete"); one rule covers its spellings on each platform. */
  readonly chords: readonly string[];
  readonly level: Exclude<RiskLevel, 'harmless'>;
  readonly consequence: string;
}

export const CHORD_RULES: readonly ChordRule[] = [
  { chords: ['cmd+q', 'ctrl+q', 'alt+f4'], level: 'destructive', consequence: 'quit the app and lose unsaved work' },
  { chords: ['alt+cmd+escape', 'alt+shift+cmd+escape'], level: 'destructive', consequence: 'force an app to quit' },
  { chords: ['ctrl+alt+delete', 'ctrl+alt+backspace'], level: 'destructive', consequence: 'end your session or restart' },
  { chords: ['shift+cmd+q', 'alt+shift+cmd+q'], level: 'destructive', consequence: 'log you out' },
  { chords: ['cmd+backspace', 'cmd+delete', 'shift+delete'], level: 'destructive', consequence: 'delete the selected files' },
  {
    chords: ['shift+cmd+backspace', 'shift+cmd+delete', 'alt+shift+cmd+backspace', 'alt+cmd+backspace', 'alt+cmd+delete'],
    level: 'destructive',
    consequence: 'empty the trash or delete files immediately',
  },
  { chords: ['cmd+w', 'ctrl+w', 'shift+cmd+w', 'ctrl+shift+w', 'ctrl+f4', 'alt+cmd+w'], level: 'moderate', consequence: 'close windows or tabs' },
  { chords: ['cmd+enter', 'ctrl+enter', 'shift+cmd+d'], level: 'moderate', consequence: 'send or submit' },
  { chords: ['ctrl+cmd+q', 'ctrl+alt+l'], level: 'moderate', consequence: 'lock the screen' },
  { chords: ['ctrl+shift+delete'], level: 'moderate', consequence: 'open a dialog that clears browsing data' },
];
