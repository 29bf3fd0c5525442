// The scan order as data: which entries come first in each situation, how long lists are grouped,
// how marks become rows, and the presses each flow needs with one switch and with two.
import { describe, expect, it } from 'vitest';
import type { OverlayMark } from '../../src/shared/contracts/ipc-contract.js';
import { sessionCommand } from '../../src/shared/session-commands.js';
import { DEFAULT_QUICK_COMMANDS } from '../../src/shared/switch-access.js';
import { isDictationStart, isDictationStop, readDictation, renderDictation } from '../../src/intent/dictation-text.js';
import type { SettingsUpdate } from '../../src/shared/contracts/ipc-contract.js';
import { defaultSettings } from '../../src/config/settings.js';
import { applySettingsChange, settingsScanFields } from '../../src/panel/switch/settings-scan.js';
import {
  DICTATION_CORRECTIONS,
  GROUP_SIZE,
  TOP,
  markIds,
  markRows,
  move,
  pressesTo,
  scanTree,
  select,
  type ScanNode,
} from '../../src/panel/switch/switch-scan.js';

const idle = { busy: false, options: [], recent: [], quick: [] };
const labels = (nodes: readonly ScanNode[]) => nodes.map((n) => n.label);
const mark = (id: number, x: number, y: number): OverlayMark => ({ id, role: 'button', label: `B${id}`, x, y, width: 40, height: 20 });

/** The presses to select the item labelled `label`, going through the tree as a user would. */
function pressesToLabel(tree: readonly ScanNode[], label: string, mode: 'auto' | 'step'): number | undefined {
  const find = (level: readonly ScanNode[], path: number[]): number[] | undefined => {
    for (const [i, n] of level.entries()) {
      if (n.type === 'item' && n.label === label) return [...path, i];
      if (n.type === 'group') {
        const inside = find(n.children, [...path, i]);
        if (inside) return inside;
      }
    }
    return undefined;
  };
  const path = find(tree, []);
  return path && pressesTo(tree, path, mode);
}

