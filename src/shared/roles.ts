/**
 * The cross-platform role vocabulary.
 *
 * macOS AX roles and Linux AT-SPI roles are normalized to these names by the accessibility bridge,
 * and planners name roles with them. One list, used on both sides of every boundary.
 */
export const ROLES = [
  'application',
  'window',
  'dialog',
  'alert',
  'button',
  'toggle_button',
  'check_box',
  'radio_button',
  'switch',
  'link',
  'menu_bar',
  'menu',
  'menu_item',
  'combo_box',
  'list',
  'list_item',
  'table',
  'row',
  'cell',
  'column_header',
  'tree',
  'tree_item',
  'tab_list',
  'tab',
  'text_field',
  'password_field',
  'search_field',
  'text_area',
  /** A terminal: what is typed there runs as a shell command once Enter is pressed. */
  'terminal',
  'text',
  'heading',
  'image',
  'slider',
  'spin_button',
  'scroll_bar',
  'progress_bar',
  'toolbar',
  'status_bar',
  'group',
  'document',
  'web_area',
  'separator',
  'unknown',
] as const;

export type Role = (typeof ROLES)[number];

const ROLE_SET: ReadonlySet<string> = new Set(ROLES);

export function isRole(value: string): value is Role {
  return ROLE_SET.has(value);
}

/** Roles whose elements take typed text. */
export const TEXT_ENTRY_ROLES: ReadonlySet<Role> = new Set<Role>(['text_field', 'password_field', 'search_field', 'text_area', 'combo_box', 'document']);
