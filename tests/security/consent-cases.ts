/**
 * The consent suite's cases (issue #27): inputs whose own name says nothing of what they do, each
 * aimed at an effect of the consent fixture, generated over the fixture's effects × routes, for every
 * effect rule of src/registry/effect-rules.ts. A case either asks (the rule named in the question;
 * declined, nothing happens; confirmed, it happens) or, for everyday inputs, runs without asking.
 */
import type { EffectRuleId } from '../../src/registry/effect-rules.js';
import { idOf } from '../agent/scripted-llm.js';
import type { Plan } from './gate-lab.js';
import type { ConsentLab } from './consent-lab.js';

/** Mirrors the fixture's tables (tests/fixtures/consent-fixture-app.py). */
export const MNEMONICS = [
  { label: 'Discard all parcels', key: 'd' },
  { label: 'Erase disk', key: 'r' },
  { label: 'Send payment', key: 'y' },
  { label: 'Empty trash', key: 't' },
  { label: 'Sign out', key: 'o' },
] as const;
export const DIALOGS = [
  { opener: 'Tidy up…', answer: 'OK' },
  { opener: 'Clean up the disk…', answer: 'Yes' },
  { opener: 'Settle up…', answer: 'Continue' },
  { opener: 'Leave…', answer: 'Proceed' },
] as const;
export const CONFIRM_DIALOGS = [
  { opener: 'Confirm by name…', field: 'Name of the list', button: 'Delete all parcels' },
  { opener: 'Confirm by code…', field: 'Code', button: 'OK' },
] as const;

export interface ConsentCase {
  readonly name: string;
  /** The rule that must judge it (named in the question), or 'runs' for an everyday input that must not ask. */
  readonly rule: EffectRuleId | 'runs';
  readonly prepare: (lab: ConsentLab) => Promise<void>;
  readonly plans: (lab: ConsentLab) => Promise<readonly Plan[]>;
  /** A number the effect increases in the app when it really happens. */
  readonly effect: (lab: ConsentLab) => Promise<number>;
}

const at =
  (...plans: Plan[]): ((lab: ConsentLab) => Promise<readonly Plan[]>) =>
  async () =>
    plans;

const centreOf = async (lab: ConsentLab, name: string): Promise<{ x: number; y: number }> => {
  const b = (await lab.element(name)).bounds;
  if (!b) throw new Error(`${name} has no bounds`);
  return { x: Math.round(b.x + b.width / 2), y: Math.round(b.y + b.height / 2) };
};

function dialogCases(): ConsentCase[] {
  return DIALOGS.flatMap(({ opener, answer }, i): ConsentCase[] => {
    const effect = (lab: ConsentLab) => lab.counter(`Answered ${i}:`);
    const open = (lab: ConsentLab) => lab.openDialog(opener, answer);
    const base = `dialog “${opener}” × “${answer}”`;
    return [
      {
        name: `${base} × open it, then click the answer`,
        rule: 'dialog-answer',
        prepare: (lab) => lab.reset(),
        plans: at({
          intent: 'sequence',
          steps: [
            { intent: 'click_element', element: { label: opener } },
            { intent: 'click_element', element: { label: answer } },
          ],
        }),
        effect,
      },
      { name: `${base} × Enter on the focused answer`, rule: 'dialog-answer', prepare: open, plans: at({ intent: 'press_key', key: 'enter' }), effect },
      { name: `${base} × Space on the focused answer`, rule: 'dialog-answer', prepare: open, plans: at({ intent: 'press_key', key: 'space' }), effect },
      {
        name: `${base} × click at its coordinates`,
        rule: 'dialog-answer',
        prepare: open,
        plans: async (lab) => {
          const p = await centreOf(lab, answer);
          return [{ intent: 'left_click_coordinates', x: p.x, y: p.y }];
        },
        effect,
      },
      {
        name: `${base} × by id after an observation`,
        rule: 'dialog-answer',
        prepare: open,
        plans: at({ intent: 'get_screen_elements' }, (text: string) => ({ intent: 'click_element', element: { id: idOf(text, answer) } })),
        effect,
      },
    ];
  });
}

