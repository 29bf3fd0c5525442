/**
 * The numbered overlay's page: a number beside every actionable element of the frontmost window,
 * centred on the element's top-left corner, with a thin outline of the element. The numbers are the ids of
 * the observation the planner sees, so "click 12" needs no LLM. The window is transparent,
 * click-through and never focused (src/main/panel/overlay-window.ts); the shell redraws it by changing
 * the fragment of its URL. The same page draws the mouse grid (issue #29): a numbered box per cell.
 */
import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { readOverlayPage, type OverlayPage } from './overlay-view.js';

/** How far above its element a target's name starts (overlay.css: line-height 1.5rem, borders 2 × 2px, a 4px gap). */
const LABEL_ABOVE = '(1.5rem + 8px)';

/** Half the badge's least size (overlay.css: min-width 1.5rem, line-height 1.25rem). */
const BADGE_HALF = { x: '0.75rem', y: '0.625rem' } as const;

function Overlay() {
  const [page, setPage] = useState<OverlayPage | undefined>(() => readOverlayPage(location.hash));
  useEffect(() => {
    const onHash = (): void => setPage(readOverlayPage(location.hash));
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  if (!page) return <main aria-label="Element numbers" />;
  const outline = page.target ? <TargetOutline page={page} target={page.target} /> : null;
  const lit = new Set(page.highlight);
  if (page.grid)
    return (
      <>
        <Grid page={page} lit={lit} />
        {outline}
      </>
    );
  if (page.marks.length === 0 && outline) return outline;
  return (
    <main aria-label={`Element numbers on ${page.app}`}>
      <ol class="marks">
        {page.marks.map((m) => {
          const left = m.x - page.origin.x;
          const top = m.y - page.origin.y;
          return (
            <li key={m.id} class={lit.has(m.id) ? 'mark mark-highlight' : 'mark'} data-mark={m.id}>
              <span class="mark-outline" aria-hidden="true" style={{ left: `${left}px`, top: `${top}px`, width: `${m.width}px`, height: `${m.height}px` }} />
              {/* Centred on the element's top-left corner (over its padding, not its text), kept on screen. */}
              <span
                class="mark-badge"
                style={{ left: `max(0px, calc(${left}px - ${BADGE_HALF.x}))`, top: `max(0px, calc(${top}px - ${BADGE_HALF.y}))` }}
                aria-label={`${m.id}: ${m.label || m.role}`}
              >
                {m.id}
              </span>
            </li>
          );
        })}
      </ol>
      {outline}
    </main>
  );
}

/**
 * What a confirmation waits to act on (issue #31): a thick outline at the element's bounds, or a
 * ring around the point, with its name beside it. Drawn over the numbers or the grid, or alone.
 */
function TargetOutline({ page, target }: { readonly page: OverlayPage; readonly target: NonNullable<OverlayPage['target']> }) {
  const left = target.x - page.origin.x;
  const top = target.y - page.origin.y;
  const box =
    target.kind === 'element'
      ? { left: `${left}px`, top: `${top}px`, width: `${target.width}px`, height: `${target.height}px` }
      : { left: `${left}px`, top: `${top}px` };
  return (
    <section class="target" aria-label={`Waiting for your confirmation: ${target.label}`} data-target={target.kind}>
      <span class={target.kind === 'element' ? 'target-outline' : 'target-point'} aria-hidden="true" style={box} />
      <span
        class={target.kind === 'element' ? 'target-label' : 'target-label target-label-point'}
        // Above the element (its height and a gap), kept on screen; beside a point.
        style={{ left: `max(0px, ${left}px)`, top: target.kind === 'element' ? `max(0px, calc(${top}px - ${LABEL_ABOVE}))` : `${top}px` }}
      >
        {target.label}
      </span>
    </section>
  );
}

/** The mouse grid (issue #29): each cell a box with its number in the middle. */
function Grid({ page, lit }: { readonly page: OverlayPage; readonly lit: ReadonlySet<number> }) {
  return (
    <main aria-label={`Mouse grid on ${page.app}`}>
      <ol class="marks">
        {page.marks.map((m) => (
          <li
            key={m.id}
            class={lit.has(m.id) ? 'grid-cell mark-highlight' : 'grid-cell'}
            data-cell={m.id}
            style={{ left: `${m.x - page.origin.x}px`, top: `${m.y - page.origin.y}px`, width: `${m.width}px`, height: `${m.height}px` }}
          >
            <span class="mark-badge grid-badge" aria-label={`Cell ${m.id}`}>
              {m.id}
            </span>
          </li>
        ))}
      </ol>
    </main>
  );
}

const root = document.getElementById('root');
if (root) render(<Overlay />, root);
