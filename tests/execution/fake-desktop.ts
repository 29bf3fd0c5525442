/**
 * A scripted desktop for the engine's parts (typing, target resolution, app focus, drag, cells):
 * apps with element trees, a focused element per app, field values the bridge reads and inserts
 * into, keys that land in the focused field, a clock that only moves when slept on. Every bridge and
 * input call is recorded. Built on element-fixtures.ts's elements; no display.
 */
import { AppFocus } from '../../src/execution/apps/app-focus.js';
import { AccessibilityError, type AxElement, type AxSnapshot, type ElementRef, type RunningApp } from '../../src/execution/accessibility/types.js';
import { DEFAULT_TUNING, TerminalLines, type EngineParts, type EngineTuning } from '../../src/execution/engine-parts.js';
import type { AccessibilityDriver, Clock, Point } from '../../src/execution/engine-types.js';
import type { InputDriver, MouseButton } from '../../src/execution/input/input-driver.js';
import { liveFacts } from '../../src/execution/live-facts.js';
import { PointerTrail } from '../../src/execution/pointer-trail.js';
import { TargetAppTracker } from '../../src/execution/apps/target-app.js';
import { TargetResolver } from '../../src/execution/target-resolution.js';
import { el } from './element-fixtures.js';

export interface FakeApp {
  readonly pid: number;
  readonly name: string;
  /** Its elements under a root window (id 0, added here). */
  elements: AxElement[];
  /** The id of its focused element. */
  focus?: number;
  responding?: boolean;
  /** activateApp does nothing (a window manager that refuses), or throws this code. */
  refusesFront?: true | 'unsupported';
  /** insertText is accepted and changes nothing (Firefox's page fields). */
  ignoresInsert?: boolean;
  /** Typed keys never show up in its fields (another layout, a lost focus). */
  dropsKeys?: boolean;
}

/** A time that moves only when something sleeps. */
export function fakeClock(): Clock & { slept: number[] } {
  let t = 0;
  const slept: number[] = [];
  return {
    slept,
    now: () => t,
    sleep: async (ms) => {
      slept.push(ms);
      t += ms;
    },
  };
}

export interface DesktopOptions {
  readonly apps: FakeApp[];
  /** The frontmost app's pid; undefined: none (the bridge says not_found). */
  front?: number;
  readonly ownPids?: readonly number[];
  /** Characters the keyboard layout has no key for. */
  readonly untypable?: RegExp;
  /** What the window system says has the keyboard (absent: it cannot tell). */
  keyboardOwner?: number;
  readonly tuning?: Partial<EngineTuning>;
}

export type FakeDesktop = ReturnType<typeof fakeDesktop>;