describe('scan order', () => {
  it('a waiting confirmation is all there is: Confirm first, Cancel first when destructive; 1 press each with one switch', () => {
    const moderate = scanTree({ ...idle, recent: ['a'], confirmation: { destructive: false } });
    expect(labels(moderate)).toEqual(['Confirm', 'Cancel', 'Stop']);
    const destructive = scanTree({ ...idle, confirmation: { destructive: true } });
    expect(labels(destructive)).toEqual(['Cancel', 'Confirm', 'Stop']);
    for (const l of ['Confirm', 'Cancel', 'Stop']) expect(pressesToLabel(moderate, l, 'auto')).toBe(1);
    // Two switches: the first is 1 press, the second 2 (a move and a select).
    expect(pressesToLabel(moderate, 'Confirm', 'step')).toBe(1);
    expect(pressesToLabel(moderate, 'Cancel', 'step')).toBe(2);
    expect(pressesToLabel(destructive, 'Confirm', 'step')).toBe(2);
  });

  it('while a command runs only Stop is offered', () => {
    expect(labels(scanTree({ ...idle, busy: true, recent: ['a'], quick: ['b'] }))).toEqual(['Stop']);
  });

  it('while a long run goes, Pause (or Go on, paused) comes first, then Stop; each 1 press with one switch (issue #32)', () => {
    const going = scanTree({ ...idle, busy: true, recent: ['a'], longRun: { paused: false } });
    expect(going).toEqual([
      { type: 'item', label: 'Pause', action: { kind: 'run', command: 'pause' } },
      { type: 'item', label: 'Stop', action: { kind: 'stop' } },
    ]);
    const paused = scanTree({ ...idle, busy: true, longRun: { paused: true } });
    expect(paused[0]).toEqual({ type: 'item', label: 'Go on', action: { kind: 'run', command: 'go on' } });
    for (const l of ['Go on', 'Stop']) expect(pressesToLabel(paused, l, 'auto')).toBe(1);
    // The budget's question is a confirmation like any other: Confirm goes on, Cancel stops.
    expect(labels(scanTree({ ...idle, busy: true, longRun: { paused: false }, confirmation: { destructive: false } }))).toEqual(['Confirm', 'Cancel', 'Stop']);
    // Not running, nothing to pause.
    expect(labels(scanTree({ ...idle, longRun: { paused: false } }))).not.toContain('Pause');
  });

  it('idle: a question’s answers first, then the Recent and Quick groups; any recent command is 2 presses with one switch', () => {
    const recent = Array.from({ length: 10 }, (_, i) => `command ${i + 1}`);
    const tree = scanTree({ ...idle, options: ['Left', 'Right'], recent, quick: ['scroll down'] });
    expect(labels(tree)).toEqual(['Left', 'Right', 'Recent commands', 'Quick commands']);
    expect(pressesToLabel(tree, 'Left', 'auto')).toBe(1);
    // Ten recent commands become groups of six, so none is a long list: 3 presses for any of them.
    for (const c of recent) expect(pressesToLabel(tree, c, 'auto')).toBe(3);
    const few = scanTree({ ...idle, recent: recent.slice(0, GROUP_SIZE), quick: ['scroll down'] });
    for (const c of recent.slice(0, GROUP_SIZE)) expect(pressesToLabel(few, c, 'auto')).toBe(2);
    // Two switches: the newest recent command is 2 presses, the next 3.
    expect(pressesToLabel(few, 'command 1', 'step')).toBe(2);
    expect(pressesToLabel(few, 'command 2', 'step')).toBe(3);
    expect(pressesToLabel(few, 'scroll down', 'step')).toBe(3);
  });

  it('with the numbers shown: rows of marks (a row of one is the mark itself), then Hide numbers', () => {
    const tree = scanTree({ ...idle, overlay: { app: 'A', marks: [mark(3, 200, 10), mark(1, 10, 12), mark(2, 100, 8), mark(4, 10, 100)] } });
    expect(labels(tree)).toEqual(['Row 1: 1, 2, 3', '4 B4', 'Hide numbers']);
    expect(pressesToLabel(tree, '2 B2', 'auto')).toBe(2);
    expect(pressesToLabel(tree, '4 B4', 'auto')).toBe(1);
    // What the overlay highlights: the row's numbers, one number, nothing for Hide numbers or when resting.
    expect(markIds(tree[0], true)).toEqual([1, 2, 3]);
    expect(markIds(tree[1], true)).toEqual([4]);
    expect(markIds(tree[2], true)).toEqual([]);
    expect(markIds(tree[0], false)).toEqual([]);
  });

  it('with the mouse grid shown: Click here, the rows of cells (a cell zooms; held long, it clicks), Right click here, Double click here, Hide grid', () => {
    const cell = (id: number): OverlayMark => ({
      id,
      role: 'grid cell',
      label: `cell ${id}`,
      x: ((id - 1) % 3) * 100,
      y: Math.floor((id - 1) / 3) * 50,
      width: 100,
      height: 50,
    });
    const tree = scanTree({ ...idle, overlay: { app: 'the screen', grid: true, marks: [1, 2, 3, 4, 5, 6, 7, 8, 9].map(cell) } });
    expect(labels(tree)).toEqual([
      'Click here',
      'Row 1: cells 1, 2, 3',
      'Row 2: cells 4, 5, 6',
      'Row 3: cells 7, 8, 9',
      'Right click here',
      'Double click here',
      'Hide grid',
    ]);
    expect(tree[0]).toMatchObject({ action: { kind: 'run', command: 'click' } });
    // A row, then a cell: 2 presses to zoom into any cell; the cell is sent as "click N", which the grid reads as a zoom.
    expect(pressesToLabel(tree, 'Cell 5', 'auto')).toBe(2);
    const row2 = tree[2];
    expect(row2?.type === 'group' ? row2.children[1] : undefined).toMatchObject({
      label: 'Cell 5',
      action: { kind: 'mark', id: 5 },
      long: { label: 'Click cell 5', action: { kind: 'run', command: '5 click' } },
    });
    expect(markIds(tree[2], true)).toEqual([4, 5, 6]);
    expect(tree.at(-1)).toMatchObject({ action: { kind: 'run', command: 'hide grid' } });
  });

  it('rows: reading order, a mark joins a row when its centre is within the row’s first mark', () => {
    const rows = markRows([mark(1, 50, 0), mark(2, 0, 5), mark(3, 0, 30)]);
    expect(rows.map((r) => r.map((m) => m.id))).toEqual([[2, 1], [3]]);
  });
});

