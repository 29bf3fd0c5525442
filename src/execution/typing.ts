/**
 * type_text: text typed exactly, then read back. Into a named field it is inserted at the end of its
 * text through the accessibility API; into the focused element it is typed by keys (at the caret,
 * as a person would) when every character has a key on this layout, else inserted through the
 * accessibility API. Terminals take keys at their prompt. Never a secret field, never the
 * assistant's own windows, whatever the gate said.
 */
import { TEXT_ENTRY_ROLES } from '../shared/roles.js';
import { SECURE_REFUSAL } from '../shared/secure-fields.js';
import { quote } from '../shared/text/quote.js';
import type { AxElement, ElementRef } from './accessibility/types.js';
import { OWN_WINDOW_REFUSAL, type FocusedElement } from './apps/app-focus.js';
import { centre, LABEL_QUOTE_MAX, type AppOf } from './element-geometry.js';
import { isVisible } from './element-resolution.js';
import type { EngineParts } from './engine-parts.js';
import type { ActOptions, FocusedText, Target } from './engine-types.js';
import { toFailure } from './engine-failures.js';
import { failure, found, stopWith, success, type ActionResult, type Found } from './results.js';
import type { ActiveApp } from './apps/target-app.js';
import type { ElementChoice } from './element-target.js';
import { pinElement } from './undo-record.js';
import { selectionInUtf16 } from './text-placing.js';

/**
 * `reading`: how many times the focus was read for this text; typed at the caret, the focus is read
 * again just before the keys go, and a focus that moved meanwhile is judged again (the third time it
 * still moves, it counts as unread).
 */
