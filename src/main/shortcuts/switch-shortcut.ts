/**
 * The switch keys while another app has the keyboard (issue #15): a switch that sends Space or
 * Enter must keep reaching the scan after a command brought another app to the front.
 *
 * While switch access is on and the panel does not have the focus, the core holds exactly the
 * switch's keys system-wide (src/execution/input/switch-keys.ts: an X server grab on Linux, an event
 * tap on macOS) and reports each press and release, which go to the panel as `switch_key` signals:
 * hold before select and hold to stop work as inside the panel. While the panel has the focus the
 * keys are let go and the page hears them itself.
 *
 * Where the core can hold no key (Wayland, no X display, macOS without the permission), F13–F24 are
 * registered as Electron global shortcuts instead (a press without its hold time, `switch` signals),
 * and the user is told that the other keys work only while the panel has the focus.
 *
 * On macOS another app's secure input (a password field, a terminal's secure keyboard entry) keeps
 * every key from the core's tap while it lasts: the core reports when it begins and ends, F13–F24
 * switch keys are global shortcuts meanwhile (Carbon hot keys still get them), and the user is told
 * that other switch keys reach the app in front until it ends (issue #33).
 *
 * While the core starts again after a crash its hold is gone: the shell registers every switch key
 * as a global shortcut for that moment (`coreDown`), so a switch press then still reaches the scan
 * (without its hold time), and gives them back to the core's hold once it runs (`refresh`).
 */
import type { GlobalShortcut } from 'electron';
import type { ShellSignal } from '../../shared/contracts/ipc-contract.js';
import { SWITCH_INPUTS, switchAccelerator, type SwitchInput, type SwitchSettings } from '../../shared/switch-access.js';

/** What the core answers to a hold (src/execution/input/switch-keys.ts HoldOutcome). */
export interface HoldAnswer {
  readonly held: readonly string[];
  readonly problems: ReadonlyArray<{ readonly key: string; readonly problem: string }>;
  readonly unavailable?: string;
}

export interface SwitchShortcutDeps {
  readonly globalShortcut: Pick<GlobalShortcut, 'register' | 'unregister'>;
  readonly send: (signal: ShellSignal) => void;
  /** Asks the core to hold exactly these keys ([]: none). Without it only F13–F24 global shortcuts are used. */
  readonly hold?: (keys: readonly SwitchInput[]) => Promise<unknown>;
  /** A sentence for the user (a panel entry), for what changes while the app runs. */
  readonly tell: (message: string) => void;
}

/** What the user hears when another app's secure input keeps the switch keys from the assistant. */
function secureSentence(wanted: readonly SwitchInput[]): string {
  const fkeys = wanted.filter((input) => switchAccelerator(input) !== undefined);
  const others = wanted.filter((input) => switchAccelerator(input) === undefined);
  const start = 'Another app has turned on secure typing (a password field, or secure keyboard entry in a terminal): ';
  const still = `${fkeys.length === 1 ? 'your switch key' : 'your switch keys'} ${fkeys.join(' and ')} still ${fkeys.length === 1 ? 'works' : 'work'}`;
  if (others.length === 0) return `${start}${still}.`;
  const reach = `a press of ${others.join(' or ')} goes to that app, not to the assistant, until it ends`;
  return fkeys.length > 0 ? `${start}${reach}; ${still}.` : `${start}${reach}. Switch keys F13–F24 keep working during secure typing.`;
}

const isInput = (value: unknown): value is SwitchInput => typeof value === 'string' && (SWITCH_INPUTS as readonly string[]).includes(value);

function holdAnswer(value: unknown): HoldAnswer {
  const v = (value ?? {}) as Partial<HoldAnswer>;
  return {
    held: Array.isArray(v.held) ? v.held.filter((k): k is string => typeof k === 'string') : [],
    problems: Array.isArray(v.problems) ? v.problems.filter((p) => typeof p?.key === 'string' && typeof p.problem === 'string') : [],
    ...(typeof v.unavailable === 'string' ? { unavailable: v.unavailable } : {}),
  };
}

