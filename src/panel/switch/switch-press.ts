/**
 * One counted press of a switch, as data: what the scan's state becomes and what, if anything, is
 * chosen. Pure, so the rule that guards the moment the screen changes is tested without a page.
 */
import { TOP, levelOf, move, select, treeKey, type ScanAction, type ScanCursor, type ScanNode } from './switch-scan.js';

export interface SwitchState {
  readonly scanning: boolean;
  readonly cursor: ScanCursor;
  /** Presses counted since the current choice began (the top of the scan). */
  readonly presses: number;
  /** How many presses the last completed choice took. */
  readonly lastChoice: { readonly label: string; readonly presses: number } | undefined;
}

/** Where the scan stood when a switch went down: its press is bound to that entry on that screen (issue #27). */
export interface PressStart {
  readonly cursor: ScanCursor;
  /** The screen (treeKey) the press began on. */
  readonly key: string;
  /** Whether the cursor belonged to that screen then. */
  readonly scanned: boolean;
}

export interface PressStep {
  readonly state: SwitchState;
  /** The rounds of automatic scanning start counting again. */
  readonly restartLoops: boolean;
  /** The entry chosen, to perform. */
  readonly chosen?: { readonly action: ScanAction; readonly label: string };
}

/**
 * A press of the `select` or `move` switch on `tree` (`start`: where the scan stood when the switch
 * went down; a press from the shell with no known start acts where the scan stands). A `long` press
 * of the select switch chooses an entry's long action where it has one (a mouse grid cell: click there). `scanned` says whether the cursor belongs to
 * this tree: right after the screen changes (a confirmation arrives, a view opens) the panel draws the
 * new entries a moment before the scan starts over on them, and the cursor still points where it was
 * in the old ones. A press then would choose whatever entry of the new screen stands at that place —
 * Confirm, where Cancel was meant. It is dropped instead; the scan starts over and the user presses
 * again.
 */
export function pressSwitch(
  s: SwitchState,
  tree: readonly ScanNode[],
  which: 'select' | 'move',
  scanned: boolean,
  start?: PressStart,
  long = false,
): PressStep | undefined {
  if (tree.length === 0 || !scanned) return undefined;
  // A press acts on the entry highlighted when it went down, on that screen: one that spans a change
  // of the screen (a question arrived mid-press) chooses nothing.
  if (start && (start.key !== treeKey(tree) || !start.scanned)) return undefined;
  if (start) s = { ...s, cursor: start.cursor };
  const presses = s.presses + 1;
  // A press while scanning rests wakes it; it selects nothing.
  if (!s.scanning) return { state: { ...s, scanning: true, cursor: TOP, presses }, restartLoops: true };
  if (which === 'move') return { state: { ...s, cursor: move(tree, s.cursor).cursor, presses }, restartLoops: false };
  const node = levelOf(tree, s.cursor)[s.cursor.index];
  const instead = long && node?.type === 'item' ? node.long : undefined;
  if (instead) return { state: { ...s, cursor: TOP, presses: 0, lastChoice: { label: instead.label, presses } }, restartLoops: true, chosen: instead };
  const picked = select(tree, s.cursor);
  if (picked.action && node)
    return {
      state: { ...s, cursor: TOP, presses: 0, lastChoice: { label: node.label, presses } },
      restartLoops: true,
      chosen: { action: picked.action, label: node.label },
    };
  return { state: { ...s, cursor: picked.cursor, presses }, restartLoops: true };
}

/** When the question now shown appeared (`key` names it; undefined while none is shown). */
export interface QuestionShown {
  readonly key: string | undefined;
  readonly at: number;
}

/** Said when a press came too soon after a question appeared (issue #27). */
export const TOO_SOON = 'That press came too soon after the question appeared, so nothing was chosen. Press again to choose.';

/**
 * Whether a press that went down at `downAt` falls in the settling time after a question appeared
 * (issue #27): it then does nothing, so a press meant for what was there before, or a tremor's
 * second press, never answers a question the user has not yet taken in. A press that went down
 * before the question appeared falls in it too. Nothing is held back while no question is shown.
 */
export function inQuestionSettle(downAt: number, shown: QuestionShown, settleMs: number): boolean {
  return shown.key !== undefined && downAt - shown.at < settleMs;
}