export async function typeText(parts: EngineParts, text: string, target: Target | undefined, options: ActOptions, reading = 1): Promise<ActionResult> {
  const { bridge, input, apps } = parts;
  let field: AxElement | undefined;
  let ref: ElementRef | undefined;
  let fieldApp: ActiveApp | undefined;
  // The tree the field was read from: what else typing there reaches (a default button, a dialog).
  let tree: AppOf | undefined;
  let focus: FocusedElement | undefined;
  if (target) {
    const r = await parts.targets.resolve(target);
    if (!r.ok) return r.result;
    field = r.value.element;
    ref = r.value.ref;
    fieldApp = { pid: r.value.snapshot.pid, name: r.value.snapshot.app };
    tree = r.value.snapshot;
  } else {
    // The focused element of the target app, in front: its focus is only kept while it is active.
    const front = await apps.raiseTarget();
    if (!front.ok) return front.result;
    // Once it settled: a click a moment ago (a step before) may still be moving the focus to a new window.
    focus = reading < 3 ? await apps.settledFocus() : undefined;
    field = focus?.element;
    ref = focus?.ref;
    fieldApp = focus ? { pid: focus.app.pid, name: focus.app.app } : undefined;
    tree = focus?.app;
  }
  const where = tree ?? (fieldApp ? { pid: fieldApp.pid, app: fieldApp.name } : undefined);
  let facts = reading < 3 ? parts.factsOf(field, where) : { unread: true };
  // Typed at the caret, the keys go to the window the window system says has the keyboard.
  if (!target && (await apps.keysGoElsewhere(fieldApp?.pid))) facts = { unread: true, elsewhere: true };
  const gated = options.gate?.(target ? { element: facts } : { focused: facts });
  if (gated) return gated;
  // The focus moved while it was judged (a window a click opened took it): judged again on what has it now.
  if (!target && reading < 3) {
    const still = await apps.stillFocused(focus);
    if (!still.same) return typeText(parts, text, target, options, reading + 1);
    // The same element, from the fresh reading: its ref is the valid one now.
    if (still.now) ({ element: field, ref } = still.now);
  }
  // Defence in depth, whatever the gate said: never the assistant's own windows, never a secret.
  if (facts?.own) return failure('refused', OWN_WINDOW_REFUSAL);
  if (facts?.secure) return failure('refused', SECURE_REFUSAL);

  // A terminal takes keys at its prompt (it has no editable text to insert into), and what was
  // typed there is remembered: the Enter that runs it is judged as the destructive step it is.
  const terminal = facts?.terminal === true;
  // A spreadsheet cell is typed into through an editor of its own: its text shows only once
  // the entry is committed (Enter), so it is not read back here.
  const readable =
    !terminal && !!field && !!ref && field.value !== null && field.role !== 'cell' && (TEXT_ENTRY_ROLES.has(field.role) || field.states.includes('editable'));
  const missing = await input.untypableByKeys(text);
  const byKeys = terminal || (!target ? missing.length === 0 : !readable);

  if (target && byKeys && fieldApp) {
    // Keys go to the focused window: the field's app must be in front (not the panel).
    const front = await apps.raise(fieldApp);
    if (!front.ok) return front.result;
  }
  if (target && field && ref && !readable) {
    // A named element that does not expose its text: give it the focus, then type by keys.
    await focusField(parts, field, ref);
  }
  if (terminal && where) parts.terminalLines.typed(where.pid, text);

  if (byKeys) {
    if (missing.length > 0) {
      return failure(
        'unsupported',
        `I cannot type ${missing.map((c) => quote(c, LABEL_QUOTE_MAX)).join(' ')} here: this app does not expose its text to accessibility, and those characters have no key on this keyboard layout. Type them yourself, or paste them.`,
      );
    }
    const readBack = readable || (terminal && field?.value !== null) ? ref : undefined;
    const before = readBack ? await bridge.readValue(readBack) : null;
    // A line break in a one-line field is Enter: it submits, or presses the window's default button,
    // which may close the field's window. Only the text before it can be read back, if anything.
    const submits = !terminal && /[\r\n]/.test(text) && !!field && !field.states.includes('multi_line');
    const firstLine = text.split(/[\r\n]/)[0] ?? text;
    await input.typeByKeys(text);
    apps.noteActed();
    if (!readBack) return success(`Typed ${text.length} characters (this app does not show its text to the assistant, so it was not read back).`);
    if (submits) {
      const read = await confirmTyped(parts, readBack, firstLine, before, 'keys').catch(() => undefined);
      return read?.kind === 'success'
        ? read
        : success(`Typed ${quote(firstLine, 60)} and pressed Enter (the field changed after Enter, so it was not read back).`);
    }
    const typed = await confirmTyped(parts, readBack, terminal ? firstLine : text, before, 'keys');
    return terminal || !field || !where ? typed : withTypedUndo(parts, typed, field, where, readBack, text, before);
  }

  if (!readable || !field || !ref) {
    return failure('not_found', 'There is no text field to type into: click the field first (or name it), then type.');
  }
  // At the caret, over the selection, as keys would type: the focused field's caret is where the
  // user (or the click before) put it. A named field without the focus has no caret the user
  // chose, so the text goes after what is there.
  const at = target && !field.states.includes('focused') ? 'end' : 'caret';
  // A named field gets the focus first (its app in front), so the keys that follow (Enter, Tab, a
  // shortcut) go to it; the insertion then leaves the caret after the text (a toolkit that selects
  // a field's text when it takes the focus has that selection replaced by the caret).
  const focused = at === 'end' && fieldApp ? await giveFocus(parts, fieldApp, field, ref) : undefined;
  if (focused && !focused.ok) return focused.result;
  const before = (await bridge.readValue(ref)) ?? '';
  const done = await bridge.insertText(ref, text, { at });
  const chars = Array.from(before);
  const expected = chars.slice(0, done.start).join('') + text + chars.slice(done.end).join('');
  const place = done.end > done.start ? 'replacing the selected text' : done.start >= chars.length ? 'at the end of the field' : 'at the caret';
  const read = await confirmTyped(parts, ref, text, before, 'accessibility', expected, place);
  const inserted = where ? await withTypedUndo(parts, read, field, where, ref, text, before) : read;
  if (inserted.kind === 'success' && focused) return success(`${inserted.message} ${await focusNote(parts, field)}`, inserted.undo);
  // Some apps accept the insertion and change nothing (Firefox's web page fields, issue #14):
  // when the field still reads as before, give it the focus and type by keys instead.
  if (inserted.kind !== 'failure' || missing.length > 0 || (await bridge.readValue(ref)) !== before) return inserted;
  if (fieldApp) {
    const front = await apps.raise(fieldApp);
    if (!front.ok) return front.result;
  }
  await focusField(parts, field, ref);
  await input.typeByKeys(text);
  apps.noteActed();
  const typed = await confirmTyped(parts, ref, text, before, 'keys');
  return where ? withTypedUndo(parts, typed, field, where, ref, text, before) : typed;
}

/**
 * Typed text read back: the field's whole text before and now go with the result, so "take it back"
 * can set the field back to what it was (undo-record.ts). Not when either cannot be read.
 */
async function withTypedUndo(
  parts: EngineParts,
  result: ActionResult,
  field: AxElement,
  where: AppOf,
  ref: ElementRef,
  text: string,
  before: string | null,
): Promise<ActionResult> {
  if (result.kind !== 'success' || before === null) return result;
  const after = await parts.bridge.readValue(ref).catch(() => null);
  const pinned = after === null || after === before ? undefined : await pinInApp(parts, field, where);
  return pinned && after !== null ? success(result.message, { kind: 'typed', field: pinned, text, before, after }) : result;
}

/**
 * The field pinned in its app's whole tree, where "take it back" looks for it again: the focus is read
 * in its window's tree, whose ids are not the app's. Only when exactly one element of the app is it.
 */
