/**
 * Push-to-talk (issue #8): a global shortcut that starts listening in the panel and, pressed again,
 * stops and sends what was heard. Electron's globalShortcut reports presses only, never releases, so
 * from other apps it is always a toggle (docs/decisions/0076-push-talk-toggle-hold-talk-offered.md).
 *
 * With `pushToTalk: 'hold'`, while the panel itself has the focus the shortcut is released, as the
 * switch keys are (switch-shortcut.ts): the page then hears the keydown and keyup and listens while
 * the keys are held. When the panel loses the focus the shortcut is registered again.
 *
 * Registered only while voice is on. A hidden panel is shown without taking the focus, so the app
 * the command is for stays in front and the user still sees "Listening".
 */
import type { GlobalShortcut } from 'electron';
import type { ShellSignal } from '../../shared/contracts/ipc-contract.js';
import type { PushToTalkMode } from '../../shared/voice-settings.js';

export class VoiceShortcut {
  /** The shortcut in use (checked when set), whether or not it is registered this moment. */
  private current: string | undefined;
  private hold = false;
  private panelFocused = false;
  private registered = false;

  constructor(
    private readonly globalShortcut: Pick<GlobalShortcut, 'register' | 'unregister'>,
    private readonly press: (signal: ShellSignal) => void,
  ) {}

  /** The push-to-talk shortcut in use, if any. */
  get accelerator(): string | undefined {
    return this.current;
  }

  /** Whether the shortcut is held system-wide now (not while the panel hears it itself). */
  get capturing(): boolean {
    return this.registered;
  }

  /**
   * Follows the voice settings. Returns a sentence when the shortcut cannot be used (taken by
   * another app, the panel's own shortcut, not a key combination); the Listen button works anyway.
   */
  set(
    voice: { readonly enabled: boolean; readonly shortcut: string; readonly pushToTalk?: PushToTalkMode },
    panelShortcut: string | undefined,
  ): string | undefined {
    const wanted = voice.enabled ? voice.shortcut : undefined;
    const hold = voice.pushToTalk === 'hold';
    if (wanted === this.current) {
      this.hold = hold;
      this.sync();
      return undefined;
    }
    this.dispose();
    this.hold = hold;
    if (!wanted) return undefined;
    const name = wanted.slice(0, 100);
    if (panelShortcut !== undefined && wanted.toLowerCase() === panelShortcut.toLowerCase()) {
      return `${name} already shows the panel, so it cannot also start listening. Choose another push-to-talk shortcut in Settings → Voice; the Listen button works meanwhile.`;
    }
    // Registered once even while the panel has the focus, so a shortcut another app holds is said now.
    if (!this.register(wanted)) {
      return `The push-to-talk shortcut ${name} is used by another app or is not a key combination Assistive Control can use. Choose another one in Settings → Voice; the Listen button works meanwhile.`;
    }
    this.current = wanted;
    this.sync();
    return undefined;
  }

  /** The panel gained (true) or lost (false) the keyboard focus. */
  setPanelFocused(focused: boolean): void {
    this.panelFocused = focused;
    this.sync();
  }

  dispose(): void {
    if (this.current && this.registered) this.globalShortcut.unregister(this.current);
    this.current = undefined;
    this.registered = false;
  }

  /** Holds the shortcut system-wide unless the panel hears it itself (hold mode, panel focused). */
  private sync(): void {
    if (!this.current) return;
    const capture = !(this.hold && this.panelFocused);
    if (capture && !this.registered) this.register(this.current);
    else if (!capture && this.registered) {
      this.globalShortcut.unregister(this.current);
      this.registered = false;
    }
  }

  private register(accelerator: string): boolean {
    try {
      this.registered = this.globalShortcut.register(accelerator, () => this.press({ kind: 'voice_toggle' }));
    } catch {
      this.registered = false;
    }
    return this.registered;
  }
}
