// The switch keys while another app's secure input is on (macOS, issue #33): the core's tap hears no
// key then, so the shell registers the wanted F13–F24 keys as global shortcuts and tells the user
// which switch keys reach the other app until it ends; when it ends the core holds them again.
// Electron's globalShortcut is the stand-in (no Electron binary runs here); the reports go through
// the core contract's schema, as the shell receives them.
import { describe, expect, it } from 'vitest';
import { SwitchShortcuts } from '../../../src/main/shortcuts/switch-shortcut.js';
import { switchKeyReport } from '../../../src/shared/contracts/core-contract.js';
import type { ShellSignal } from '../../../src/shared/contracts/ipc-contract.js';
import { DEFAULT_SWITCH_SETTINGS, type SwitchInput } from '../../../src/shared/switch-access.js';

function shell() {
  const shortcuts = new Map<string, () => void>();
  const signals: ShellSignal[] = [];
  const told: string[] = [];
  const holds: Array<readonly SwitchInput[]> = [];
  const switches = new SwitchShortcuts({
    globalShortcut: {
      register: (accelerator, callback) => (shortcuts.set(accelerator, callback), true),
      unregister: (accelerator) => void shortcuts.delete(accelerator),
    },
    send: (signal) => void signals.push(signal),
    hold: (keys) => (holds.push(keys), Promise.resolve({ held: [...keys], problems: [] })),
    tell: (message) => void told.push(message),
  });
  /** A report as the core sends it, read through the contract's schema as the shell reads it. */
  const report = async (edge: string): Promise<void> => {
    switches.keyReport(switchKeyReport.parse({ key: '', edge }));
    await switches.secureInput(edge === 'secure_on'); // waits for the queued change (a repeat changes nothing)
  };
  return { switches, shortcuts, signals, told, holds, report };
}

const twoSwitches = { ...DEFAULT_SWITCH_SETTINGS, enabled: true, mode: 'step' as const, selectInput: 'Enter' as const, moveInput: 'F13' as const };

describe('secure input in another app (macOS)', () => {
  it('the contract carries the secure input edges; an edge it does not know reads as lost', () => {
    expect(switchKeyReport.parse({ key: '', edge: 'secure_on' }).edge).toBe('secure_on');
    expect(switchKeyReport.parse({ key: '', edge: 'secure_off' }).edge).toBe('secure_off');
    expect(switchKeyReport.parse({ key: 'F13', edge: 'sideways' }).edge).toBe('lost');
  });

  it('while it lasts an F13 switch is a global shortcut that reaches the scan, Enter is not taken, and the user is told which key reaches the other app', async () => {
    const { switches, shortcuts, signals, told, report } = shell();
    expect(await switches.set(twoSwitches, [])).toEqual([]);
    expect(shortcuts.size).toBe(0); // held by the core, not as shortcuts
    await report('secure_on');
    expect([...shortcuts.keys()]).toEqual(['F13']);
    shortcuts.get('F13')?.();
    expect(signals).toEqual([{ kind: 'switch', input: 'F13' }]);
    expect(told).toEqual([
      'Another app has turned on secure typing (a password field, or secure keyboard entry in a terminal): a press of Enter goes to that app, not to the assistant, until it ends; your switch key F13 still works.',
    ]);
  });

  it('when it ends the shortcuts go, the core holds both keys again, and the user is told', async () => {
    const { switches, shortcuts, told, holds, report } = shell();
    await switches.set(twoSwitches, []);
    await report('secure_on');
    holds.length = 0;
    await report('secure_off');
    expect(shortcuts.size).toBe(0);
    expect(holds).toEqual([['Enter', 'F13']]);
    expect(told.at(-1)).toBe('Secure typing has ended in the other app: your switch keys reach the assistant again in every app.');
  });

  it('with only Space as the switch nothing can be registered: the user is told to choose F13–F24', async () => {
    const { switches, shortcuts, told, report } = shell();
    await switches.set({ ...DEFAULT_SWITCH_SETTINGS, enabled: true, selectInput: 'Space' }, []);
    await report('secure_on');
    expect(shortcuts.size).toBe(0);
    expect(told).toEqual([
      'Another app has turned on secure typing (a password field, or secure keyboard entry in a terminal): a press of Space goes to that app, not to the assistant, until it ends. Switch keys F13–F24 keep working during secure typing.',
    ]);
  });

  it('a settings change while it lasts keeps the F-key fallback; while the panel has the focus none is registered', async () => {
    const { switches, shortcuts, report } = shell();
    await switches.set(twoSwitches, []);
    await report('secure_on');
    await switches.set({ ...twoSwitches, moveInput: 'F14' }, []);
    expect([...shortcuts.keys()]).toEqual(['F14']);
    switches.suspend();
    await switches.set(twoSwitches, []);
    expect(shortcuts.size).toBe(0);
  });

  it('with only F-keys as switches nothing reaches the other app, and the user hears that they still work', async () => {
    const { switches, shortcuts, told, report } = shell();
    await switches.set({ ...twoSwitches, selectInput: 'F14' }, []);
    await report('secure_on');
    expect([...shortcuts.keys()].sort()).toEqual(['F13', 'F14']);
    expect(told).toEqual([
      'Another app has turned on secure typing (a password field, or secure keyboard entry in a terminal): your switch keys F14 and F13 still work.',
    ]);
  });

  it('a second secure_on changes nothing and says nothing again', async () => {
    const { switches, told, report } = shell();
    await switches.set(twoSwitches, []);
    await report('secure_on');
    await report('secure_on');
    expect(told).toHaveLength(1);
  });
});
