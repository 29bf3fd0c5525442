/**
 * Whether the panel has the keyboard, for the switch keys and push-to-talk (while it does, the panel
 * hears their keys itself). On macOS the panel is a non-activating NSPanel: it becomes the key
 * window without becoming the main window or activating the app, and the BrowserWindow's
 * 'focus'/'blur' may follow main-window changes only (issue #20: "may never fire"). Its web
 * contents' 'focus'/'blur' follow the keyboard itself. Both are heard; a change is reported once.
 */

/** What emits 'focus' and 'blur' (a BrowserWindow, its WebContents). */
export interface FocusEvents {
  on(event: 'focus' | 'blur', listener: () => void): unknown;
}

export function followPanelFocus(sources: readonly FocusEvents[], onChange: (focused: boolean) => void): void {
  let focused = false;
  const set = (next: boolean) => {
    if (next === focused) return;
    focused = next;
    onChange(next);
  };
  for (const source of sources) {
    source.on('focus', () => set(true));
    source.on('blur', () => set(false));
  }
}