function mnemonicCases(): ConsentCase[] {
  return MNEMONICS.flatMap(({ label, key }, i): ConsentCase[] => {
    const effect = (lab: ConsentLab) => lab.counter(`Mnemonic ${i}:`);
    const fromSearch = async (lab: ConsentLab) => {
      await lab.reset();
      await lab.focus('Search');
    };
    const onIt = async (lab: ConsentLab) => {
      await lab.reset();
      await lab.focus(label);
    };
    return [
      {
        name: `mnemonic of “${label}” × Alt+${key}`,
        rule: 'bound-chord',
        prepare: fromSearch,
        plans: at({ intent: 'press_key', key, modifiers: ['alt'] }),
        effect,
      },
      {
        name: `focused “${label}” × type a space at the caret`,
        rule: 'activates-focused',
        prepare: onIt,
        plans: at({ intent: 'type_text', text: ' ' }),
        effect,
      },
      {
        name: `focused “${label}” × type a line break at the caret`,
        rule: 'activates-focused',
        prepare: onIt,
        plans: at({ intent: 'type_text', text: '\n' }),
        effect,
      },
    ];
  });
}

function acceleratorCases(): ConsentCase[] {
  const effect = (lab: ConsentLab) => lab.counter('Removed:');
  const prepare = async (lab: ConsentLab) => {
    await lab.reset();
    await lab.focus('Search');
  };
  const cases: ConsentCase[] = [
    {
      name: 'accelerator of “Remove all parcels” × Ctrl+R',
      rule: 'bound-chord',
      prepare,
      plans: at({ intent: 'press_key', key: 'r', modifiers: ['ctrl'] }),
      effect,
    },
    {
      name: 'accelerator of “Remove all parcels” × cmd+R (pressed as Ctrl off a Mac)',
      rule: 'bound-chord',
      prepare,
      plans: at({ intent: 'press_key', key: 'r', modifiers: ['cmd'] }),
      effect,
    },
  ];
  return cases.filter((c) => process.platform !== 'darwin' || !c.name.includes('cmd'));
}

function deleteKeyCases(): ConsentCase[] {
  const effect = (lab: ConsentLab) => lab.counter('Rows deleted:');
  const prepare = async (lab: ConsentLab) => {
    await lab.reset();
    await lab.focusFirstRow();
  };
  // Shift+Delete is in the chord table (destructive wherever it is pressed), so it is asked about
  // before the focus is read; these are the keys only the focus makes dangerous.
  const chords: ReadonlyArray<readonly [string, string, readonly string[]]> = [
    ['Delete', 'delete', []],
    ['BackSpace', 'backspace', []],
    ['Ctrl+D', 'd', ['ctrl']],
  ];
  return chords.map(([name, key, modifiers]) => ({
    name: `a row of the list “Parcels” × ${name}`,
    rule: 'delete-key' as const,
    prepare,
    plans: at({ intent: 'press_key', key, ...(modifiers.length > 0 ? { modifiers } : {}) }),
    effect,
  }));
}

function defaultButtonCases(): ConsentCase[] {
  return CONFIRM_DIALOGS.flatMap(({ opener, field, button }, i): ConsentCase[] => {
    const effect = (lab: ConsentLab) => lab.counter(`Confirmed ${i}:`);
    const prepare = (lab: ConsentLab) => lab.openDialog(opener, field);
    const base = `field “${field}” with the default button “${button}”`;
    return [
      { name: `${base} × type a line at the caret`, rule: 'default-button', prepare, plans: at({ intent: 'type_text', text: 'parcels\n' }), effect },
      {
        name: `${base} × type into it, then Enter`,
        rule: 'default-button',
        prepare,
        plans: at({
          intent: 'sequence',
          steps: [
            { intent: 'type_text', text: 'parcels', element: { label: field } },
            { intent: 'press_key', key: 'enter' },
          ],
        }),
        effect,
      },
      { name: `${base} × Enter alone`, rule: 'default-button', prepare, plans: at({ intent: 'press_key', key: 'enter' }), effect },
    ];
  });
}

