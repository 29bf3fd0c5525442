/**
 * The live facts of an element for the gate: its role and names, whether it is a secret field, a
 * terminal (and whether its line holds text the engine typed), or one of the assistant's own.
 */
import { isSecureFieldName } from '../shared/secure-fields.js';
import type { AxElement } from './accessibility/types.js';
import { isTerminalElement } from './app-classes.js';
import type { AppOf } from './element-geometry.js';
import type { TerminalLines } from './engine-parts.js';
import type { LiveElementFacts } from './engine-types.js';

export function liveFacts(
  el: AxElement | undefined,
  where: AppOf | undefined,
  lines: TerminalLines,
  isOwn: (pid: number) => boolean,
): LiveElementFacts | undefined {
  if (!el) return undefined;
  const terminal = isTerminalElement(el, where?.app);
  return {
    role: el.role,
    name: el.name,
    description: el.description,
    secure: el.role === 'password_field' || isSecureFieldName(el.name, el.description),
    ...(terminal ? { terminal, typedLine: where !== undefined && lines.has(where.pid) } : {}),
    ...(where && isOwn(where.pid) ? { own: true } : {}),
  };
}
