/**
 * What switch scanning shows: the list the highlight moves in (the current one marked), how many
 * presses each entry needs from the top, the presses used so far, and what the last choice took.
 * Not a set of buttons: the switch is the control here, and the conversation keeps its own buttons
 * for keyboard and pointer users.
 */
import type { ScanMode } from '../../shared/switch-access.js';
import { levelOf, pressesTo, type ScanNode } from './switch-scan.js';
import type { SwitchState } from './use-switch.js';

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 'es'}`;
}

export function ScanBar({ tree, state, mode }: { readonly tree: readonly ScanNode[]; readonly state: SwitchState; readonly mode: ScanMode }) {
  const level = levelOf(tree, state.cursor);
  const inside: string[] = [];
  let walk = tree;
  for (const i of state.cursor.path) {
    const node = walk[i];
    if (!node || node.type !== 'group') break;
    inside.push(node.label);
    walk = node.children;
  }
  return (
    <section class="scan" aria-labelledby="scan-heading" data-scanning={state.scanning}>
      <h2 id="scan-heading">Switch scanning{inside.length > 0 ? `: ${inside.join(' › ')}` : ''}</h2>
      {level.length === 0 ? (
        <p class="help">Nothing to choose right now.</p>
      ) : (
        <ol class="scan-items">
          {level.map((node, i) => {
            const current = state.scanning && i === state.cursor.index;
            // From the top: this entry (and, for a group, its first item).
            const presses = pressesTo(tree, [i], mode);
            return (
              <li
                key={`${node.type}:${node.label}`}
                class={`scan-item${current ? ' scan-current' : ''}`}
                aria-current={current ? 'true' : undefined}
                data-scan-type={node.type}
              >
                <span class="scan-label">
                  {node.label}
                  {node.type === 'group' ? ' ›' : ''}
                </span>
                {state.cursor.path.length === 0 && <span class="scan-cost">{plural(presses, 'press')}</span>}
              </li>
            );
          })}
        </ol>
      )}
      <p class="help" data-testid="scan-status">
        {state.scanning ? `Presses so far: ${state.presses}.` : 'Scanning is resting: press the switch to start again.'}
        {state.lastChoice ? ` “${state.lastChoice.label}” took ${plural(state.lastChoice.presses, 'press')}.` : ''}
      </p>
    </section>
  );
}
