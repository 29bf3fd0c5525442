/**
 * Switch scanning as pure data: what can be scanned now, in which order, and how a press moves
 * through it. The panel's hook (use-switch.ts) adds the clock and the keys.
 *
 * The order is chosen so that the flows that matter most take the fewest presses (docs/decisions/0072-scan-order-question-moment-first-groups-lists.md,
 * issue #9): a waiting confirmation is all there is to scan (Cancel first when destructive, as the
 * focus does); a question's answers come first; while a command runs only Stop is offered (a long
 * run also offers Pause or Go on); when idle,
 * groups first (Recent commands, Quick commands), so any recent command is two presses with one
 * switch. "What can I say" is the first default quick command; its guide, once shown, is a group of
 * its own after a question's answers (issue #15). With the numbers shown, the marks are scanned likeliest first once the
 * app's past choices say something (ranked-marks.ts, issue #31), else row by row, then within the row.
 * Dictation (issue #18) is the last entry ("Dictate"); while it is on, "Stop dictation" is the first, and the Recent and Quick
 * commands give way to a few corrections (what they would send is written into the field then).
 */
import type { CommandGuide } from '../../shared/command-guide.js';
import type { SessionMode } from '../../shared/contracts/events.js';
import type { OverlayMark, OverlayView } from '../../shared/contracts/ipc-contract.js';
import type { ScanMode } from '../../shared/switch-access.js';
import type { SettingsChange, SettingsScanField } from './settings-scan.js';
import { TAKE_BACK_COMMAND } from '../take-back-offer.js';

export type ScanAction =
  | { readonly kind: 'confirm' }
  | { readonly kind: 'cancel' }
  | { readonly kind: 'stop' }
  | { readonly kind: 'run'; readonly command: string }
  | { readonly kind: 'mark'; readonly id: number }
  | { readonly kind: 'voice'; readonly step: VoiceStep }
  /** In "Your commands": ask to delete command `index`, delete it (the question's Delete), keep it, or close the view. */
  | { readonly kind: 'user_commands'; readonly step: 'ask' | 'delete' | 'keep' | 'close'; readonly index: number }
  /** Settings: open the view, save the form, close the view (Back), or change one field of the form. */
  | { readonly kind: 'settings'; readonly step: 'open' | 'save' | 'close' }
  | { readonly kind: 'settings'; readonly step: 'change'; readonly change: SettingsChange }
  /** The .65 rule's offer (issue #31): use the interval offered, or not now. */
  | { readonly kind: 'scan_rate'; readonly step: 'use' | 'not_now' };

/** What a voice entry does: listen (one command, or continuously), finish or cancel that, run a transcript, stop listening continuously. */
export type VoiceStep = 'listen' | 'finish' | 'run' | 'cancel' | 'stop_listening';

export interface ScanItem {
  readonly type: 'item';
  readonly label: string;
  readonly action: ScanAction;
  /** What a long press of the select switch chooses instead (a cell of the mouse grid: click there), if anything. */
  readonly long?: { readonly label: string; readonly action: ScanAction };
}

export interface ScanGroup {
  readonly type: 'group';
  readonly label: string;
  readonly children: readonly ScanNode[];
}

export type ScanNode = ScanItem | ScanGroup;

