/**
 * English risk words: words in a target's label that make acting on it destructive or moderate,
 * words of a drop target that deletes, a dialog's answers that take nothing further, and items that
 * paste. Only the base and imperative forms are listed: a past participle names a place, not an
 * action ("Sent", "Deleted Items" are folders). For the same reason a bare "trash" (the Trash
 * folder) and "close" (a dialog's Close button; apps ask before closing unsaved work) are not
 * listed, while "move to trash" and ⌘W are.
 */
import { destructive, moderate, type WordRule } from './word-rule.js';

export const EN_LABEL_RULES: readonly WordRule[] = [
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
export const EN_DROP_TARGET_WORDS: readonly string[] = ['trash', 'bin', 'recycle bin', 'wastebasket', 'delete'];

/** A dialog's answers that take nothing further (the whole label). */
export const EN_DECLINING_ANSWERS: readonly string[] = [
  'cancel',
  'no',
  'keep',
  'close',
  'not now',
  'later',
  'skip',
  'dismiss',
  'go back',
  'back',
  'help',
  'stay',
];

/** Labels of items and buttons that paste ("Paste", "Paste Selection", "Paste Special"). */
export const EN_PASTE_ITEM_WORDS: readonly string[] = ['paste'];
