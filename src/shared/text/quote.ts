/**
 * Quotes text for a sentence the user reads or hears: on one line, shortened with an ellipsis, in
 * curly quotes. Invisible characters (bidi controls, zero-width characters, soft hyphens) are
 * removed first, so a label or a command cannot display as something it is not.
 */
import { visibleLabel } from './label-text.js';

export const QUOTE_MAX = 60;

export function quote(text: string, max = QUOTE_MAX): string {
  const flat = visibleLabel(text);
  return `“${flat.length > max ? `${flat.slice(0, max - 1)}…` : flat}”`;
}
