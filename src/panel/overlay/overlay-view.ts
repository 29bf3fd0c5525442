/**
 * What the overlay page is told, read from its URL's fragment: the app, the marks, where the window
 * sits on the screen and which marks the switch highlights. The shell writes the fragment; the page
 * still checks every field (it is data from another process), and draws nothing it cannot read.
 */
import type { ActionTarget } from '../../shared/contracts/events.js';
import type { OverlayMark } from '../../shared/contracts/ipc-contract.js';

export interface OverlayPage {
  readonly app: string;
  readonly marks: readonly OverlayMark[];
  /** The window's top-left corner in screen coordinates: marks are drawn relative to it. */
  readonly origin: { readonly x: number; readonly y: number };
  readonly highlight: readonly number[];
  /** The marks are the mouse grid's cells: a box each, its number in the middle (issue #29). */
  readonly grid: boolean;
  /** What a confirmation waits to act on (issue #31): an element's bounds or a point, outlined with its name. */
  readonly target?: ActionTarget;
}

/** More than any window shows; a longer list is cut. */
export const MAX_MARKS = 500;

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isText = (v: unknown, max: number): v is string => typeof v === 'string' && v.length <= max;

function readMark(v: unknown): OverlayMark | undefined {
  if (typeof v !== 'object' || v === null) return undefined;
  const m = v as Record<string, unknown>;
  if (!isNumber(m.id) || !Number.isInteger(m.id) || m.id < 1) return undefined;
  if (!isNumber(m.x) || !isNumber(m.y) || !isNumber(m.width) || !isNumber(m.height) || m.width <= 0 || m.height <= 0) return undefined;
  if (!isText(m.role, 60) || !isText(m.label, 200)) return undefined;
  return { id: m.id, role: m.role, label: m.label, x: m.x, y: m.y, width: m.width, height: m.height };
}

function readTarget(v: unknown): ActionTarget | undefined {
  if (typeof v !== 'object' || v === null) return undefined;
  const t = v as Record<string, unknown>;
  if (!isText(t.label, 200) || !isNumber(t.x) || !isNumber(t.y)) return undefined;
  if (t.kind === 'point') return { kind: 'point', label: t.label, x: t.x, y: t.y };
  if (t.kind !== 'element' || !isNumber(t.width) || !isNumber(t.height) || t.width <= 0 || t.height <= 0) return undefined;
  return { kind: 'element', label: t.label, x: t.x, y: t.y, width: t.width, height: t.height };
}

/** Parses the fragment (`#` + URI-encoded JSON); undefined when it is not an overlay description. */
export function readOverlayPage(hash: string): OverlayPage | undefined {
  let data: unknown;
  try {
    data = JSON.parse(decodeURIComponent(hash.replace(/^#/, '')));
  } catch {
    return undefined;
  }
  if (typeof data !== 'object' || data === null) return undefined;
  const d = data as Record<string, unknown>;
  const origin = d.origin as Record<string, unknown> | undefined;
  if (!isText(d.app, 200) || !Array.isArray(d.marks) || !origin || !isNumber(origin.x) || !isNumber(origin.y)) return undefined;
  const marks = d.marks
    .slice(0, MAX_MARKS)
    .map(readMark)
    .filter((m): m is OverlayMark => m !== undefined);
  const highlight = Array.isArray(d.highlight) ? d.highlight.filter((h): h is number => isNumber(h)) : [];
  const target = readTarget(d.target);
  return { app: d.app, marks, origin: { x: origin.x, y: origin.y }, highlight, grid: d.grid === true, ...(target ? { target } : {}) };
}
