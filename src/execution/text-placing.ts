/**
 * The caret and the selection of the focused text field put where an edit needs them through the
 * platform's own text interface (AT-SPI Text SetCaretOffset, SetSelection, AddSelection), so a place
 * far from both ends of a long text is reached in one call, not hundreds of arrow keys.
 *
 * Only the field the edit read: the same role and name, its text still exactly as read. Never a
 * secure field, a terminal or the assistant's own windows. Moving the caret or the selection changes
 * no text: the words that replace a selection are typed through the type_text path and its gate.
 */
import { SECURE_REFUSAL } from '../shared/secure-fields.js';
import type { Role } from '../shared/roles.js';
import { AccessibilityError, type TextSelection } from './accessibility/types.js';
import { OWN_WINDOW_REFUSAL } from './apps/app-focus.js';
import type { EngineParts } from './engine-parts.js';
import type { FocusedText } from './engine-types.js';
import { toFailure } from './engine-failures.js';
import { failure, found, stopWith, type Found } from './results.js';

/** The field an edit read, and the text it read there. */
export interface PlacedIn {
  readonly role: Role;
  readonly name: string;
  readonly value: string;
}

/** A caret and selection in UTF-16 indices of `value`, as FocusedText gives them. */
export type FieldSelection = NonNullable<FocusedText['selection']>;

/** A code-point caret and selection (the bridge's) as UTF-16 indices into `value`. */
export function selectionInUtf16(value: string, read: TextSelection): FieldSelection {
  const chars = Array.from(value);
  const index = (cp: number): number => chars.slice(0, Math.max(0, Math.min(cp, chars.length))).join('').length;
  return { caret: index(read.caret), start: index(read.start), end: index(read.end) };
}

/** A UTF-16 index of `value` as a count of code points (the bridge's offsets). */
function codePoints(value: string, index: number): number {
  return Array.from(value.slice(0, index)).length;
}

/**
 * Selects [start, end) of the focused field (start === end: the caret there) and reads the caret and
 * selection back. Undefined when the bridge or the app does not take it: the caller uses keys.
 */
export async function placeInFocusedText(parts: EngineParts, field: PlacedIn, start: number, end: number): Promise<Found<FieldSelection | undefined>> {
  const set = parts.bridge.setTextSelection;
  if (!set) return found(undefined);
  try {
    const front = await parts.apps.raiseTarget();
    if (!front.ok) return stopWith(front.result);
    const focus = await parts.apps.settledFocus();
    if (!focus || focus.element.role !== field.role || focus.element.name !== field.name) {
      return stopWith(failure('interrupted', 'The focus left the field being edited, so nothing more was done. Click the field and say it again.'));
    }
    const facts = parts.factsOf(focus.element, focus.app);
    if (facts?.own) return stopWith(failure('refused', OWN_WINDOW_REFUSAL));
    if (facts?.secure) return stopWith(failure('refused', SECURE_REFUSAL));
    if (facts?.terminal) return found(undefined);
    const now = await parts.bridge.readValue(focus.ref);
    if (now !== field.value)
      return stopWith(failure('mismatch', 'The field’s text changed while it was being edited, so nothing more was done. Check it and say it again.'));
    const from = codePoints(now, start);
    const to = codePoints(now, end);
    const asked = (r: TextSelection): boolean => r.start === from && r.end === to && (from !== to || r.caret === from);
    // Some apps answer before their selection moved (Firefox's pages run in another process): read
    // it back until it shows what was asked, for as long as typed text is given to show.
    let read = await set.call(parts.bridge, focus.ref, from, to);
    const started = parts.clock.now();
    while (!asked(read) && parts.bridge.textSelection && parts.clock.now() - started < parts.tuning.readBackMs) {
      await parts.clock.sleep(parts.tuning.pollMs / 2);
      read = await parts.bridge.textSelection(focus.ref);
    }
    parts.apps.noteActed();
    return found(read.caret < 0 ? undefined : selectionInUtf16(now, read));
  } catch (error) {
    if (error instanceof AccessibilityError && error.code === 'unsupported') return found(undefined);
    return stopWith(toFailure(error, 'place the caret'));
  }
}
