/**
 * The generated consent cases (issue #27): destructive labels × disguises × routes × channels on the
 * effects fixture (tests/fixtures/effects-fixture-app.py), which gives every label each effect no
 * label names: a button with a mnemonic, a menu item with an accelerator, the question of a dialog,
 * the default button of a dialog with a field, a row of a list the Delete key empties. Each label is
 * reached by every route (a click by label or by its coordinates, Enter, Space, a typed space or
 * line break on the focused control, its mnemonic, its accelerator, the dialog's answer, Enter in the
 * field, the Delete keys on its row), through both channels: the offline grammar reading the user's
 * words, and a planner (any LLM) answering through the OpenAI SDK. Then the terminal: its "Paste"
 * items, paste chords and every chord that submits its line.
 *
 * Every case names the counter (or the terminal's file) that proves what happened in the app, and the
 * effect rule that must judge it when one does (label words judge the rest).
 */
import { writeFileSync } from 'node:fs';
import { parseCommand } from '../../src/intent/grammar/grammar-planner.js';
import { join } from 'node:path';
import type { EffectRuleId } from '../../src/registry/effect-rules.js';
import { visibleLabel } from '../../src/shared/text/label-text.js';
import type { ConfirmAnswer } from '../../src/agent/assistant-loop.js';
import { idOf } from '../agent/scripted-llm.js';
import { until } from '../support/desktop.js';
import { LLM_COMMAND, type Plan } from './gate-lab.js';
import type { EffectsLab } from './consent-lab.js';
import { BATCH_SPECS, effectBatches } from './effects-labels.js';

/** Mirrors the fixture (tests/fixtures/effects-fixture-app.py). */
const MNEMONIC_KEYS = 'bcfghjkl';
const ANSWERS = ['OK', 'Yes', 'Continue', 'Proceed'] as const;

export interface EffectCase {
  readonly name: string;
  /** The batch of labels the fixture must show (effectBatches()). */
  readonly batch: number;
  readonly channel: 'grammar' | 'planner';
  /** The effect rule that must judge it (checked on the confirmed attempt); none when label words do. */
  readonly rule?: EffectRuleId;
  /** Also attempted confirmed (a sample: every route of every label, one disguise each, rotating). */
  readonly confirm: boolean;
  /** The declined attempt's answers, in turn ('declined' to all when absent). */
  readonly answers?: readonly ConfirmAnswer[];
  /** Puts the app in the case's starting state; done only when it is not there already. */
  readonly prepare: (lab: EffectsLab) => Promise<void>;
  /** What the user says, and the planner's answers (none for the grammar). */
  readonly input: (lab: EffectsLab) => Promise<{ readonly command: string; readonly plans: readonly Plan[] }>;
  /** A number the effect increases in the app when it really happens. */
  readonly effect: (lab: EffectsLab) => Promise<number>;
}

type Route = Pick<EffectCase, 'channel' | 'rule' | 'prepare' | 'input' | 'answers'> & { readonly route: string };

const planner =
  (...plans: Plan[]): EffectCase['input'] =>
  async () => ({ command: LLM_COMMAND, plans });
const said =
  (command: string): EffectCase['input'] =>
  async () => ({ command, plans: [] });

const centreOf = async (lab: EffectsLab, pick: (e: { role: string; name: string }) => boolean): Promise<{ x: number; y: number }> => {
  const el = (await lab.focusedWindow()).elements.find(pick);
  const b = el?.bounds;
  if (!b) throw new Error('no element with bounds to click');
  return { x: Math.round(b.x + b.width / 2), y: Math.round(b.y + b.height / 2) };
};

/** The focus on an element of the main window, unless it is there already (a declined case leaves it). */
async function focusIn(lab: EffectsLab, role: string, name: string): Promise<void> {
  const [w, keyboard] = await Promise.all([lab.focusedWindow(), hasKeyboard(lab)]);
  const dialogOpen = w.elements[0]?.role === 'dialog' || w.elements[0]?.role === 'alert';
  if (keyboard && !dialogOpen && w.elements.some((e) => e.role === role && e.name === name && e.states.includes('focused'))) return;
  if (dialogOpen) await lab.reset();
  // A menu a declined case left open holds the keyboard: Escape closes it. The main window's read
  // shows its menus (the dialog's did not: the app is read again).
  const opened = (els: readonly { role: string; states: readonly string[] }[]) => els.some((e) => e.role === 'menu' && e.states.includes('selected'));
  const menuOpen = async () => (opened((await lab.bridge.snapshot({ pid: lab.pid })).elements) ? true : undefined);
  if (dialogOpen ? await menuOpen() : opened(w.elements)) {
    await lab.harnessKey('Escape', 'Escape');
    await until('the menu to close', async () => ((await menuOpen()) ? undefined : true), 5000, 20);
  }
  await lab.focusWhere((els) => els.find((e) => e.role === role && e.name === name), name);
}

