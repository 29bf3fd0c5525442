/**
 * One short sentence per intent, fit to be shown and spoken: "Click “Send” (button) in Mail."
 *
 * Used for the intent entry in the panel, the CLI's output and confirmation requests. Text the
 * planner chose is quoted and shortened, so a long or odd label cannot make the sentence misleading.
 */
import { assertNever } from '../shared/assert-never.js';
import { formatChord } from '../shared/keys.js';
import { parseCellReference } from '../shared/cell-address.js';
import { WINDOW_ACTION_WORDS, type WindowAction } from '../shared/window-actions.js';
import { readWebAddress, showWebAddress } from '../shared/web-address.js';
import { isElementById, isElementByOrdinal, isPoint, LIMITS, type ElementRef, type Intent, type Place, type Step } from './schema.js';
import { quote } from '../shared/text/quote.js';
import { ordinal } from '../shared/text/ordinal.js';

function roleWord(role: string): string {
  return role.replace(/_/g, ' ');
}

/** What the latest observation listed under an id: confirmations name the element, not its number. */
export type ElementNames = (id: number) => { readonly role: string; readonly name: string; readonly description?: string } | undefined;

export function describeElement(ref: ElementRef, names?: ElementNames): string {
  if (isElementById(ref)) {
    const seen = names?.(ref.id);
    const label = seen ? seen.name || seen.description || '' : '';
    if (!seen) return `element ${ref.id}`;
    return label ? `${quote(label)} (${roleWord(seen.role)})` : `the ${roleWord(seen.role)} numbered ${ref.id}`;
  }
  if (isElementByOrdinal(ref)) {
    const last = ref.fromEnd && ref.ordinal === 1;
    const rank = last ? 'last' : ordinal(ref.ordinal);
    const where = `${ref.fromEnd && !last ? ' from the end' : ''}${ref.within ? ` in ${quote(ref.within, 60)}` : ''}`;
    return `the ${rank} ${ref.unnamed ? 'unnamed ' : ''}${roleWord(ref.role)}${where}${ref.app ? ` of ${quote(ref.app, 40)}` : ''}`;
  }
  let s = quote(ref.label);
  if (ref.role) s += ` (${roleWord(ref.role)})`;
  if (ref.app) s += ` in ${quote(ref.app, 40)}`;
  return s;
}

function describePlace(place: Place, names?: ElementNames): string {
  return isPoint(place) ? `${Math.round(place.x)}, ${Math.round(place.y)}` : describeElement(place, names);
}

/** "shift+cmd+page_down" → "Shift+Cmd+Page Down": how keys are written on keyboards and in menus. */
function capitalizeChord(chord: string): string {
  return chord
    .split('+')
    .map((p) =>
      p
        .split('_')
        .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
        .join(' '),
    )
    .join('+');
}

/** A web address in full, never shortened: the user must see every character of where the browser goes. */
function describeWebAddress(url: string): string {
  const read = readWebAddress(url);
  return read.ok ? showWebAddress(read) : quote(url, LIMITS.urlMax);
}

function describeStep(intent: Step | Intent, names?: ElementNames): string {
  switch (intent.intent) {
    case 'open_application':
      return `Open ${quote(intent.app, 40)}`;
    case 'click_element':
      return `Click ${describeElement(intent.element, names)}`;
    case 'double_click_element':
      return `Double-click ${describeElement(intent.element, names)}`;
    case 'right_click_element':
      return isPoint(intent.element) ? `Right-click at ${describePlace(intent.element, names)}` : `Right-click ${describeElement(intent.element, names)}`;
    case 'type_text':
      return `Type ${quote(intent.text)}${intent.element ? ` into ${describeElement(intent.element, names)}` : ''}`;
    case 'press_key':
      return `Press ${capitalizeChord(formatChord(intent.key, intent.modifiers))}${intent.app ? ` in ${quote(intent.app, 40)}` : ''}`;
    case 'scroll': {
      const where = intent.element ? ` in ${describeElement(intent.element, names)}` : intent.app ? ` in ${quote(intent.app, 40)}` : '';
      return `Scroll ${intent.direction}${intent.amount ? ` ${intent.amount}` : ''}${where}`;
    }
    case 'move_mouse':
      return `Move the pointer to ${describePlace(intent.to, names)}`;
    case 'left_click_coordinates': {
      const n = intent.count ?? 1;
      const verb = n === 1 ? 'Click' : n === 2 ? 'Double-click' : 'Triple-click';
      return `${verb} at ${Math.round(intent.x)}, ${Math.round(intent.y)}`;
    }
    case 'drag':
      return `Drag from ${describePlace(intent.from, names)} to ${describePlace(intent.to, names)}`;
    case 'go_to_cell': {
      const cell = parseCellReference(intent.cell);
      const where = intent.app ? ` in ${quote(intent.app, 40)}` : '';
      if (!cell.ok) return `Go to cell ${quote(intent.cell, 25)}${where}`;
      return `${cell.single ? `Go to cell ${cell.canonical}` : `Select cells ${cell.canonical}`}${where}`;
    }
    case 'open_url':
      return `Open ${describeWebAddress(intent.url)} in the default browser`;
    case 'window_command':
      return describeWindowCommand(intent.action, intent.title);
    case 'sequence':
      return intent.steps.map((s, i) => `${i + 1}. ${describeStep(s, names)}`).join('; ');
    case 'clarify_request':
      return `Ask: ${quote(intent.question, 120)}`;
    case 'get_frontmost_app':
      return 'Tell which app is in front';
    case 'list_applications':
      return 'List the open apps';
    case 'get_screen_elements':
      return `List what is on screen${intent.app ? ` in ${quote(intent.app, 40)}` : ''}`;
    case 'unsupported':
      return `Not supported: ${quote(intent.suggestion, 120)}`;
    default:
      return assertNever(intent, 'describeIntent: unknown intent');
  }
}

/** A one-sentence summary of what the intent will do; `names` shows observed ids by their names. */
export function describeIntent(intent: Intent, names?: ElementNames): string {
  if (intent.intent === 'sequence') return `${intent.steps.length} steps: ${describeStep(intent, names)}.`;
  return `${describeStep(intent, names)}.`;
}

/** "Maximise the window “Budget”", "Show the desktop", "Zoom in". */
function describeWindowCommand(action: WindowAction, title: string | undefined): string {
  const words = WINDOW_ACTION_WORDS[action];
  const verb = words.charAt(0).toUpperCase() + words.slice(1);
  if (action === 'switch_to') return `Switch to the window ${quote(title ?? '', 60)}`;
  if (action === 'show_desktop' || action === 'next_window' || action === 'zoom_in' || action === 'zoom_out') return verb;
  const [first, ...rest] = verb.split(' ');
  const tail = rest.length > 0 ? ` ${rest.join(' ')}` : '';
  const which = title ? `the window ${quote(title, 60)}` : 'the front window';
  return action === 'full_screen' ? `Show ${which} full screen` : `${first} ${which}${tail}`;
}