async function pinInApp(parts: EngineParts, field: AxElement, where: AppOf): Promise<ElementChoice | undefined> {
  const all = await parts.apps.snapshot(where.pid).catch(() => undefined);
  const same = all?.elements.filter(
    (e) =>
      e.role === field.role &&
      e.name === field.name &&
      e.description === field.description &&
      e.states.includes('focused') === field.states.includes('focused'),
  );
  const only = same?.length === 1 ? same[0] : undefined;
  return all && only ? pinElement(only, all) : undefined;
}

/** Brings a named field's app to the front and gives the field the focus. */
async function giveFocus(parts: EngineParts, app: ActiveApp, field: AxElement, ref: ElementRef): Promise<Found<number>> {
  const front = await parts.apps.raise(app);
  if (front.ok) await focusField(parts, field, ref);
  parts.apps.noteActed();
  return front;
}

/** The read-back of the focus after typing into a named field: the keys that follow go where it says. */
async function focusNote(parts: EngineParts, field: AxElement): Promise<string> {
  const now = await parts.apps.settledFocus();
  const name = field.name ? quote(field.name, LABEL_QUOTE_MAX) : 'The field';
  if (now && now.element.role === field.role && now.element.name === field.name) return `${name} has the focus, with the caret after the text.`;
  return `${name} did not take the focus, so keys pressed next go elsewhere: click the field first.`;
}

/** Gives a field the focus: its accessibility focus action, else a click at its visible centre. */
async function focusField(parts: EngineParts, field: AxElement, ref: ElementRef): Promise<void> {
  const at = centre(field);
  if (field.actions.includes('focus')) await parts.bridge.performAction(ref, 'focus');
  else if (at && isVisible(field)) await parts.pointerClick(at, 'left', 1);
}

/** Waits until the field shows the typed text; checks it is exactly there. */
async function confirmTyped(
  parts: EngineParts,
  ref: ElementRef,
  text: string,
  before: string | null,
  via: 'keys' | 'accessibility',
  expected = (before ?? '') + text,
  where = '',
): Promise<ActionResult> {
  const { clock, tuning } = parts;
  const started = clock.now();
  let value: string | null;
  for (;;) {
    value = await parts.bridge.readValue(ref);
    // By keys the caret may have been mid-text or over a selection: the text must be there, and new.
    if (value === expected || (via === 'keys' && value !== null && value !== before && value.includes(text))) {
      return success(`Typed ${quote(text, 60)}${via === 'accessibility' && where ? ` (inserted ${where})` : ''}.`);
    }
    if (clock.now() - started >= tuning.readBackMs) break;
    await clock.sleep(tuning.pollMs / 2);
  }
  const shown = value === null ? 'nothing' : quote(value, 80);
  return failure(
    'mismatch',
    `The field does not show what was typed: it reads ${shown}. Check it before going on (the keyboard layout or Caps Lock may differ from what the assistant expects).`,
  );
}

/**
 * The focused field of the target app and its whole text, read for dictation's corrections (the
 * target app is brought to the front first, as typing does). A secure field or a terminal gives
 * no text; the assistant's own windows are refused. Undefined: nothing has the focus.
 */
export async function readFocusedText(parts: EngineParts): Promise<Found<FocusedText | undefined>> {
  try {
    const front = await parts.apps.raiseTarget();
    if (!front.ok) return stopWith(front.result);
    // Read once it settled: a click on the field a moment ago may still be moving the focus.
    const focus = await parts.apps.settledFocus();
    if (!focus) return found(undefined);
    const facts = parts.factsOf(focus.element, focus.app);
    if (facts?.own) return stopWith(failure('refused', OWN_WINDOW_REFUSAL));
    const secure = facts?.secure === true;
    const terminal = facts?.terminal === true;
    const value = secure || terminal || focus.element.value === null ? null : await parts.bridge.readValue(focus.ref);
    const selection = value === null ? undefined : await selectionOf(parts, focus.ref, value);
    return found({
      app: focus.app.app,
      pid: focus.app.pid,
      role: focus.element.role,
      name: focus.element.name,
      value,
      secure,
      terminal,
      ...(selection ? { selection } : {}),
    });
  } catch (error) {
    return stopWith(toFailure(error, 'read the text field'));
  }
}

/** The caret and selection of a text element as UTF-16 indices into its value, where the bridge reads them. */
async function selectionOf(parts: EngineParts, ref: ElementRef, value: string): Promise<FocusedText['selection']> {
  if (!parts.bridge.textSelection) return undefined;
  const read = await parts.bridge.textSelection(ref).catch(() => undefined);
  return !read || read.caret < 0 ? undefined : selectionInUtf16(value, read);
}