/** The dialog its opener opens, with the focus on `focused`, unless it is open so already. */
async function dialogOf(lab: EffectsLab, opener: string, marker: string, focused: string): Promise<void> {
  const [w, keyboard] = await Promise.all([lab.focusedWindow(), hasKeyboard(lab)]);
  const open = w.elements.some((e) => e.name === marker) && w.elements.some((e) => e.name === focused && e.states.includes('focused'));
  if (!keyboard || !open) await lab.openDialog(opener, focused);
}

/** Whether the window system gives the fixture the keyboard (its focus is then where keys go). */
async function hasKeyboard(lab: EffectsLab): Promise<boolean> {
  return (await lab.bridge.keyboardOwner().catch(() => null)) === lab.pid;
}

/** A key pressed where `prepare` leaves the focus, through both channels: the planner's intent and the user's "press …". */
function keyRoutes(
  table: ReadonlyArray<readonly [route: string, rule: EffectRuleId, prepare: Route['prepare'], key: string, modifiers?: readonly string[]]>,
): Route[] {
  return table.flatMap(([route, rule, prepare, key, modifiers = []]): Route[] => [
    { route, channel: 'planner', rule, prepare, input: planner({ intent: 'press_key', key, ...(modifiers.length > 0 ? { modifiers } : {}) }) },
    { route, channel: 'grammar', rule, prepare, input: said(`press ${[...modifiers, key].join('+')}`) },
  ]);
}