function terminalCases(): ConsentCase[] {
  const clear = async (lab: ConsentLab) => {
    await lab.reset();
    await lab.focus('Terminal');
    await lab.harnessKey('ctrl+u');
  };
  const out: ConsentCase[] = [];
  const submitting: ReadonlyArray<readonly [string, string, readonly string[]]> = [
    ['Ctrl+M', 'm', ['ctrl']],
    ['Ctrl+J', 'j', ['ctrl']],
    ['Ctrl+O', 'o', ['ctrl']],
  ];
  submitting.forEach(([name, key, modifiers], k) => {
    const file = `ran-typed-${k}`;
    out.push({
      name: `terminal × type a command, then ${name}`,
      rule: 'terminal-submit',
      prepare: clear,
      plans: at({
        intent: 'sequence',
        steps: [
          { intent: 'type_text', text: `touch ${file}` },
          { intent: 'press_key', key, modifiers },
        ],
      }),
      effect: async (lab) => lab.files(file),
    });
  });
  // A line the assistant never typed (the user's, or pasted) runs all the same: it is read.
  const onLine: ReadonlyArray<readonly [string, string, readonly string[]]> = [['Enter', 'enter', []], ...submitting];
  onLine.forEach(([name, key, modifiers], k) => {
    const file = `ran-line-${k}`;
    out.push({
      name: `terminal × a command already on its line × ${name}`,
      rule: 'terminal-submit',
      prepare: async (lab) => {
        await clear(lab);
        await lab.harnessType(`touch ${file}`);
        await lab.terminalShows(`touch ${file}`);
      },
      plans: at({ intent: 'press_key', key, ...(modifiers.length > 0 ? { modifiers } : {}) }),
      effect: async (lab) => lab.files(file),
    });
  });
  return out;
}

/** Everyday inputs on the same fixture: they run without a question, and they do happen. */
function everydayCases(): ConsentCase[] {
  return [
    {
      name: 'everyday × Ctrl+P, bound to “Print the list”',
      rule: 'runs',
      prepare: async (lab) => {
        await lab.reset();
        await lab.focus('Search');
      },
      plans: at({ intent: 'press_key', key: 'p', modifiers: ['ctrl'] }),
      effect: (lab) => lab.counter('Printed:'),
    },
    {
      name: 'everyday × Enter in the search field (no default button)',
      rule: 'runs',
      prepare: async (lab) => {
        await lab.reset();
        await lab.focus('Search');
      },
      plans: at({
        intent: 'sequence',
        steps: [
          { intent: 'type_text', text: 'parcel 3', element: { label: 'Search' } },
          { intent: 'press_key', key: 'enter' },
        ],
      }),
      effect: (lab) => lab.counter('Searches:'),
    },
    {
      name: 'everyday × Enter on a row of the list opens it',
      rule: 'runs',
      prepare: async (lab) => {
        await lab.reset();
        await lab.focusFirstRow();
      },
      plans: at({ intent: 'press_key', key: 'enter' }),
      effect: (lab) => lab.counter('Opened:'),
    },
    {
      name: 'everyday × “Cancel” in a dialog asking to delete',
      rule: 'runs',
      prepare: (lab) => lab.openDialog('Tidy up…', 'OK'),
      plans: at({ intent: 'click_element', element: { label: 'Cancel' } }),
      effect: (lab) => lab.counter('Declined:'),
    },
  ];
}

export function consentCases(): ConsentCase[] {
  return [...dialogCases(), ...mnemonicCases(), ...acceleratorCases(), ...deleteKeyCases(), ...defaultButtonCases(), ...terminalCases(), ...everydayCases()];
}

/** The rules this fixture does not stage, and where they are shown (unit tests in tests/registry/effects.test.ts). */
export const RULES_TESTED_BY_UNIT: Readonly<Partial<Record<EffectRuleId, string>>> = {
  'focus-unread': 'needs an app whose focus cannot be read; the engine sends unread facts, tested with a stand-in bridge',
  'terminal-paste': 'staged by the generated suite (effects-cases.ts: a clipboard holding a command and its line break, pasted by chord or “Paste” item)',
};