export function fakeDesktop(options: DesktopOptions) {
  const state = { front: options.front, generation: 0, keyboardOwner: options.keyboardOwner, pointer: { x: 0, y: 0 } };
  const calls: string[] = [];
  const typed: string[] = [];
  const clicks: { at: Point; button: MouseButton; count: number }[] = [];
  const appOf = (pid: number): FakeApp => {
    const app = options.apps.find((a) => a.pid === pid);
    if (!app) throw new AccessibilityError('not_found', `No app ${pid}.`);
    return app;
  };
  const running = (a: FakeApp): RunningApp => ({
    pid: a.pid,
    name: a.name,
    bundleId: null,
    frontmost: a.pid === state.front,
    responding: a.responding ?? true,
  });
  const elementOf = (app: FakeApp, id: number): AxElement => {
    const found = app.elements.find((e) => e.id === id);
    if (!found) throw new AccessibilityError('not_found', `No element ${id}.`);
    return found;
  };
  /** Replaces an element's value (as the app would show it). */
  const setText = (app: FakeApp, id: number, value: string) => {
    app.elements = app.elements.map((e) => (e.id === id ? { ...e, value } : e));
  };
  /** The app whose element a ref names: the one last snapshot (refs carry no pid). */
  let lastPid = 0;

  const bridge: AccessibilityDriver = {
    frontmostApp: async () => {
      calls.push('frontmostApp');
      if (state.front === undefined) throw new AccessibilityError('not_found', 'No app is frontmost.');
      return running(appOf(state.front));
    },
    runningApps: async () => options.apps.map(running),
    launchApp: async () => {
      throw new AccessibilityError('unsupported', 'Not in this fake.');
    },
    activateApp: async (pid) => {
      calls.push(`activateApp ${pid}`);
      const app = appOf(pid);
      if (app.refusesFront === 'unsupported') throw new AccessibilityError('unsupported', 'The window manager refused.');
      if (!app.refusesFront) state.front = pid;
    },
    snapshot: async (o = {}): Promise<AxSnapshot> => {
      const app = appOf(o.pid ?? state.front ?? 0);
      lastPid = app.pid;
      calls.push(`snapshot ${app.pid}${o.scope ? ` ${o.scope}` : ''}`);
      const root: AxElement = { ...el(0, 'window', `${app.name} window`), parent: null, depth: 0, bounds: { x: 0, y: 0, width: 1000, height: 800 } };
      const elements = app.elements.map((e) => (e.id === app.focus ? { ...e, states: [...e.states, 'focused' as const] } : e));
      return { generation: ++state.generation, pid: app.pid, app: app.name, truncated: 'none', elements: [root, ...elements], elapsedMs: 1 };
    },
    performAction: async (ref, action) => {
      calls.push(`performAction ${ref.id} ${action}`);
      if (action === 'focus') appOf(lastPid).focus = ref.id;
    },
    setValue: async (ref, value) => {
      calls.push(`setValue ${ref.id}`);
      setText(appOf(lastPid), ref.id, value);
    },
    readValue: async (ref: ElementRef) => elementOf(appOf(lastPid), ref.id).value,
    insertText: async (ref, text, o = {}) => {
      calls.push(`insertText ${ref.id} ${o.at ?? 'caret'}`);
      const app = appOf(lastPid);
      const before = elementOf(app, ref.id).value ?? '';
      if (!app.ignoresInsert) setText(app, ref.id, before + text);
      const at = Array.from(before).length;
      return { start: at, end: at, caret: at + Array.from(text).length };
    },
    keyboardOwner: async () => state.keyboardOwner ?? null,
  };

  const input: InputDriver = {
    pointer: async () => ({ ...state.pointer }),
    moveTo: async (p) => {
      state.pointer = { ...p };
    },
    click: async () => undefined,
    pressButton: async (b) => void calls.push(`pressButton ${b}`),
    releaseButton: async (b) => void calls.push(`releaseButton ${b}`),
    scroll: async () => undefined,
    pressChord: async (key, modifiers) => void calls.push(`pressChord ${[...modifiers, key].join('+')}`),
    untypableByKeys: async (text) => (options.untypable ? Array.from(text).filter((c) => options.untypable!.test(c)) : []),
    typeByKeys: async (text) => {
      typed.push(text);
      // Keys land in the front app's focused field, if it shows text.
      const app = state.front === undefined ? undefined : appOf(state.front);
      const field = app?.focus === undefined ? undefined : app.elements.find((e) => e.id === app.focus);
      if (app && !app.dropsKeys && field && field.value !== null) setText(app, field.id, field.value + text);
    },
  };

  const clock = fakeClock();
  const tuning: EngineTuning = { ...DEFAULT_TUNING, ...options.tuning };
  const tracker = new TargetAppTracker(options.ownPids);
  const apps = new AppFocus(bridge, clock, tuning, tracker);
  const targets = new TargetResolver(apps, clock, tuning);
  const terminalLines = new TerminalLines();
  const parts: EngineParts = {
    bridge,
    input,
    clock,
    tuning,
    apps,
    targets,
    terminalLines,
    pointer: new PointerTrail(input, tuning.takeoverTolerancePx),
    factsOf: (element, where) => liveFacts(element, where, terminalLines, (pid) => apps.isOwn(pid)),
    pointerClick: async (at, button, count) => void clicks.push({ at, button, count }),
  };
  return { state, calls, typed, clicks, bridge, input, clock, tuning, apps, targets, parts, app: appOf };
}

/** A text field of one line, editable, showing `value`. */
export function field(id: number, name: string, value = '', extra: Partial<AxElement> = {}): AxElement {
  return el(id, 'text_field', name, { value, states: ['enabled', 'showing', 'visible', 'focusable', 'editable'], actions: ['focus'], ...extra });
}
