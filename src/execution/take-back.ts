/**
 * The engine's half of "take it back" (src/agent/take-back.ts plans it): whether what an action
 * changed is still as it left it, on the same element, and setting typed text back. An element gone,
 * moved in its tree or changed since is refused in a sentence: a reverse action never lands on
 * something else.
 */
import { SECURE_REFUSAL } from '../shared/secure-fields.js';
import { quote } from '../shared/text/quote.js';
import { OWN_WINDOW_REFUSAL } from './apps/app-focus.js';
import { LABEL_QUOTE_MAX } from './element-geometry.js';
import type { EngineParts } from './engine-parts.js';
import type { ActOptions } from './engine-types.js';
import type { ElementChoice } from './element-target.js';
import { failure, found, stopWith, success, type ActionResult, type Found } from './results.js';
import type { Resolved } from './target-resolution.js';
import { isChecked, type UndoRecord } from './undo-record.js';
import { restoreWindow, windowStillAsLeft } from './window-take-back.js';

/** The records set back by the engine itself rather than by a reverse intent. */
export type RestoredRecord = Extract<UndoRecord, { kind: 'typed' | 'window' }>;

const nameOf = (e: ElementChoice): string => (e.name ? quote(e.name, LABEL_QUOTE_MAX) : `the ${e.role.replace(/_/g, ' ')}`);

/** The pinned element, live, or a sentence saying it is gone or changed place. */
async function pinned(parts: EngineParts, element: ElementChoice): Promise<Found<Resolved>> {
  const r = await parts.targets.resolve({ choice: element }).catch(() => undefined);
  if (r?.ok) return r;
  return stopWith(failure('gone', `I cannot take it back: ${nameOf(element)} is no longer where it was, so nothing was changed.`));
}

/** Is the state the action left still there? A sentence (nothing done) when it is not. */
export async function stillAsLeft(parts: EngineParts, record: UndoRecord): Promise<Found<true>> {
  switch (record.kind) {
    case 'typed': {
      const r = await pinned(parts, record.field);
      if (!r.ok) return r;
      const now = await parts.bridge.readValue(r.value.ref);
      if (now !== record.after) {
        return stopWith(failure('mismatch', `I cannot take it back: ${nameOf(record.field)} changed since the text was typed, so nothing was changed.`));
      }
      return found(true);
    }
    case 'toggled': {
      const r = await pinned(parts, record.element);
      if (!r.ok) return r;
      if (isChecked(r.value.element) === record.checkedBefore) {
        return stopWith(
          failure(
            'mismatch',
            `I cannot take it back: ${nameOf(record.element)} is already ${record.checkedBefore ? 'checked' : 'unchecked'} again, so nothing was changed.`,
          ),
        );
      }
      return found(true);
    }
    case 'scrolled': {
      if (record.over) {
        const r = await pinned(parts, record.over);
        return r.ok ? found(true) : r;
      }
      return sameApp(parts, record.pid, record.app, 'scroll back');
    }
    case 'chord':
      return sameApp(parts, record.pid, record.app, `press ${record.chord} back`);
    case 'window':
      return windowStillAsLeft(parts, record);
  }
}

/** The app acted on is still the one keys and the wheel reach (the front one, or the target app). */
async function sameApp(parts: EngineParts, pid: number, app: string, doing: string): Promise<Found<true>> {
  const now = await parts.apps.pidOf(undefined).catch(() => undefined);
  if (now?.ok && now.value === pid) return found(true);
  const name = app ? quote(app, LABEL_QUOTE_MAX) : 'the app it was done in';
  return stopWith(
    failure('gone', `I cannot ${doing}: ${name} is no longer in front, so nothing was changed. Bring it to the front, then say “take it back” again.`),
  );
}

/** Sets back what an action changed: a field's text, or a window's place, size and state (window-take-back.ts). */
export async function restoreRecorded(parts: EngineParts, record: RestoredRecord, options: ActOptions): Promise<ActionResult> {
  return record.kind === 'typed' ? restoreTyped(parts, record, options) : restoreWindow(parts, record, options);
}

/**
 * Sets a field's text back to what it was before the assistant typed into it, through the bridge,
 * when it still reads exactly what the typing left; reads it back and says what was removed. Judged
 * by the gate as typing into that field.
 */
async function restoreTyped(parts: EngineParts, record: Extract<UndoRecord, { kind: 'typed' }>, options: ActOptions): Promise<ActionResult> {
  const still = await stillAsLeft(parts, record);
  if (!still.ok) return still.result;
  const r = await pinned(parts, record.field);
  if (!r.ok) return r.result;
  const { element, ref, snapshot } = r.value;
  const facts = parts.factsOf(element, snapshot);
  const gated = options.gate?.({ element: facts ?? { unread: true } });
  if (gated) return gated;
  if (facts?.own) return failure('refused', OWN_WINDOW_REFUSAL);
  if (facts?.secure) return failure('refused', SECURE_REFUSAL);
  await parts.bridge.setValue(ref, record.before);
  parts.apps.noteActed();
  const started = parts.clock.now();
  let value = await parts.bridge.readValue(ref);
  while (value !== record.before && parts.clock.now() - started < parts.tuning.readBackMs) {
    await parts.clock.sleep(parts.tuning.pollMs / 2);
    value = await parts.bridge.readValue(ref);
  }
  if (value !== record.before) {
    const shown = value === null ? 'nothing' : quote(value, 80);
    return failure('mismatch', `I tried to remove ${quote(record.text, 60)} from ${nameOf(record.field)}, but it reads ${shown}: check it before going on.`);
  }
  const reads = record.before === '' ? 'it is empty now' : `it reads ${quote(record.before, 80)} again`;
  return success(`Took it back: removed ${quote(record.text, 60)} from ${nameOf(record.field)}; ${reads}.`);
}