/** What the panel knows when it builds the scan list. */
export interface ScanContext {
  readonly busy: boolean;
  /** The confirmation waiting for an answer, if any. */
  readonly confirmation?: { readonly destructive: boolean };
  /** The open question's answers (only once the run has ended, as their buttons). */
  readonly options: readonly string[];
  readonly recent: readonly string[];
  readonly quick: readonly string[];
  readonly overlay?: OverlayView;
  /** The "what can I say" guide the user asked for, while it is the latest thing shown: its examples can be run. */
  readonly guide?: CommandGuide;
  /** Voice input, when it is on: where it is (idle, listening, working out the words, or its transcript waiting for review). */
  readonly voice?: 'idle' | 'starting' | 'listening' | 'transcribing' | 'review';
  /** Continuous listening, when its setting is on: whether the microphone is open for it. */
  readonly continuous?: 'off' | 'starting' | 'listening' | 'sleeping';
  /** The session's mode, where the panel offers dictation (commands: "Dictate" is offered; dictation: "Stop dictation"). */
  readonly dictation?: SessionMode;
  /**
   * "Your commands" is shown (issue #18): each command's phrase as listed, and the one whose delete
   * question is open. The scan is then that view's: editing a phrase needs typing, so it is not offered.
   */
  readonly userCommands?: { readonly phrases: readonly string[]; readonly asking?: number };
  /**
   * The settings view is shown: the fields a switch can change (settings-scan.ts), with the form's
   * values, and whether the form differs from what is saved (Save is offered first then).
   */
  readonly settings?: { readonly fields: readonly SettingsScanField[]; readonly changed: boolean };
  /** A long run goes (issue #32): whether it is paused (then "Go on" is offered, else "Pause"). */
  readonly longRun?: { readonly paused: boolean };
  /** The numbered marks likeliest first (ranked-marks.ts, from the core's ranking), once something is known: scanned instead of rows (issue #31). */
  readonly rankedMarks?: readonly ScanNode[];
  /** The scan interval the .65 rule offers, shown as "Use 1.2 s" (issue #31). */
  readonly rateOffer?: string;
  /** The assistant just acted: "Take it back" is the first entry, one press (issue #31). */
  readonly takeBack?: boolean;
}

/** The phrase that opens "Your commands" (a session command, src/shared/session-commands.ts). */
export const USER_COMMANDS_PHRASE = 'my commands';

function userCommandsTree(view: NonNullable<ScanContext['userCommands']>): readonly ScanNode[] {
  const item = (label: string, step: 'ask' | 'delete' | 'keep' | 'close', index = -1): ScanItem => ({
    type: 'item',
    label,
    action: { kind: 'user_commands', step, index },
  });
  const asked = view.asking !== undefined ? view.phrases[view.asking] : undefined;
  // Keep first, as a destructive confirmation puts Cancel first.
  if (view.asking !== undefined && asked !== undefined) return [item('Keep', 'keep', view.asking), item(`Delete “${asked}”`, 'delete', view.asking)];
  const each = view.phrases.map((p, i) => item(`Delete “${p}”`, 'ask', i));
  return [...chunk('Your commands', each), item('Back to the command box', 'close')];
}

function settingsTree(view: NonNullable<ScanContext['settings']>): readonly ScanNode[] {
  const item = (label: string, action: ScanAction): ScanItem => ({ type: 'item', label, action });
  const change = (label: string, c: SettingsChange): ScanItem => item(label, { kind: 'settings', step: 'change', change: c });
  const field = (f: SettingsScanField): ScanNode => {
    if (f.kind === 'toggle') return change(`${f.label}: ${f.on ? 'on' : 'off'}`, { key: f.key, toggle: true });
    if (f.kind === 'number')
      return {
        type: 'group',
        label: `${f.label}: ${f.shown}`,
        children: f.steps.map((s) => change(`${s.label} (${s.shown})`, { key: f.key, delta: s.delta })),
      };
    const chosen = f.options.find((o) => o.value === f.value)?.label ?? f.value;
    return {
      type: 'group',
      label: `${f.label}: ${chosen}`,
      children: chunk(
        f.label,
        f.options.filter((o) => o.value !== f.value).map((o) => change(o.label, { key: f.key, choose: o.value })),
      ),
    };
  };
  // A group per section, in the order the fields come (the scan interval's section first).
  const sections = [...new Set(view.fields.map((f) => f.section))].map((section): ScanNode => ({
    type: 'group',
    label: section,
    children: chunk(section, view.fields.filter((f) => f.section === section).map(field)),
  }));
  const save = item('Save settings', { kind: 'settings', step: 'save' });
  // Save first once something changed: one press after a change. Text fields are typed, so not scanned.
  return [...(view.changed ? [save] : []), ...sections, item('Back to commands', { kind: 'settings', step: 'close' })];
}

