/**
 * The panel's remembered position and size: a small JSON file in Electron's userData folder.
 *
 * Written atomically (a crash leaves the old file or the new one); read through a zod schema, and
 * ignored — the panel opens at its default place — when the file is missing, corrupt, or would put
 * the panel where the user cannot reach it (a display that was unplugged, a smaller screen).
 */
import { readFile } from 'node:fs/promises';
import * as z from 'zod';
import { writeFileAtomic } from '../../config/atomic-write.js';

export const PANEL_BOUNDS_FILE = 'panel-bounds.json';

const coordinate = z.number().int().min(-100_000).max(100_000);
const length = z.number().int().min(100).max(20_000);

export const panelBounds = z.strictObject({ x: coordinate, y: coordinate, width: length, height: length });
export type PanelBounds = z.infer<typeof panelBounds>;

export interface Area {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** How much of the panel must be on one display, so the user can see it and grab its title bar. */
const MIN_VISIBLE_WIDTH = 100;
const MIN_VISIBLE_HEIGHT = 60;
/** The title bar: its top strip must be inside that display, not above it. */
const TITLE_BAR_HEIGHT = 30;

/** True when enough of `bounds`, title bar included, lies on one of the displays' work areas. */
export function isReachable(bounds: Area, workAreas: readonly Area[]): boolean {
  return workAreas.some((a) => {
    const width = Math.min(bounds.x + bounds.width, a.x + a.width) - Math.max(bounds.x, a.x);
    const height = Math.min(bounds.y + bounds.height, a.y + a.height) - Math.max(bounds.y, a.y);
    const titleInside = bounds.y >= a.y && bounds.y + TITLE_BAR_HEIGHT <= a.y + a.height;
    return width >= Math.min(MIN_VISIBLE_WIDTH, bounds.width) && height >= Math.min(MIN_VISIBLE_HEIGHT, bounds.height) && titleInside;
  });
}

export type LoadedBounds = { readonly bounds: PanelBounds } | { readonly bounds: undefined; readonly why: 'missing' | 'corrupt' | 'invalid' | 'off_screen' };

/** The saved bounds when they are valid and reachable on the current displays. Never throws. */
export async function loadPanelBounds(file: string, workAreas: readonly Area[]): Promise<LoadedBounds> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return { bounds: undefined, why: 'missing' };
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { bounds: undefined, why: 'corrupt' };
  }
  const parsed = panelBounds.safeParse(raw);
  if (!parsed.success) return { bounds: undefined, why: 'invalid' };
  if (!isReachable(parsed.data, workAreas)) return { bounds: undefined, why: 'off_screen' };
  return { bounds: parsed.data };
}

export async function savePanelBounds(file: string, bounds: Area): Promise<void> {
  const rounded = { x: Math.round(bounds.x), y: Math.round(bounds.y), width: Math.round(bounds.width), height: Math.round(bounds.height) };
  await writeFileAtomic(file, `${JSON.stringify(panelBounds.parse(rounded))}\n`);
}

/** The window events that move or resize it; `getBounds` reads where it is now. */
export interface BoundsSource {
  on(event: 'moved' | 'resized' | 'close', listener: () => void): unknown;
  getBounds(): Area;
  isDestroyed(): boolean;
}

/**
 * Saves the window's bounds after the user moves or resizes it (once things settle, so a drag is
 * one write) and when it closes. Returns `flush`, which writes any pending change now (at quit).
 * A failed write is reported through `onError` and never stops the app.
 */
export function persistPanelBounds(window: BoundsSource, file: string, onError: (error: unknown) => void, settleMs = 400): () => Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  let last: Area | undefined;
  let writing: Promise<void> = Promise.resolve();
  const write = (): Promise<void> => {
    clearTimeout(timer);
    timer = undefined;
    if (!last) return writing;
    const bounds = last;
    last = undefined;
    writing = writing.then(() => savePanelBounds(file, bounds)).catch(onError);
    return writing;
  };
  const changed = (): void => {
    if (window.isDestroyed()) return;
    last = window.getBounds();
    clearTimeout(timer);
    timer = setTimeout(() => void write(), settleMs);
  };
  window.on('moved', changed);
  window.on('resized', changed);
  window.on('close', () => {
    if (!window.isDestroyed()) last = window.getBounds();
    void write();
  });
  return write;
}