describe('voice in the scan (once voice input is on)', () => {
  it('with continuous listening on and the microphone open (asleep too), the same place offers Stop listening; closed, Start listening', () => {
    for (const continuous of ['starting', 'listening', 'sleeping'] as const) {
      const tree = scanTree({ ...idle, voice: 'idle', continuous, recent: ['a'] });
      expect(labels(tree)).toEqual(['Stop listening', 'Recent commands', 'Settings', 'Your commands']);
      expect(tree[0]).toMatchObject({ action: { kind: 'voice', step: 'stop_listening' } });
    }
    expect(labels(scanTree({ ...idle, voice: 'idle', continuous: 'off', recent: ['a'] }))).toEqual([
      'Start listening',
      'Recent commands',
      'Settings',
      'Your commands',
    ]);
  });

  it('Start listening after a question’s answers and before the groups; while listening, Stop listening first; a transcript: Run first', () => {
    expect(labels(scanTree({ ...idle, voice: 'idle', options: ['Yes'], recent: ['a'] }))).toEqual(['Yes', 'Start listening', 'Recent commands']);
    const listening = scanTree({ ...idle, voice: 'listening', recent: ['a'] });
    expect(labels(listening)).toEqual(['Stop listening', 'Cancel listening']);
    expect(pressesToLabel(listening, 'Stop listening', 'auto')).toBe(1);
    expect(labels(scanTree({ ...idle, voice: 'review' }))).toEqual(['Run what was heard', 'Cancel']);
    expect(labels(scanTree({ ...idle, voice: 'transcribing' }))).toEqual(['Cancel listening']);
    // A confirmation still comes first; with voice off there is no voice entry.
    expect(labels(scanTree({ ...idle, voice: 'listening', confirmation: { destructive: false } }))).toEqual(['Confirm', 'Cancel', 'Stop']);
    expect(labels(scanTree({ ...idle, recent: ['a'] }))).toEqual(['Recent commands', 'Settings', 'Your commands']);
  });
});

describe('"what can I say" in the scan (issue #15)', () => {
  const guide = {
    scope: 'commands' as const,
    groups: [
      { title: 'Click a button, link or tab', examples: ['click Increment', 'click 12'], alsoSaid: [] },
      { title: 'Scroll', examples: ['scroll down'], alsoSaid: [] },
    ],
  };
  it('it is the first default quick command: two presses with one switch, and the session answers it', () => {
    const tree = scanTree({ ...idle, quick: DEFAULT_QUICK_COMMANDS });
    expect(labels(tree)).toEqual(['Quick commands', 'Settings', 'Your commands']);
    expect(pressesToLabel(tree, 'what can I say', 'auto')).toBe(2);
    expect(select(tree, { path: [0], index: 0 }).action).toEqual({ kind: 'run', command: 'what can I say' });
    for (const said of ['What can I say?', 'help', 'Show commands.']) expect(sessionCommand(said), said).toBe('help');
  });
  it('the guide shown is a group after a question’s answers: a group per kind of command, each example runs as said', () => {
    const tree = scanTree({ ...idle, options: ['Left'], recent: ['a'], guide });
    expect(labels(tree)).toEqual(['Left', 'What you can say', 'Recent commands']);
    const inside = levelsOf(tree, 'What you can say');
    expect(labels(inside)).toEqual(['Click a button, link or tab', 'Scroll']);
    expect(pressesToLabel(tree, 'click Increment', 'auto')).toBe(3);
    const path = { path: [1, 0], index: 1 };
    expect(select(tree, path)).toEqual({ cursor: TOP, action: { kind: 'run', command: 'click 12' } });
  });
  it('a confirmation or a running command still leaves nothing else to scan', () => {
    expect(labels(scanTree({ ...idle, guide, confirmation: { destructive: true } }))).toEqual(['Cancel', 'Confirm', 'Stop']);
    expect(labels(scanTree({ ...idle, guide, busy: true }))).toEqual(['Stop']);
  });
});