/** While dictating: corrections a switch can choose when the recogniser got a phrase wrong (src/intent/dictation-text.ts reads them). */
export const DICTATION_CORRECTIONS: readonly string[] = ['scratch that', 'undo that', 'new line'];

/** A group holds at most this many entries; longer lists become groups of groups. */
export const GROUP_SIZE = 6;

function run(command: string, label = command): ScanItem {
  return { type: 'item', label, action: { kind: 'run', command } };
}

/** Splits a long list into groups of GROUP_SIZE ("Recent commands 1–6"), so no list is long to scan. */
export function chunk(label: string, nodes: readonly ScanNode[]): ScanNode[] {
  if (nodes.length <= GROUP_SIZE) return [...nodes];
  const out: ScanNode[] = [];
  for (let i = 0; i < nodes.length; i += GROUP_SIZE) {
    const part = nodes.slice(i, i + GROUP_SIZE);
    out.push({ type: 'group', label: `${label} ${i + 1}–${i + part.length}`, children: part });
  }
  return out;
}

/** Marks in reading order, split into rows: a mark whose vertical centre lies within the row's first mark starts no new row. */
export function markRows(marks: readonly OverlayMark[]): OverlayMark[][] {
  const sorted = [...marks].sort((a, b) => a.y + a.height / 2 - (b.y + b.height / 2) || a.x - b.x);
  const rows: OverlayMark[][] = [];
  for (const m of sorted) {
    const row = rows.at(-1);
    const first = row?.[0];
    const centre = m.y + m.height / 2;
    if (row && first && centre >= first.y && centre <= first.y + first.height) row.push(m);
    else rows.push([m]);
  }
  for (const row of rows) row.sort((a, b) => a.x - b.x);
  return rows;
}

/** One number of the overlay as a scan entry: its number and name; choosing it clicks the element. */
export function markItem(m: OverlayMark): ScanItem {
  return { type: 'item', label: `${m.id} ${m.label || m.role}`.trim(), action: { kind: 'mark', id: m.id } };
}

/**
 * The mouse grid (issue #29): "Click here" first (after a zoom, clicking is the likeliest next step),
 * then the rows of cells, then the cells of a row (choosing one zooms into it; a long press clicks at
 * its centre at once), Right click, Double click and Hide grid.
 */
function gridTree(view: OverlayView): ScanNode[] {
  const rows = markRows(view.marks).map((row, i): ScanNode => ({
    type: 'group',
    label: `Row ${i + 1}: cells ${row.map((m) => m.id).join(', ')}`,
    children: chunk(
      `Row ${i + 1}`,
      row.map((m): ScanItem => ({
        type: 'item',
        label: `Cell ${m.id}`,
        action: { kind: 'mark', id: m.id },
        long: { label: `Click cell ${m.id}`, action: { kind: 'run', command: `${m.id} click` } },
      })),
    ),
  }));
  return [
    run('click', 'Click here'),
    ...chunk('Rows', rows),
    run('right click', 'Right click here'),
    run('double click', 'Double click here'),
    run('hide grid', 'Hide grid'),
  ];
}

