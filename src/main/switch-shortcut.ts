/**
 * The switch keys the shell captures system-wide, so a switch works while another app has the
 * keyboard. Only F13–F24 are ever registered (src/shared/switch-access.ts says why); each press is
 * sent to the panel as a `switch` shell signal. A global shortcut reports the press, not how long it
 * was held, so while the panel itself has the focus the keys are released and the page hears them
 * directly, with their hold time (hold before select, hold to stop).
 */
import type { GlobalShortcut } from 'electron';
import type { ShellSignal } from '../shared/ipc-contract.js';
import { switchAccelerator, type SwitchInput, type SwitchSettings } from '../shared/switch-access.js';

export class SwitchShortcuts {
  private wanted: readonly SwitchInput[] = [];
  private registered = new Set<SwitchInput>();
  private suspended = false;

  constructor(
    private readonly globalShortcut: Pick<GlobalShortcut, 'register' | 'unregister'>,
    private readonly send: (signal: ShellSignal) => void,
  ) {}

  /** The inputs held system-wide now. */
  get active(): readonly SwitchInput[] {
    return [...this.registered];
  }

  /**
   * Follows the settings. Returns one sentence per switch that could not be captured (taken by
   * another app, or by one of `reserved`, the app's own shortcuts); that switch still works while
   * the panel has the focus.
   */
  set(settings: SwitchSettings, reserved: ReadonlyArray<{ readonly accelerator: string | undefined; readonly what: string }>): string[] {
    const inputs = settings.enabled ? [settings.selectInput, ...(settings.mode === 'step' ? [settings.moveInput] : [])] : [];
    const problems: string[] = [];
    this.wanted = inputs.filter((input) => {
      const accelerator = switchAccelerator(input);
      if (!accelerator) return false;
      // Another Assistive Control shortcut keeps its key: the switch then works inside the panel only.
      const taken = reserved.find((r) => r.accelerator !== undefined && r.accelerator.toLowerCase() === accelerator.toLowerCase());
      if (taken) {
        problems.push(`${input} is also the shortcut that ${taken.what}, so it cannot be a switch in other apps. Choose another switch key or shortcut in Settings.`);
        return false;
      }
      return true;
    });
    this.releaseAll();
    if (!this.suspended) problems.push(...this.registerWanted());
    return problems;
  }

  /** The panel has the focus: it hears the switch itself. */
  suspend(): void {
    this.suspended = true;
    this.releaseAll();
  }

  /** The panel lost the focus: capture the switch keys again. */
  resume(): void {
    if (!this.suspended) return;
    this.suspended = false;
    this.registerWanted();
  }

  dispose(): void {
    this.wanted = [];
    this.releaseAll();
  }

  private registerWanted(): string[] {
    const problems: string[] = [];
    for (const input of this.wanted) {
      const accelerator = switchAccelerator(input);
      if (!accelerator || this.registered.has(input)) continue;
      let ok: boolean;
      try {
        ok = this.globalShortcut.register(accelerator, () => this.send({ kind: 'switch', input }));
      } catch {
        ok = false;
      }
      if (ok) this.registered.add(input);
      else problems.push(`The switch key ${input} is already used by another app, so the switch works only while the panel has the focus. Choose another switch key in Settings.`);
    }
    return problems;
  }

  private releaseAll(): void {
    for (const input of this.registered) {
      const accelerator = switchAccelerator(input);
      if (accelerator) this.globalShortcut.unregister(accelerator);
    }
    this.registered.clear();
  }
}