describe('dictation in the scan (issue #18)', () => {
  it('in commands mode Dictate comes after the commands, one press with one switch, and starts dictation; the other entries keep their place', () => {
    const tree = scanTree({ ...idle, dictation: 'commands', voice: 'idle', options: ['Yes'], recent: ['a'], quick: ['b'] });
    expect(labels(tree)).toEqual(['Yes', 'Start listening', 'Recent commands', 'Quick commands', 'Dictate']);
    expect(pressesToLabel(tree, 'Dictate', 'auto')).toBe(1);
    expect(pressesToLabel(tree, 'Dictate', 'step')).toBe(5);
    expect(pressesToLabel(tree, 'a', 'auto')).toBe(2);
    const action = select(tree, { path: [], index: 4 }).action;
    expect(action).toEqual({ kind: 'run', command: 'start dictation' });
    expect(isDictationStart(action?.kind === 'run' ? action.command : '')).toBe(true);
    // Where the panel does not say its mode, there is no dictation entry.
    expect(labels(scanTree({ ...idle, recent: ['a'] }))).toEqual(['Recent commands', 'Settings', 'Your commands']);
    // Without a question waiting, "Your commands" comes after it, last.
    expect(labels(scanTree({ ...idle, dictation: 'commands', recent: ['a'] }))).toEqual(['Recent commands', 'Dictate', 'Settings', 'Your commands']);
  });

  it('while dictating: Stop dictation first (one press), then a question’s answers, voice and the corrections; no Recent or Quick commands', () => {
    const tree = scanTree({ ...idle, dictation: 'dictation', voice: 'idle', options: ['Yes'], recent: ['a'], quick: ['b'] });
    expect(labels(tree)).toEqual(['Stop dictation', 'Yes', 'Start listening', 'Corrections']);
    expect(pressesToLabel(tree, 'Stop dictation', 'auto')).toBe(1);
    expect(pressesToLabel(tree, 'Stop dictation', 'step')).toBe(1);
    const action = select(tree, TOP).action;
    expect(action).toEqual({ kind: 'run', command: 'stop dictation' });
    expect(isDictationStop(action?.kind === 'run' ? action.command : '')).toBe(true);
    expect(labels(levelsOf(tree, 'Corrections'))).toEqual(['scratch that', 'undo that', 'new line']);
    expect(pressesToLabel(tree, 'scratch that', 'auto')).toBe(2);
    expect(labels(scanTree({ ...idle, dictation: 'dictation' }))).toEqual(['Stop dictation', 'Corrections']);
  });

  it('each correction is read by dictation as the command or the line break it names, not as words to write', () => {
    const read = DICTATION_CORRECTIONS.map((c) => readDictation(c));
    expect(read[0]).toMatchObject({ kind: 'command', command: { kind: 'scratch' } });
    expect(read[1]).toMatchObject({ kind: 'command', command: { kind: 'undo' } });
    const line = read[2];
    expect(line?.kind === 'text' ? renderDictation(line.pieces, 'Hello') : undefined).toBe('\n');
  });

  it('a confirmation or a running command still leaves nothing else to scan while dictating', () => {
    expect(labels(scanTree({ ...idle, dictation: 'dictation', confirmation: { destructive: false } }))).toEqual(['Confirm', 'Cancel', 'Stop']);
    expect(labels(scanTree({ ...idle, dictation: 'dictation', busy: true }))).toEqual(['Stop']);
    expect(labels(scanTree({ ...idle, dictation: 'commands', busy: true }))).toEqual(['Stop']);
  });
});

/** The children of the top-level group labelled `label`. */
function levelsOf(tree: readonly ScanNode[], label: string): readonly ScanNode[] {
  const node = tree.find((n) => n.label === label);
  return node?.type === 'group' ? node.children : [];
}

describe('moving and selecting', () => {
  const tree = scanTree({ ...idle, recent: ['a', 'b'], quick: ['c'] });
  it('a move goes to the next entry and wraps; selecting a group enters it, an item gives its action and goes back to the top', () => {
    expect(move(tree, TOP)).toEqual({ cursor: { path: [], index: 1 }, wrapped: false });
    expect(move(tree, { path: [], index: 3 })).toEqual({ cursor: { path: [], index: 0 }, wrapped: true });
    const inside = select(tree, TOP);
    expect(inside).toEqual({ cursor: { path: [0], index: 0 } });
    expect(select(tree, { path: [0], index: 1 })).toEqual({ cursor: TOP, action: { kind: 'run', command: 'b' } });
  });
});

