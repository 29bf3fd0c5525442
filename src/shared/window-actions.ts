/**
 * The window and desktop commands (issue #32): the intent's `action` (src/intent/schema.ts), the
 * grammar's words for them (src/intent/grammar/verbs-window.ts) and the engine's requests
 * (src/execution/window-commands.ts) all read this list.
 */
export const WINDOW_ACTIONS = [
  'maximize',
  'minimize',
  'restore',
  'snap_left',
  'snap_right',
  'other_monitor',
  'full_screen',
  'next_window',
  'switch_to',
  'show_desktop',
  'close',
  'zoom_in',
  'zoom_out',
] as const;

export type WindowAction = (typeof WINDOW_ACTIONS)[number];

/** How a window action reads in a message: "maximise", "snap to the left half". */
export const WINDOW_ACTION_WORDS: Readonly<Record<WindowAction, string>> = {
  maximize: 'maximise',
  minimize: 'minimise',
  restore: 'restore',
  snap_left: 'snap to the left half',
  snap_right: 'snap to the right half',
  other_monitor: 'move to the other monitor',
  full_screen: 'full screen',
  next_window: 'switch to the next window',
  switch_to: 'switch to',
  show_desktop: 'show the desktop',
  close: 'close',
  zoom_in: 'zoom in',
  zoom_out: 'zoom out',
};

/**
 * A title that says its window holds unsaved work: editors mark the document's name with "*" or "●"
 * at either end ("*notes.txt - gedit", "notes.txt* - Mousepad", "● main.ts — Code").
 */
export function titleMarksUnsaved(title: string): boolean {
  return title
    .split(/\s[-—–]\s/u)
    .map((part) => part.trim())
    .some((part) => /^[*●]|[*●]$/u.test(part));
}