/** The top level of the scan, for the panel as it is now. */
export function scanTree(ctx: ScanContext): readonly ScanNode[] {
  if (ctx.userCommands) return userCommandsTree(ctx.userCommands);
  if (ctx.settings) return settingsTree(ctx.settings);
  const stop: ScanItem = { type: 'item', label: 'Stop', action: { kind: 'stop' } };
  if (ctx.confirmation) {
    const confirm: ScanItem = { type: 'item', label: 'Confirm', action: { kind: 'confirm' } };
    const cancel: ScanItem = { type: 'item', label: 'Cancel', action: { kind: 'cancel' } };
    return ctx.confirmation.destructive ? [cancel, confirm, stop] : [confirm, cancel, stop];
  }
  const voice = (label: string, step: VoiceStep): ScanItem => ({ type: 'item', label, action: { kind: 'voice', step } });
  // Voice at work comes before anything else, as its own buttons take the focus.
  if (ctx.voice === 'listening') return [voice('Stop listening', 'finish'), voice('Cancel listening', 'cancel')];
  if (ctx.voice === 'review') return [voice('Run what was heard', 'run'), voice('Cancel', 'cancel')];
  if (ctx.voice === 'starting' || ctx.voice === 'transcribing') return [voice('Cancel listening', 'cancel')];
  // A long run: pausing (or going on) first, as the next step may come any moment; holding the switch still stops.
  if (ctx.busy && ctx.longRun) return [ctx.longRun.paused ? run('go on', 'Go on') : run('pause', 'Pause'), stop];
  if (ctx.busy) return [stop];
  if (ctx.overlay?.grid) return gridTree(ctx.overlay);
  // Ranked (predictive): last, a way back to the order by position ("forget my choices" asks first).
  if (ctx.overlay && ctx.rankedMarks) return [...ctx.rankedMarks, run('hide numbers', 'Hide numbers'), run('forget my choices', 'Forget my choices')];
  if (ctx.overlay) {
    const rows = markRows(ctx.overlay.marks).map((row, i): ScanNode => {
      const items = row.map(markItem);
      // A row of one is the mark itself: one press fewer.
      if (items.length === 1 && items[0]) return items[0];
      return { type: 'group', label: `Row ${i + 1}: ${row.map((m) => m.id).join(', ')}`, children: chunk(`Row ${i + 1}`, items) };
    });
    return [...chunk('Rows', rows), run('hide numbers', 'Hide numbers')];
  }
  const dictating = ctx.dictation === 'dictation';
  // The way out of dictation is the first entry, as Stop listening is while listening.
  const top: ScanNode[] = dictating ? [run('stop dictation', 'Stop dictation')] : [];
  // Right after an action, taking it back is one press.
  if (ctx.takeBack && !dictating) top.push(run(TAKE_BACK_COMMAND, 'Take it back'));
  // The scan speed offered (issue #31): one entry after Take it back, the choice inside (one more press, so no list grows by two).
  if (ctx.rateOffer !== undefined && !dictating && ctx.options.length === 0)
    top.push({
      type: 'group',
      label: `Scan every ${ctx.rateOffer}?`,
      children: [
        { type: 'item', label: `Use ${ctx.rateOffer}`, action: { kind: 'scan_rate', step: 'use' } },
        { type: 'item', label: 'Keep the scan speed', action: { kind: 'scan_rate', step: 'not_now' } },
      ],
    });
  top.push(...ctx.options.map((o) => run(o)));
  // The guide just asked for comes first after a question's answers: a group per kind of command.
  if (ctx.guide) {
    const groups = ctx.guide.groups.map((g): ScanNode => ({
      type: 'group',
      label: g.title,
      children: chunk(
        g.title,
        g.examples.map((e) => run(e)),
      ),
    }));
    top.push({ type: 'group', label: 'What you can say', children: chunk('What you can say', groups) });
  }
  // Listening all the time: the same place stops it (asleep too: a switch user may want the microphone closed).
  const continuing = ctx.continuous !== undefined && ctx.continuous !== 'off';
  if (ctx.voice === 'idle') top.push(continuing ? voice('Stop listening', 'stop_listening') : voice('Start listening', 'listen'));
  if (dictating) {
    top.push({ type: 'group', label: 'Corrections', children: DICTATION_CORRECTIONS.map((c) => run(c)) });
    return chunk('Answers', top);
  }
  if (ctx.recent.length > 0)
    top.push({
      type: 'group',
      label: 'Recent commands',
      children: chunk(
        'Recent commands',
        ctx.recent.map((c) => run(c)),
      ),
    });
  if (ctx.quick.length > 0)
    top.push({
      type: 'group',
      label: 'Quick commands',
      children: chunk(
        'Quick commands',
        ctx.quick.map((c) => run(c)),
      ),
    });
  // Near the end: entered once for a whole text, so the commands used most keep their place and their timing.
  if (ctx.dictation === 'commands') top.push(run('start dictation', 'Dictate'));
  // Last: the ways to the settings and to the list of the user's own commands (the panel opens them; nothing runs). Not while a question waits.
  if (ctx.options.length === 0)
    top.push({ type: 'item', label: 'Settings', action: { kind: 'settings', step: 'open' } }, run(USER_COMMANDS_PHRASE, 'Your commands'));
  return chunk('Answers', top);
}