describe('"Your commands" in the scan (issue #18)', () => {
  const phrases = ['check mail', 'which app'];
  it('is the last entry when idle, one press with one switch after the groups; it opens the view through the session command', () => {
    const tree = scanTree({ ...idle, recent: ['a'], quick: ['b'] });
    expect(labels(tree)).toEqual(['Recent commands', 'Quick commands', 'Settings', 'Your commands']);
    expect(select(tree, { path: [], index: 3 }).action).toEqual({ kind: 'run', command: 'my commands' });
    for (const said of ['my commands', 'Show my commands.', 'edit my commands', 'your commands']) expect(sessionCommand(said), said).toBe('user_commands');
    // Not while a question waits: its answers are what to scan.
    expect(labels(scanTree({ ...idle, options: ['Yes'] }))).toEqual(['Yes']);
  });

  it('in the view: a Delete entry per command, then Back; a delete question is Keep first, then Delete', () => {
    const view = scanTree({ ...idle, recent: ['a'], userCommands: { phrases } });
    expect(labels(view)).toEqual(['Delete “check mail”', 'Delete “which app”', 'Back to the command box']);
    expect(select(view, { path: [], index: 1 }).action).toEqual({ kind: 'user_commands', step: 'ask', index: 1 });
    expect(select(view, { path: [], index: 2 }).action).toMatchObject({ kind: 'user_commands', step: 'close' });
    const asking = scanTree({ ...idle, userCommands: { phrases, asking: 1 } });
    expect(labels(asking)).toEqual(['Keep', 'Delete “which app”']);
    expect(select(asking, TOP).action).toEqual({ kind: 'user_commands', step: 'keep', index: 1 });
    expect(select(asking, { path: [], index: 1 }).action).toEqual({ kind: 'user_commands', step: 'delete', index: 1 });
    // Many commands become groups of six, Back stays one press at the end.
    const many = scanTree({ ...idle, userCommands: { phrases: Array.from({ length: 8 }, (_, i) => `c${i}`) } });
    expect(labels(many)).toEqual(['Your commands 1–6', 'Your commands 7–8', 'Back to the command box']);
  });
});

