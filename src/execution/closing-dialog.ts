/**
 * What an app asks when the window manager asks it to close a window with unsaved work (gedit's
 * "Save changes to document … before closing?"): the app's own dialog, read back as an observation
 * (what it says and its buttons, then the app's elements), so the user — or the planner, whose every
 * click is judged by the gate — answers it. The assistant presses none of its buttons itself.
 */
import { quote } from '../shared/text/quote.js';
import type { AxElement, WindowState } from './accessibility/types.js';
import type { EngineParts } from './engine-parts.js';
import { DIALOG_ROLES, dialogText, isInside } from './live-facts.js';
import { success, type ActionResult } from './results.js';

const QUESTION_MAX = 200;
const BUTTONS_MAX = 6;

/**
 * The answer to a close the app did not carry out because it asks first: `window` the one asked to
 * close, `asking` the new window the app opened. A dialog that cannot be read is still named.
 */
export async function closingQuestion(parts: EngineParts, window: WindowState, asking: WindowState, named: (w: WindowState) => string): Promise<ActionResult> {
  const plain = `${named(window)} asks ${quote(asking.title || 'a question', QUESTION_MAX)} before closing: answer it by its buttons (“click” and a button’s name); nothing in it was pressed.`;
  const tree = await parts.apps.snapshot(window.pid).catch(() => undefined);
  const dialogs = tree?.elements.filter((e) => DIALOG_ROLES.has(e.role) && e.states.includes('showing')) ?? [];
  const dialog = dialogs.find((d) => asking.title !== '' && d.name === asking.title) ?? dialogs.at(-1);
  if (!tree || !dialog) return success(plain);
  const byId = new Map(tree.elements.map((e) => [e.id, e] as const));
  const said = dialogText(dialog, tree.elements, byId);
  const buttons = tree.elements.filter((e: AxElement) => e.role === 'button' && e.name !== '' && isInside(e, dialog, byId)).slice(0, BUTTONS_MAX);
  const offered = buttons.length > 0 ? ` Its buttons: ${buttons.map((b) => quote(b.name, QUESTION_MAX)).join(', ')}.` : '';
  const sentence = `${named(window)} asks before closing: ${quote(said || asking.title || 'a question', QUESTION_MAX)}${offered} Say “click” and a button’s name; nothing in it was pressed.`;
  const observation = await parts.targets.observe(window.pid).catch(() => undefined);
  return observation ? { kind: 'observation', text: `${sentence}\n${observation.text}`, observation } : success(sentence);
}