export class SwitchShortcuts {
  private wanted: readonly SwitchInput[] = [];
  private registered = new Set<SwitchInput>();
  private held: readonly string[] = [];
  private suspended = false;
  private queue: Promise<unknown> = Promise.resolve();
  /** Sentences already said, so a focus change does not repeat them. */
  private said = new Set<string>();
  /** set() has been called: before it there is nothing to hold again. */
  private configured = false;
  /** Another app's secure input is on (macOS): the core's tap hears nothing. */
  private secure = false;

  constructor(private readonly deps: SwitchShortcutDeps) {}

  /** The inputs that reach the scan while another app has the keyboard, now. */
  get active(): readonly SwitchInput[] {
    return [...new Set<SwitchInput>([...(this.held.filter(isInput) as SwitchInput[]), ...this.registered])];
  }

  /**
   * Follows the settings. Resolves with one sentence per switch that cannot reach the scan while
   * another app has the keyboard (taken by another app or by one of `reserved`, the app's own
   * shortcuts, or no key can be held here); such a switch still works while the panel has the focus.
   */
  set(settings: SwitchSettings, reserved: ReadonlyArray<{ readonly accelerator: string | undefined; readonly what: string }>): Promise<string[]> {
    const inputs = settings.enabled ? [settings.selectInput, ...(settings.mode === 'step' ? [settings.moveInput] : [])] : [];
    const problems: string[] = [];
    this.configured = true;
    this.wanted = inputs.filter((input) => {
      if (input.startsWith('Mouse')) return false; // a mouse button stays a switch inside the panel
      // Another Assistive Control shortcut keeps its key: the switch then works inside the panel only.
      const taken = reserved.find((r) => r.accelerator !== undefined && r.accelerator.toLowerCase() === input.toLowerCase());
      if (taken) {
        problems.push(
          `${input} is also the shortcut that ${taken.what}, so it cannot be a switch in other apps. Choose another switch key or shortcut in Settings.`,
        );
        return false;
      }
      return true;
    });
    return this.enqueue(async () => {
      const all = [...problems, ...(await this.apply())];
      this.said = new Set(all);
      return all;
    });
  }

  /** The panel has the focus: it hears the switch itself. */
  suspend(): void {
    if (this.suspended) return;
    this.suspended = true;
    void this.enqueue(() => this.apply());
  }

  /** The panel lost the focus: hold the switch keys again. */
  resume(): void {
    if (!this.suspended) return;
    this.suspended = false;
    void this.enqueue(async () => this.tellNew(await this.apply()));
  }

  /** The core started again (its hold went with the old process), or let every key go: hold them again. */
  refresh(): Promise<void> {
    if (!this.configured) return Promise.resolve();
    return this.enqueue(async () => {
      this.held = [];
      this.tellNew(await this.apply());
    });
  }

  /**
   * The core ended and starts again: its hold went with it. Until `refresh`, every wanted switch key
   * is a global shortcut here (Space and Enter too: they were held from the other apps anyway).
   */
  coreDown(): Promise<void> {
    return this.enqueue(async () => {
      this.held = [];
      this.releaseShortcuts();
      if (this.suspended) return;
      for (const input of this.wanted) {
        try {
          if (this.deps.globalShortcut.register(input, () => this.deps.send({ kind: 'switch', input }))) this.registered.add(input);
        } catch {
          // A key Electron cannot take: the switch works inside the panel until the core is back.
        }
      }
    });
  }

  /**
   * Another app's secure input began or ended (macOS). While it lasts, the wanted F13–F24 keys are
   * global shortcuts (a press without its hold time); any other switch key reaches the app in front.
   */
  secureInput(on: boolean): Promise<void> {
    return this.enqueue(async () => {
      if (on === this.secure) return;
      this.secure = on;
      if (!on) {
        this.releaseShortcuts();
        this.held = [];
        await this.apply();
      } else {
        this.registerSecureFallback();
      }
      if (this.wanted.length === 0) return;
      this.deps.tell(on ? secureSentence(this.wanted) : 'Secure typing has ended in the other app: your switch keys reach the assistant again in every app.');
    });
  }

