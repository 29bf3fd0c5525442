/**
 * The assistant's own windows, as other code sees them on the accessibility bus.
 *
 * The engine refuses a pointer action on a point one of the assistant's windows covers (it would
 * land on the assistant itself). The numbered overlay is the exception: it is click-through
 * (mouse events pass to the app below), so a click under it reaches that app. Its title is how the
 * engine tells it apart; the shell gives the window this title.
 */
export const OVERLAY_WINDOW_TITLE = 'Assistive Control numbers';