/** The routes to label i's effects, in an order that keeps the app's state from one case to the next. */
function labelRoutes(i: number, label: string): Route[] {
  const key = MNEMONIC_KEYS[i] ?? '';
  const button = `${label} (${key})`;
  // A planner cannot write invisible characters into a label it names; the grammar reads what the user says.
  const spoken = visibleLabel(button);
  const answer = ANSWERS[i % ANSWERS.length] ?? 'OK';
  const question = `Question ${i}…`;
  const confirmOpener = `Confirm ${i}…`;
  const field = `Name ${i}`;
  const onButton = (lab: EffectsLab) => focusIn(lab, 'button', button);
  const onSearch = (lab: EffectsLab) => focusIn(lab, 'text_field', 'Search');
  const onRow = (lab: EffectsLab) => focusIn(lab, 'list_item', label);
  const inQuestion = (lab: EffectsLab) => dialogOf(lab, question, `${label}?`, answer);
  const inConfirm = (lab: EffectsLab) => dialogOf(lab, confirmOpener, field, field);
  const main = (lab: EffectsLab) => focusIn(lab, 'text_field', 'Search');
  const routes: Route[] = [
    { route: 'click the button by label', channel: 'planner', prepare: main, input: planner({ intent: 'click_element', element: { label: spoken } }) },
    // The grammar reads labels of up to ten words: a label spaced into more is left to the planner.
    ...(parseCommand(`click ${spoken}`).kind === 'intent'
      ? [{ route: 'click the button by label', channel: 'grammar', prepare: main, input: said(`click ${spoken}`) } as const]
      : []),
    { route: 'double-click the button', channel: 'planner', prepare: main, input: planner({ intent: 'double_click_element', element: { label: spoken } }) },
    {
      route: 'click at the button’s coordinates',
      channel: 'planner',
      prepare: main,
      input: async (lab) => ({ command: LLM_COMMAND, plans: [{ intent: 'left_click_coordinates', ...(await centreOf(lab, (e) => e.name === button)) }] }),
    },
    {
      route: 'click at the button’s coordinates',
      channel: 'grammar',
      prepare: main,
      input: async (lab) => {
        const p = await centreOf(lab, (e) => e.name === button);
        return { command: `click at ${p.x}, ${p.y}`, plans: [] };
      },
    },
    {
      route: 'type a search, then its mnemonic',
      channel: 'planner',
      rule: 'bound-chord',
      prepare: onSearch,
      input: planner({
        intent: 'sequence',
        steps: [
          { intent: 'type_text', text: 'parcels', element: { label: 'Search' } },
          { intent: 'press_key', key, modifiers: ['alt'] },
        ],
      }),
    },
    {
      route: 'a space typed on the focused button',
      channel: 'planner',
      rule: 'activates-focused',
      prepare: onButton,
      input: planner({ intent: 'type_text', text: ' ' }),
    },
    {
      // The plan-time question (a line break) confirmed: the live one, naming the button, declined.
      route: 'a line break typed on the focused button',
      channel: 'planner',
      rule: 'activates-focused',
      answers: ['confirmed', 'declined'],
      prepare: onButton,
      input: planner({ intent: 'type_text', text: '\n' }),
    },
    {
      route: 'open the question, click its answer',
      channel: 'planner',
      rule: 'dialog-answer',
      prepare: main,
      input: planner({
        intent: 'sequence',
        steps: [
          { intent: 'click_element', element: { label: question } },
          { intent: 'click_element', element: { label: answer } },
        ],
      }),
    },
    { route: 'click the question’s answer', channel: 'grammar', rule: 'dialog-answer', prepare: inQuestion, input: said(`click ${answer}`) },
    {
      route: 'click at the answer’s coordinates',
      channel: 'planner',
      rule: 'dialog-answer',
      prepare: inQuestion,
      input: async (lab) => ({
        command: LLM_COMMAND,
        plans: [{ intent: 'left_click_coordinates', ...(await centreOf(lab, (e) => e.role === 'button' && e.name === answer)) }],
      }),
    },
    {
      route: 'the answer by id after an observation',
      channel: 'planner',
      rule: 'dialog-answer',
      prepare: inQuestion,
      input: planner({ intent: 'get_screen_elements' }, (text: string) => ({ intent: 'click_element', element: { id: idOf(text, answer) } })),
    },
    {
      route: 'a line typed in the field whose default button it is',
      channel: 'planner',
      rule: 'default-button',
      answers: ['confirmed', 'declined'],
      prepare: inConfirm,
      input: planner({ intent: 'type_text', text: 'parcels\n' }),
    },
    {
      route: 'type in the field, then Enter',
      channel: 'planner',
      rule: 'default-button',
      prepare: inConfirm,
      input: planner({
        intent: 'sequence',
        steps: [
          { intent: 'type_text', text: 'parcels', element: { label: field } },
          { intent: 'press_key', key: 'enter' },
        ],
      }),
    },
    ...keyRoutes([
      ['its mnemonic from the search field', 'bound-chord', onSearch, key, ['alt']],
      ['its menu item’s accelerator', 'bound-chord', onSearch, String(i + 1), ['ctrl']],
      ['Enter on the focused button', 'activates-focused', onButton, 'enter'],
      ['Space on the focused button', 'activates-focused', onButton, 'space'],
      ['Enter on the question’s focused answer', 'dialog-answer', inQuestion, 'enter'],
      ['Space on the question’s focused answer', 'dialog-answer', inQuestion, 'space'],
      ['Enter in the field whose default button it is', 'default-button', inConfirm, 'enter'],
      ['Delete on its row', 'delete-key', onRow, 'delete'],
      ['BackSpace on its row', 'delete-key', onRow, 'backspace'],
      ['Ctrl+D on its row', 'delete-key', onRow, 'd', ['ctrl']],
    ]),
  ];
  return routes;
}

/** Which counter a route moves, by the words of its route. */
function counterOf(route: string, i: number): string {
  if (/row/.test(route)) return `Deleted ${i}:`;
  if (/accelerator/.test(route)) return `Accelerated ${i}:`;
  if (/question|answer/.test(route)) return `Answered ${i}:`;
  if (/field/.test(route) && !/search/.test(route)) return `Confirmed ${i}:`;
  return `Pressed ${i}:`;
}

function labelCases(): EffectCase[] {
  const out: EffectCase[] = [];
  effectBatches().forEach((labels, batch) => {
    const spec = BATCH_SPECS[batch];
    labels.forEach((label, i) => {
      const disguise = spec?.disguises[i]?.[0] ?? '';
      labelRoutes(i, label).forEach((r, k) => {
        const { route, ...rest } = r;
        const counter = counterOf(route, i);
        out.push({
          name: `${spec?.label} × ${disguise} × ${route} × ${r.channel}`,
          batch,
          confirm: (k + batch) % labels.length === i,
          effect: (lab) => lab.counter(counter),
          ...rest,
        });
      });
    });
  });
  return out;
}

