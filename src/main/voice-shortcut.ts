/**
 * Push-to-talk (issue #8): a global shortcut that starts listening in the panel and, pressed again,
 * stops and sends what was heard. A toggle, because Electron's globalShortcut reports presses only,
 * never releases (docs/decisions.md); hold-to-talk would need a key-release hook per OS.
 *
 * Registered only while voice is on. A hidden panel is shown without taking the focus, so the app
 * the command is for stays in front and the user still sees "Listening".
 */
import type { GlobalShortcut } from 'electron';
import type { ShellSignal } from '../shared/ipc-contract.js';

export class VoiceShortcut {
  private current: string | undefined;

  constructor(
    private readonly globalShortcut: Pick<GlobalShortcut, 'register' | 'unregister'>,
    private readonly press: (signal: ShellSignal) => void,
  ) {}

  /** The accelerator held now, if any. */
  get accelerator(): string | undefined {
    return this.current;
  }

  /**
   * Follows the voice settings. Returns a sentence when the shortcut cannot be used (taken by
   * another app, the panel's own shortcut, not a key combination); the Listen button works anyway.
   */
  set(voice: { readonly enabled: boolean; readonly shortcut: string }, panelShortcut: string | undefined): string | undefined {
    const wanted = voice.enabled ? voice.shortcut : undefined;
    if (wanted === this.current) return undefined;
    this.dispose();
    if (!wanted) return undefined;
    const name = wanted.slice(0, 100);
    if (panelShortcut !== undefined && wanted.toLowerCase() === panelShortcut.toLowerCase()) {
      return `${name} already shows the panel, so it cannot also start listening. Choose another push-to-talk shortcut in Settings → Voice; the Listen button works meanwhile.`;
    }
    let registered: boolean;
    try {
      registered = this.globalShortcut.register(wanted, () => this.press({ kind: 'voice_toggle' }));
    } catch {
      registered = false;
    }
    if (!registered) {
      return `The push-to-talk shortcut ${name} is used by another app or is not a key combination Assistive Control can use. Choose another one in Settings → Voice; the Listen button works meanwhile.`;
    }
    this.current = wanted;
    return undefined;
  }

  dispose(): void {
    if (this.current) this.globalShortcut.unregister(this.current);
    this.current = undefined;
  }
}
