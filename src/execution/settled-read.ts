/**
 * Reading a tree that may still be being built (issue #29 item 2). An app that is busy gives a tree
 * that is not yet what the user sees: a document with the `busy` state (a page loading), a frame
 * whose document has not arrived (Firefox builds a page's tree on the first request of an assistive
 * client: the first read of a fresh Firefox had the page's frame with nothing in it), or many
 * actionable elements without a name (names still arriving: they fill in on the next read).
 *
 * When the first read shows one of these signs, the tree is read again, until no document is busy,
 * no frame is empty, and two reads in a row agree on the actionable elements (their roles and names,
 * and how many have none), or until the deadline. Between reads it pauses briefly; the pause is not
 * the condition, the app's state is. Giving up is said in one sentence the observation carries.
 */
import type { AxElement, AxSnapshot } from './accessibility/types.js';
import { isActionable } from './element-resolution.js';
import type { Clock } from './engine-types.js';

export interface SettleTuning {
  /** How long an observation may keep reading a tree that is still being built. */
  readonly settleMs: number;
  /** The pause between two reads. */
  readonly pollMs: number;
}

export interface SettledRead {
  /** The latest read (the one the bridge's ids now refer to). */
  readonly snapshot: AxSnapshot;
  readonly reads: number;
  /** Set when the deadline came first: what still looked unfinished, as a sentence. */
  readonly unsettled?: string;
}

/** Roles whose `busy` state means the view is still loading. */
const DOCUMENT_ROLES = new Set(['web_area', 'document', 'window', 'application', 'dialog']);
/**
 * Platform roles of an element that holds another tree (a browser's page): empty, its content has
 * not arrived. AT-SPI's names; macOS gives the web area itself, which the bridge reads whole.
 */
const EMBEDDING_PLATFORM_ROLES = new Set(['internal frame', 'embedded', 'embedded component']);
/** So many unnamed actionable elements, and this share of them, suggest names still arriving. */
const UNNAMED_MIN = 3;
const UNNAMED_SHARE = 0.2;

const shown = (e: AxElement): boolean => e.states.includes('showing') || e.states.includes('visible');

/** The signs that the app is still building this tree; none when it looks finished. */
export function buildingSigns(s: AxSnapshot): { readonly busy: number; readonly emptyFrames: number; readonly unnamed: number } {
  const parents = new Set(s.elements.map((e) => e.parent));
  let busy = 0;
  let emptyFrames = 0;
  let actionable = 0;
  let unnamed = 0;
  for (const e of s.elements) {
    if (!shown(e)) continue;
    if (e.states.includes('busy') && DOCUMENT_ROLES.has(e.role)) busy++;
    if (EMBEDDING_PLATFORM_ROLES.has(e.platformRole) && !parents.has(e.id)) emptyFrames++;
    if (isActionable(e)) {
      actionable++;
      if (!e.name && !e.description) unnamed++;
    }
  }
  return { busy, emptyFrames, unnamed: unnamed >= UNNAMED_MIN && unnamed >= actionable * UNNAMED_SHARE ? unnamed : 0 };
}

type Signs = ReturnType<typeof buildingSigns>;

const anySign = (g: Signs): boolean => g.busy > 0 || g.emptyFrames > 0 || g.unnamed > 0;

/** What two reads must agree on: the shown actionable elements' roles and names, and how many have none. */
function signature(s: AxSnapshot): string {
  const named: string[] = [];
  let unnamed = 0;
  for (const e of s.elements) {
    if (!shown(e) || !isActionable(e)) continue;
    if (e.name || e.description) named.push(`${e.role}\u0000${e.name}\u0000${e.description}`);
    else unnamed++;
  }
  return `${unnamed}\u0001${named.sort().join('\u0001')}`;
}

/** The sentence an observation carries when the tree was still being built at the deadline. */
export function unsettledNote(g: Signs, changing: boolean): string {
  const why: string[] = [];
  if (g.busy > 0) why.push('its page was still busy loading');
  if (g.emptyFrames > 0) why.push("a page's content had not arrived");
  if (g.unnamed > 0) why.push(`${g.unnamed} controls had no name yet`);
  if (why.length === 0 && changing) why.push('it kept changing between reads');
  return `(The app was still building this view when it was read — ${why.join(', ')}. This list may be incomplete: ask for the screen again in a moment.)`;
}

/** Reads until the tree looks finished and stable, or until the deadline (then says so). */
export async function readSettled(read: () => Promise<AxSnapshot>, clock: Clock, tuning: SettleTuning): Promise<SettledRead> {
  const end = clock.now() + tuning.settleMs;
  let last = await read();
  let reads = 1;
  let signs = buildingSigns(last);
  if (!anySign(signs)) return { snapshot: last, reads };
  for (;;) {
    const left = end - clock.now();
    if (left <= 0) return { snapshot: last, reads, unsettled: unsettledNote(signs, true) };
    await clock.sleep(Math.min(tuning.pollMs, left));
    const next = await read().catch(() => undefined);
    if (!next) return { snapshot: last, reads, unsettled: unsettledNote(signs, true) };
    reads++;
    const nextSigns = buildingSigns(next);
    const agree = signature(next) === signature(last);
    last = next;
    signs = nextSigns;
    // Unnamed controls may be the app's own (icon buttons without a name): agreeing reads settle them.
    if (agree && nextSigns.busy === 0 && nextSigns.emptyFrames === 0) return { snapshot: last, reads };
  }
}