/** Where the highlight is: the groups entered (indices from the top) and the index in the innermost list. */
export interface ScanCursor {
  readonly path: readonly number[];
  readonly index: number;
}

export const TOP: ScanCursor = { path: [], index: 0 };

/** The list the cursor moves in. */
export function levelOf(tree: readonly ScanNode[], cursor: ScanCursor): readonly ScanNode[] {
  let level = tree;
  for (const i of cursor.path) {
    const node = level[i];
    if (!node || node.type !== 'group') return tree;
    level = node.children;
  }
  return level;
}

export function currentNode(tree: readonly ScanNode[], cursor: ScanCursor): ScanNode | undefined {
  return levelOf(tree, cursor)[cursor.index];
}

/** The next item in the same list; `wrapped` when it went round to the first again. */
export function move(tree: readonly ScanNode[], cursor: ScanCursor): { readonly cursor: ScanCursor; readonly wrapped: boolean } {
  const size = levelOf(tree, cursor).length;
  if (size === 0) return { cursor: TOP, wrapped: true };
  const next = cursor.index + 1;
  return next >= size ? { cursor: { path: cursor.path, index: 0 }, wrapped: true } : { cursor: { path: cursor.path, index: next }, wrapped: false };
}

/** Selecting: a group is entered (highlight on its first entry); an item gives its action, and scanning goes back to the top. */
export function select(tree: readonly ScanNode[], cursor: ScanCursor): { readonly cursor: ScanCursor; readonly action?: ScanAction } {
  const node = currentNode(tree, cursor);
  if (!node) return { cursor: TOP };
  if (node.type === 'group') return { cursor: { path: [...cursor.path, cursor.index], index: 0 } };
  return { cursor: TOP, action: node.action };
}

/**
 * The presses to reach and select the entry at `path` (one index per level, from the top), going
 * on to the first item when the entry is a group. One switch: one press per level. Two switches:
 * the moves too.
 */
export function pressesTo(tree: readonly ScanNode[], path: readonly number[], mode: ScanMode): number {
  let presses = 0;
  let level = tree;
  let depth = 0;
  for (;;) {
    const index = path[depth] ?? 0;
    const node = level[index];
    if (!node) return presses;
    presses += 1 + (mode === 'step' ? index : 0);
    if (node.type === 'item') return presses;
    level = node.children;
    depth++;
  }
}

/** The numbers under a scan entry (a mark, or every mark of a row); none when nothing is highlighted. */
export function markIds(node: ScanNode | undefined, scanning: boolean): number[] {
  if (!node || !scanning) return [];
  if (node.type === 'item') return node.action.kind === 'mark' ? [node.action.id] : [];
  return node.children.flatMap((c) => markIds(c, true));
}

/** A stable key of the tree's top level: scanning starts over at the top when it changes. */
export function treeKey(tree: readonly ScanNode[]): string {
  return tree.map((n) => `${n.type}:${n.label}`).join('|');
}
