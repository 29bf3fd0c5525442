/**
 * The global shortcut that shows and hides the panel from any app. One at a time: changing it in
 * Settings releases the old one; a combination another app holds is reported in a sentence (the tray
 * icon still works), and the previous shortcut is kept rather than leaving the user with none.
 */
import type { GlobalShortcut } from 'electron';

export type ShortcutResult = { readonly ok: true } | { readonly ok: false; readonly message: string };

export class PanelShortcut {
  private current: string | undefined;

  constructor(
    private readonly globalShortcut: Pick<GlobalShortcut, 'register' | 'unregister'>,
    private readonly onPress: () => void,
  ) {}

  /** The accelerator in use now, if any. */
  get accelerator(): string | undefined {
    return this.current;
  }

  /** Uses `accelerator` from now on. On failure the previous shortcut (if any) stays in use. */
  set(accelerator: string): ShortcutResult {
    if (accelerator === this.current) return { ok: true };
    const previous = this.current;
    if (previous) this.globalShortcut.unregister(previous);
    let registered: boolean;
    try {
      registered = this.globalShortcut.register(accelerator, this.onPress);
    } catch {
      this.current = undefined;
      this.restore(previous);
      return {
        ok: false,
        message: `“${accelerator.slice(0, 100)}” is not a key combination Assistive Control can use. Choose another one in Settings, such as CommandOrControl+Shift+Space; the tray icon shows the panel meanwhile.`,
      };
    }
    if (!registered) {
      this.current = undefined;
      this.restore(previous);
      const kept = this.current ? ` ${this.current} still shows the panel.` : ' The tray icon shows the panel meanwhile.';
      return {
        ok: false,
        message: `The shortcut ${accelerator.slice(0, 100)} is already used by another app, so it cannot show the panel. Choose another one in Settings.${kept}`,
      };
    }
    this.current = accelerator;
    return { ok: true };
  }

  private restore(previous: string | undefined): void {
    if (!previous) return;
    try {
      if (this.globalShortcut.register(previous, this.onPress)) this.current = previous;
    } catch {
      // It was registered a moment ago; if it cannot be again, the tray still works.
    }
  }

  /** Releases the shortcut (at quit: a global shortcut outlives nothing, but say so explicitly). */
  dispose(): void {
    if (this.current) this.globalShortcut.unregister(this.current);
    this.current = undefined;
  }
}
