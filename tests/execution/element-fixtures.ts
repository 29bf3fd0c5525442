/** Builds snapshot elements for the pure tests of resolution and serialization. */
import type { AxElement, AxSnapshot, ElementState } from '../../src/execution/accessibility/types.js';
import type { Role } from '../../src/shared/roles.js';

const SHOWN: ElementState[] = ['enabled', 'showing', 'visible'];

export function el(id: number, role: Role, name: string, extra: Partial<AxElement> = {}): AxElement {
  return {
    id,
    role,
    platformRole: role,
    name,
    description: '',
    value: null,
    bounds: { x: id * 10, y: id * 5, width: 80, height: 24 },
    states: SHOWN,
    actions: ['button', 'toggle_button', 'check_box', 'link', 'menu_item', 'list_item'].includes(role) ? ['press'] : [],
    parent: 0,
    depth: 1,
    ...extra,
  };
}

export function snapshot(elements: AxElement[], app = 'Fixture'): AxSnapshot {
  const root: AxElement = { ...el(0, 'window', 'Fixture window'), parent: null, depth: 0 };
  return { generation: 7, pid: 1234, app, truncated: 'none', elements: [root, ...elements], elapsedMs: 1 };
}

export const HIDDEN: ElementState[] = ['enabled'];
export const DISABLED: ElementState[] = ['showing', 'visible'];
