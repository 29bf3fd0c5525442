/**
 * The picture a model that takes images sees when the tree cannot answer: the front window's
 * pixels with every secure field and every window of the assistant's own filled flat, a numbered
 * grid over the window (the mouse grid's geometry), and the observation's numbered elements marked
 * with the same numbers "click 12" uses. Encoded as PNG; kept nowhere (the caller sends it and
 * drops it).
 */
import { isSecureFieldName } from '../../shared/secure-fields.js';
import { gridCells } from '../../shared/mouse-grid.js';
import { OVERLAY_WINDOW_TITLE } from '../../shared/own-windows.js';
import type { AxBridge } from '../accessibility/ax-bridge.js';
import type { AxElement } from '../accessibility/types.js';
import { isVisible } from '../element-resolution.js';
import type { Observation } from '../observation.js';
import { drawPicture, type PictureMark, type Rect } from './picture.js';
import { encodePng } from './png.js';
import { CaptureError, captureScreen, type RgbaImage, type ScreenCaptureOptions } from './capture.js';

/** Cells per side of the grid drawn on a picture. */
export const PICTURE_GRID_SIZE = 4;
/** The whole capture (connection, pixels). */
export const CAPTURE_DEADLINE_MS = 2_000;

export interface PictureDeps {
  readonly bridge: Pick<AxBridge, 'snapshot'>;
  readonly env: NodeJS.ProcessEnv;
  /** The assistant's own processes: their windows are masked. */
  readonly ownPids: readonly number[];
  /** Stands in for the screen in benchmarks; the real capture otherwise. */
  readonly capture?: (area: Rect, options: ScreenCaptureOptions) => Promise<RgbaImage & { readonly area: Rect }>;
}

export interface PictureRequest {
  /** The app whose front window is pictured. */
  readonly pid: number;
  /** Its latest observation (its ids are the marks). */
  readonly observation: Observation;
  readonly gridSize?: number;
}

/** A numbered element as drawn, in picture pixels. */
export interface MarkedElement extends PictureMark {
  readonly role: string;
  readonly label: string;
}

export interface WindowPicture {
  readonly png: Buffer;
  readonly width: number;
  readonly height: number;
  /** Where the picture is on the screen (screen pixels): a picture point (x, y) is the screen's (area.x + x, area.y + y). */
  readonly area: Rect;
  readonly app: string;
  readonly marks: readonly MarkedElement[];
  /** The grid's cells in picture pixels, cell 1 first. */
  readonly cells: readonly Rect[];
  /** How many rectangles were filled (secure fields and the assistant's own windows). */
  readonly masked: number;
}

const shift = (r: Rect, by: Rect): Rect => ({ x: r.x - by.x, y: r.y - by.y, width: r.width, height: r.height });
const overlaps = (a: Rect, b: Rect): boolean => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The front window: the active one, else the first visible window or dialog. */
function frontWindow(elements: readonly AxElement[]): AxElement | undefined {
  const windows = elements.filter((e) => (e.role === 'window' || e.role === 'dialog') && isVisible(e));
  return windows.find((e) => e.states.includes('active')) ?? windows[0];
}

function isSecure(e: AxElement): boolean {
  return e.role === 'password_field' || isSecureFieldName(e.name, e.description);
}

/** The windows of the assistant's own processes (the click-through numbered overlay aside: the marks drawn here replace it). */
async function ownWindows(deps: PictureDeps): Promise<Rect[]> {
  const out: Rect[] = [];
  for (const pid of deps.ownPids) {
    const s = await deps.bridge.snapshot({ pid, maxDepth: 1, maxNodes: 64, deadlineMs: 1000 }).catch(() => undefined);
    for (const e of s?.elements ?? []) {
      if ((e.role === 'window' || e.role === 'dialog') && e.name !== OVERLAY_WINDOW_TITLE && isVisible(e) && e.bounds) out.push(e.bounds);
    }
  }
  return out;
}

/** Takes, masks, marks and encodes the picture; a CaptureError's message is the sentence for the user. */
export async function takeWindowPicture(deps: PictureDeps, request: PictureRequest): Promise<WindowPicture> {
  const snapshot = await deps.bridge.snapshot({ pid: request.pid, deadlineMs: 3000 }).catch(() => undefined);
  const window = snapshot && frontWindow(snapshot.elements);
  if (!snapshot || !window?.bounds)
    throw new CaptureError(`${request.observation.app} shows no window on the screen to take a picture of: bring it into view, then try again.`);
  const image = await (deps.capture ?? captureScreen)(window.bounds, { env: deps.env, deadlineMs: CAPTURE_DEADLINE_MS, pid: request.pid });
  const area = image.area;
  const whole: Rect = { x: 0, y: 0, width: image.width, height: image.height };
  const secure = snapshot.elements.filter((e) => isSecure(e) && e.bounds && e.bounds.width > 0).map((e) => e.bounds as Rect);
  const masks = [...secure, ...(await ownWindows(deps))].map((r) => shift(r, area)).filter((r) => overlaps(r, whole));
  const marks: MarkedElement[] = [];
  for (const [id, place] of request.observation.places ?? []) {
    const b = place.bounds;
    if (!place.actionable || !b || b.width <= 0 || b.height <= 0) continue;
    const r = shift(b, area);
    const centre = { x: r.x + r.width / 2, y: r.y + r.height / 2, width: 1, height: 1 };
    // An element under a mask (a secure field, the panel) keeps its number in the list, not on the picture.
    if (overlaps(r, whole) && !masks.some((m) => overlaps(m, centre))) marks.push({ id, role: place.role, label: place.label, ...r });
  }
  const cells = gridCells(whole, request.gridSize ?? PICTURE_GRID_SIZE);
  const canvas = { width: image.width, height: image.height, rgba: image.rgba };
  drawPicture(canvas, { masks, cells, marks });
  return {
    png: await encodePng(image.width, image.height, image.rgba),
    width: image.width,
    height: image.height,
    area,
    app: request.observation.app,
    marks,
    cells,
    masked: masks.length,
  };
}