  /** A press or release the core reported; goes to the panel when it is a wanted switch. */
  keyReport(report: unknown): void {
    const r = (report ?? {}) as { key?: unknown; edge?: unknown };
    if (r.key === '' && (r.edge === 'secure_on' || r.edge === 'secure_off')) {
      void this.secureInput(r.edge === 'secure_on');
      return;
    }
    if (r.key === '' && r.edge === 'lost') {
      // The connection that held the keys closed: hold them again on a new one.
      void this.refresh();
      return;
    }
    if (!isInput(r.key) || !this.wanted.includes(r.key)) return;
    const edge = r.edge === 'down' || r.edge === 'up' ? r.edge : 'lost';
    this.deps.send({ kind: 'switch_key', input: r.key, edge });
  }

  dispose(): void {
    this.wanted = [];
    this.suspended = true;
    this.releaseShortcuts();
    void this.deps.hold?.([]).catch(() => undefined);
  }

  private enqueue<T>(step: () => Promise<T>): Promise<T> {
    const next = this.queue.then(step, step);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private tellNew(problems: readonly string[]): void {
    for (const p of problems) {
      if (this.said.has(p)) continue;
      this.said.add(p);
      this.deps.tell(p);
    }
  }

  /** Makes the system-wide state match `wanted`, `suspended` and secure input; returns the problems. */
  private async apply(): Promise<string[]> {
    const problems = await this.applyHold();
    if (this.secure) this.registerSecureFallback();
    return problems;
  }

  /** While secure input lasts: every wanted F13–F24 key as a global shortcut. */
  private registerSecureFallback(): void {
    if (this.suspended) return;
    for (const input of this.wanted) {
      const accelerator = switchAccelerator(input);
      if (!accelerator || this.registered.has(input)) continue;
      try {
        if (this.deps.globalShortcut.register(accelerator, () => this.deps.send({ kind: 'switch', input }))) this.registered.add(input);
      } catch {
        // Taken by another app: the switch works inside the panel until secure input ends.
      }
    }
  }

  private async applyHold(): Promise<string[]> {
    const keys = this.suspended ? [] : this.wanted;
    this.releaseShortcuts();
    let answer: HoldAnswer = { held: [], problems: [], unavailable: 'the assistant cannot hold keys here' };
    if (keys.length === 0 && this.held.length === 0) {
      // Nothing held and nothing wanted: the core is not asked (it may still be starting).
      answer = { held: [], problems: [] };
    } else if (this.deps.hold) {
      try {
        answer = holdAnswer(await this.deps.hold(keys));
      } catch (e) {
        answer = { held: [], problems: [], unavailable: e instanceof Error ? e.message.replace(/\.$/, '') : String(e) };
      }
    }
    this.held = answer.held;
    if (keys.length === 0) return [];
    const problems = answer.problems.map(
      (p) =>
        `The switch key ${p.key} cannot be taken from other apps (${p.problem}), so it works only while the panel has the focus. Choose another switch key in Settings.`,
    );
    if (answer.unavailable === undefined) return problems;
    // No key can be held here: F13–F24 as global shortcuts (a press without its hold time).
    for (const input of keys) {
      const accelerator = switchAccelerator(input);
      if (!accelerator) {
        problems.push(
          `The switch key ${input} works only while the panel has the focus: ${answer.unavailable}. Choose F13–F24 as switch keys to use them in other apps.`,
        );
        continue;
      }
      let ok: boolean;
      try {
        ok = this.deps.globalShortcut.register(accelerator, () => this.deps.send({ kind: 'switch', input }));
      } catch {
        ok = false;
      }
      if (ok) this.registered.add(input);
      else
        problems.push(
          `The switch key ${input} is already used by another app, so the switch works only while the panel has the focus. Choose another switch key in Settings.`,
        );
    }
    return problems;
  }

  private releaseShortcuts(): void {
    for (const input of this.registered) this.deps.globalShortcut.unregister(input);
    this.registered.clear();
  }
}