describe('Settings in the scan', () => {
  // The defaults as the panel's form holds them (the fields the scan reads are the same in both).
  const saved = { ...defaultSettings(), provider: 'grammar' } as unknown as SettingsUpdate;
  const view = (draft: SettingsUpdate, changed = false) => scanTree({ ...idle, recent: ['a'], settings: { fields: settingsScanFields(draft), changed } });
  const find = (tree: readonly ScanNode[], label: string): ScanNode | undefined => tree.find((n) => n.label === label);

  it('idle: "Settings" just before "Your commands", one press with one switch; it opens the view', () => {
    const tree = scanTree({ ...idle, dictation: 'commands', recent: ['a'] });
    expect(labels(tree)).toEqual(['Recent commands', 'Dictate', 'Settings', 'Your commands']);
    expect(pressesToLabel(tree, 'Settings', 'auto')).toBe(1);
    expect(pressesToLabel(tree, 'Settings', 'step')).toBe(3);
    expect(select(tree, { path: [], index: 2 }).action).toEqual({ kind: 'settings', step: 'open' });
  });

  it('in the view: a group per section (Scanning first), then Back; Save first once something changed', () => {
    const s = saved.switchAccess;
    const tree = view(saved);
    expect(labels(tree)).toEqual(['Scanning', 'Speech and voice', 'Safety and app', 'Back to commands']);
    const inside = (label: string) => {
      const g = find(tree, label);
      return g?.type === 'group' ? labels(g.children) : [];
    };
    expect(inside('Scanning')).toEqual([
      `Scan interval: ${s.scanIntervalMs / 1000} s`,
      `Extra pause on the first entry: ${s.firstItemPauseMs / 1000} s`,
      `Times round before scanning rests: ${s.scanLoops}`,
    ]);
    expect(inside('Speech and voice')).toEqual([
      `Speech rate: ${saved.spokenFeedback.rate} words a minute`,
      `Spoken feedback: ${saved.spokenFeedback.enabled ? 'on' : 'off'}`,
      `Quiet while a screen reader runs: ${saved.spokenFeedback.quietWithScreenReader ? 'on' : 'off'}`,
      `Voice commands: ${saved.voice?.enabled ? 'on' : 'off'}`,
      'Language: English',
    ]);
    expect(inside('Safety and app')).toEqual([
      `Ask before moderate actions: ${saved.confirmModerate ? 'on' : 'off'}`,
      `Start when I log in: ${saved.launchAtLogin ? 'on' : 'off'}`,
      'How commands are understood: Offline commands only',
      'Pictures of the screen: On this computer only',
    ]);
    // Switch access itself, one or two switches and the switch inputs are not offered: a switch user could lock themselves out.
    expect([...inside('Scanning'), ...inside('Speech and voice'), ...inside('Safety and app')].some((l) => /switch/i.test(l))).toBe(false);
    expect(labels(view(saved, true))[0]).toBe('Save settings');
    expect(select(view(saved, true), TOP).action).toEqual({ kind: 'settings', step: 'save' });
    expect(select(tree, { path: [], index: 3 }).action).toEqual({ kind: 'settings', step: 'close' });
    expect(pressesToLabel(tree, 'Back to commands', 'auto')).toBe(1);
  });

  it('an on/off entry toggles its setting in the draft, one press; its label says the new value', () => {
    const tree = view(saved);
    const section = find(tree, 'Speech and voice');
    const index = section?.type === 'group' ? labels(section.children).findIndex((l) => l.startsWith('Spoken feedback')) : -1;
    expect(pressesToLabel(tree, labels(section?.type === 'group' ? section.children : [])[index] ?? '', 'auto')).toBe(2);
    const action = select(tree, { path: [1], index }).action;
    expect(action).toEqual({ kind: 'settings', step: 'change', change: { key: 'spokenFeedback.enabled', toggle: true } });
    const changed = applySettingsChange(saved, action?.kind === 'settings' && action.step === 'change' ? action.change : { key: 'none', toggle: true });
    expect(changed.spokenFeedback.enabled).toBe(!saved.spokenFeedback.enabled);
    expect(changed.confirmModerate).toBe(saved.confirmModerate);
    const after = find(view(changed), 'Speech and voice');
    expect(after?.type === 'group' && labels(after.children)[index]).toBe(`Spoken feedback: ${changed.spokenFeedback.enabled ? 'on' : 'off'}`);
  });

  it('the scan interval: a group of Slower, then Faster, one 0.5 s step within the range; at the range’s end only the other way', () => {
    const at = (ms: number) => ({ ...saved, switchAccess: { ...saved.switchAccess, scanIntervalMs: ms } });
    const scanning = (ms: number) => {
      const g = find(view(at(ms)), 'Scanning');
      return g?.type === 'group' ? g.children : [];
    };
    const group = find(scanning(1500), 'Scan interval: 1.5 s');
    expect(group?.type === 'group' && labels(group.children)).toEqual(['Slower (2 s)', 'Faster (1 s)']);
    expect(pressesToLabel(view(at(1500)), 'Slower (2 s)', 'auto')).toBe(3);
    expect(applySettingsChange(at(1500), { key: 'switchAccess.scanIntervalMs', delta: 1 }).switchAccess.scanIntervalMs).toBe(2000);
    expect(applySettingsChange(at(1500), { key: 'switchAccess.scanIntervalMs', delta: -1 }).switchAccess.scanIntervalMs).toBe(1000);
    const fastest = find(scanning(500), 'Scan interval: 0.5 s');
    expect(fastest?.type === 'group' && labels(fastest.children)).toEqual(['Slower (1 s)']);
    const slowest = find(scanning(5000), 'Scan interval: 5 s');
    expect(slowest?.type === 'group' && labels(slowest.children)).toEqual(['Faster (4.5 s)']);
    expect(applySettingsChange(at(5000), { key: 'switchAccess.scanIntervalMs', delta: 1 }).switchAccess.scanIntervalMs).toBe(5000);
  });

  it('the planner choice: a group of the other options; choosing one sets it in the draft', () => {
    const section = find(view(saved), 'Safety and app');
    const group = find(section?.type === 'group' ? section.children : [], 'How commands are understood: Offline commands only');
    expect(group?.type === 'group' && labels(group.children)).toEqual(['Ollama', 'Anthropic (Claude)', 'OpenAI or a compatible server']);
    expect(applySettingsChange(saved, { key: 'provider', choose: 'ollama' }).provider).toBe('ollama');
    expect(applySettingsChange(saved, { key: 'provider', choose: 'nonsense' })).toBe(saved);
  });
});

describe('take it back (issue #31)', () => {
  it('right after an action, “Take it back” is the first entry: 1 press with one switch', () => {
    const tree = scanTree({ ...idle, recent: ['click Send'], takeBack: true });
    expect(tree[0]).toEqual({ type: 'item', label: 'Take it back', action: { kind: 'run', command: 'take it back' } });
    expect(pressesToLabel(tree, 'Take it back', 'auto')).toBe(1);
    // Not offered otherwise, nor while a command runs, nor in dictation (which has its own “undo that”).
    expect(labels(scanTree({ ...idle, recent: ['click Send'] }))).not.toContain('Take it back');
    expect(labels(scanTree({ ...idle, busy: true, takeBack: true }))).toEqual(['Stop']);
    expect(labels(scanTree({ ...idle, dictation: 'dictation', takeBack: true }))).not.toContain('Take it back');
  });
});