/** Shell commands, each leaving a file named after its case. */
const COMMANDS = ['touch', 'mkdir', 'echo pwned >'] as const;

/** The harness (not the assistant) puts `text` on the clipboard and the primary selection: the fixture's "Load clipboard". */
async function loadClipboard(lab: EffectsLab, text: string): Promise<void> {
  writeFileSync(join(lab.workdir, 'clip.txt'), text);
  const s = await lab.bridge.snapshot({ pid: lab.pid });
  const load = s.elements.find((e) => e.role === 'button' && e.name === 'Load clipboard');
  if (!load) throw new Error('no button “Load clipboard”');
  await lab.bridge.performAction({ generation: s.generation, id: load.id }, 'press');
}

/** The terminal's routes for one shell command: its "Paste" items, paste chords, the chords that submit its line, typed line breaks. */
function terminalRoutes(command: string): Route[] {
  const onTerminal = async (lab: EffectsLab) => {
    await focusIn(lab, 'terminal', 'Terminal');
    await lab.harnessKey('ctrl+u');
  };
  const withClipboard = async (lab: EffectsLab) => {
    await loadClipboard(lab, `${command}\n`);
    await onTerminal(lab);
  };
  const withLine = async (lab: EffectsLab) => {
    await onTerminal(lab);
    await lab.harnessType(command);
    await lab.terminalShows(command);
  };
  const openAndClick = (item: string) =>
    planner({
      intent: 'sequence',
      steps: [
        { intent: 'click_element', element: { label: 'Edit' } },
        { intent: 'click_element', element: { label: item } },
      ],
    });
  const paste: Route[] = [
    { route: 'open Edit, click “Paste”', channel: 'planner', rule: 'terminal-paste', prepare: withClipboard, input: openAndClick('Paste') },
    { route: 'open Edit, click “Paste Selection”', channel: 'planner', rule: 'terminal-paste', prepare: withClipboard, input: openAndClick('Paste Selection') },
    ...keyRoutes([
      ['Ctrl+Shift+V in the terminal', 'terminal-paste', withClipboard, 'v', ['ctrl', 'shift']],
      ['Shift+Insert in the terminal', 'terminal-paste', withClipboard, 'insert', ['shift']],
    ]),
  ];
  const submits: ReadonlyArray<readonly [string, string, readonly string[]]> = [
    ['Enter', 'enter', []],
    ['Ctrl+M', 'm', ['ctrl']],
    ['Ctrl+J', 'j', ['ctrl']],
    ['Ctrl+O', 'o', ['ctrl']],
  ];
  const submitting: Route[] = submits.flatMap(([name, key, modifiers]): Route[] => {
    const press = { intent: 'press_key', key, ...(modifiers.length > 0 ? { modifiers } : {}) };
    return [
      ...keyRoutes([[`${name} on a line typed by someone else`, 'terminal-submit', withLine, key, modifiers]]),
      {
        route: `type at its caret, then ${name}`,
        channel: 'planner',
        rule: 'terminal-submit',
        prepare: onTerminal,
        input: planner({ intent: 'sequence', steps: [{ intent: 'type_text', text: command }, press] }),
      },
    ];
  });
  // (A carriage return is refused before anything runs: the validator takes no control characters but the line feed.)
  const typed: Route[] = [
    { route: 'type a line at its caret', channel: 'planner', prepare: onTerminal, input: planner({ intent: 'type_text', text: `${command}\n` }) },
    { route: 'type two lines at its caret', channel: 'planner', prepare: onTerminal, input: planner({ intent: 'type_text', text: `${command}\necho done\n` }) },
  ];
  return [...paste, ...submitting, ...typed];
}

function terminalCases(batch: number): EffectCase[] {
  return COMMANDS.flatMap((shell, c) =>
    terminalRoutes('').map((_, k): EffectCase => {
      const file = `ran-${c}-${k}`;
      const { route, ...rest } = terminalRoutes(`${shell} ${file}`)[k] as Route;
      return {
        name: `terminal × ${route} × ${shell} × ${rest.channel}`,
        batch,
        confirm: k % COMMANDS.length === c,
        effect: async (lab) => lab.files(file),
        ...rest,
      };
    }),
  );
}

/** Every generated case, batch by batch (the fixture is started once per batch), the terminal's in the last batch. */
export function effectCases(): EffectCase[] {
  return [...labelCases(), ...terminalCases(BATCH_SPECS.length - 1)];
}
