/**
 * The mouse grid's desktop tests stand on this: the private desktop and its bridge, the grid fixture
 * (tests/fixtures/grid-fixture-app.py), and the panel's session with the grid's areas as the core
 * composes them (the screen from the input library, the front window from AT-SPI), offline commands
 * only; with the readers of what the fixture says about itself.
 */
import { desktopGridAreas } from '../../src/core/grid-areas.js';
import type { PanelSession } from '../../src/core/panel-session.js';
import type { AxBridge } from '../../src/execution/accessibility/ax-bridge.js';
import type { AssistantEvent } from '../../src/shared/contracts/events.js';
import type { OverlayView, RunReply } from '../../src/shared/contracts/ipc-contract.js';
import type { DesktopSession } from '../../scripts/desktop-session.js';
import type { GridArea } from '../../src/shared/mouse-grid.js';
import { openFixture, until } from '../support/desktop.js';
import { openDesktop } from '../support/fixture-window.js';
import { grammarPanelSession } from './grammar-session.js';

export interface GridDesktop {
  /** The private desktop, the bridge on it, and the grid fixture's process id. */
  readonly fixture: { readonly session: DesktopSession; readonly bridge: AxBridge; readonly pid: number };
  readonly session: PanelSession;
  /** Every event the loop and the session sent. */
  readonly events: AssistantEvent[];
  run(command: string): Promise<RunReply>;
  /** A label of the fixture, read through AT-SPI: the text after `prefix`. */
  label(prefix: string): Promise<string>;
  /** A counter of the fixture ("Deleted: 2" → 2). */
  count(prefix: string): Promise<number>;
  /** Where the app says its drawn button is (it has no accessible element of its own). */
  drawnButton(): Promise<GridArea>;
}

/** The grid a reply drew (it fails the test when the reply drew none). */
export function gridOf(reply: RunReply): OverlayView {
  if (!reply.overlay || reply.overlay === 'hidden' || !reply.overlay.grid) throw new Error(`no grid: ${reply.message}`);
  return reply.overlay;
}

export async function openGridDesktop(): Promise<GridDesktop> {
  const { session: desktop, bridge } = await openDesktop();
  const { pid } = await openFixture('grid', bridge);
  const events: AssistantEvent[] = [];
  const { session } = await grammarPanelSession({
    bridge,
    events,
    more: (engine) => ({ emit: (e) => events.push(e), gridAreas: desktopGridAreas({ bridge, engine: engine.engine }) }),
  });
  const label = async (prefix: string): Promise<string> => {
    const found = (await bridge.snapshot({ pid })).elements.find((e) => e.role === 'text' && e.name.startsWith(prefix));
    if (!found) throw new Error(`no label ${prefix}`);
    return found.name.slice(prefix.length).trim();
  };
  return {
    fixture: { session: desktop, bridge, pid },
    session,
    events,
    run: (command) => session.handle('command:run', [command]) as Promise<RunReply>,
    label,
    count: async (prefix) => Number(await label(prefix)),
    drawnButton: () =>
      until('the drawn button’s place', async () => {
        const [x, y, width, height] = (await label('Drawn button at:')).split(' ').map(Number);
        return x !== undefined && y !== undefined && width && height ? { x, y, width, height } : undefined;
      }),
  };
}
