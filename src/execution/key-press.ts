/**
 * press_key: a key with modifiers in the frontmost app, or in a named app brought to the front first.
 * A key acts on whatever has the focus, and a chord on whatever it is bound to there (a mnemonic, a
 * menu accelerator): the gate sees both, read once the keys before have landed; what cannot be read
 * is said to the gate as unread. The focus is read again just before the key goes: moved meanwhile (a
 * window a click opened), it is judged again; still moving on the third reading, it counts as unread.
 * The window system saying another window has the keyboard makes what was read unread too. A key
 * that runs or clears a line the engine typed into a terminal ends that pending line.
 */
import { OWN_WINDOW_REFUSAL, type FocusedElement } from './apps/app-focus.js';
import type { EngineParts } from './engine-parts.js';
import type { ActOptions, LiveElementFacts } from './engine-types.js';
import { inputPlatformOf, modifierKey } from './input/keymap.js';
import { elementsBoundTo } from './key-bindings.js';
import { failure, success, type ActionResult } from './results.js';
import { readTerminalLine } from './terminal-line.js';
import { chordRecord } from './undo-record.js';
import type { CanonicalModifier } from '../shared/keys.js';

/** Where cmd is Ctrl (not macOS), a cmd chord is bound where the Ctrl chord is. */
const CMD_IS_CTRL = modifierKey('cmd', inputPlatformOf(process.platform)) === modifierKey('ctrl', inputPlatformOf(process.platform));

/** Chords that run a terminal's line (Enter, Ctrl+M, Ctrl+J, Ctrl+O) or clear it (Ctrl+C, Ctrl+U). */
const ENDS_TERMINAL_LINE: ReadonlySet<string> = new Set(['enter', 'ctrl+m', 'ctrl+j', 'ctrl+o', 'ctrl+c', 'ctrl+u']);

export async function pressKeyIn(
  parts: EngineParts,
  key: string,
  modifiers: readonly CanonicalModifier[],
  app: string | undefined,
  options: ActOptions,
): Promise<ActionResult> {
  const chord = [...modifiers, key].join('+');
  // Keys go to the focused window: the named app's, else the target app's (not the panel's).
  const front = await parts.apps.frontFor(app);
  if (!front.ok) return front.result;
  let focus: FocusedElement | undefined;
  let facts: LiveElementFacts;
  for (let reading = 1; ; reading++) {
    focus = reading < 3 ? await parts.apps.settledFocus() : undefined;
    facts = (reading < 3 ? parts.factsOf(focus?.element, focus?.app) : undefined) ?? { unread: true };
    // The window system says another window has the keyboard: what was read is not what the key reaches.
    if (await parts.apps.keysGoElsewhere(focus?.app.pid)) facts = { unread: true, elsewhere: true };
    else if (focus && facts.terminal) facts = { ...facts, line: await readTerminalLine(parts.bridge, focus.ref) };
    const bound = await boundTo(parts, key, modifiers, focus?.app.pid ?? front.value);
    const gated = options.gate?.({ focused: facts, ...(bound.length > 0 ? { bound } : {}) });
    if (gated) return gated;
    if (facts.own) return failure('refused', OWN_WINDOW_REFUSAL);
    if (reading === 3 || (await parts.apps.stillFocused(focus)).same) break;
  }
  await parts.input.pressChord(key, modifiers);
  parts.apps.noteActed();
  if (focus && facts.terminal && ENDS_TERMINAL_LINE.has(chord)) parts.terminalLines.cleared(focus.app.pid);
  return success(`Pressed ${chord}.`, chordRecord(chord, focus?.app));
}

/**
 * The elements of the focused window a chord with Ctrl, Alt or cmd is bound to (a mnemonic, a menu
 * accelerator), with their facts, four at most. Menus are read closed too: an accelerator works while
 * its menu is shut. On macOS the menu bar is the app's, not the window's: the whole app is read (the
 * bridge gives a menu item's AXMenuItemCmdChar as its keys; not yet run on a Mac).
 */
async function boundTo(parts: EngineParts, key: string, modifiers: readonly CanonicalModifier[], pid: number): Promise<LiveElementFacts[]> {
  if (!modifiers.some((m) => m === 'ctrl' || m === 'alt' || m === 'cmd')) return [];
  const scope = process.platform === 'darwin' ? 'app' : 'focused_window';
  const all = await parts.apps.snapshot(pid, scope, { showingOnly: false }).catch(() => undefined);
  if (!all) return [];
  return elementsBoundTo(all.elements, key, modifiers, CMD_IS_CTRL)
    .slice(0, 4)
    .flatMap((e) => parts.factsOf(e, all) ?? []);
}
