/**
 * How a plan names an element: by its id in the latest observation, by what it says, or as the one
 * the user picked when asked which (results.ts and engine-types.ts both speak of it).
 */
import type { Role } from '../shared/roles.js';

/** An element: by its id in the latest observation, by what it says (+ role, app), by its rank, or as picked. */
export type Target = { readonly id: number } | LabelTarget | OrdinalTarget | { readonly choice: ElementChoice };

/**
 * The `ordinal`-th shown control of `role` in reading order (from the last with `fromEnd`), inside
 * the container `within` names (its name or its kind: "toolbar", "dialog"), only unnamed ones with
 * `unnamed` (ordinal-target.ts).
 */
export interface OrdinalTarget {
  readonly ordinal: number;
  readonly role: Role;
  readonly within?: string;
  readonly unnamed?: boolean;
  readonly fromEnd?: boolean;
  readonly app?: string;
}

export interface LabelTarget {
  readonly label: string;
  readonly role?: Role;
  readonly app?: string;
}

/**
 * One candidate of an ambiguity question ("which “OK”?"), pinned to the element it names, so that
 * the user's answer acts on exactly that element. `query` is the label target that was ambiguous;
 * the rest identifies the element in its app's tree, checked again live before acting.
 */
export interface ElementChoice {
  readonly query: LabelTarget;
  readonly pid: number;
  readonly id: number;
  readonly role: Role;
  readonly name: string;
  readonly description: string;
  readonly parent: number | null;
  readonly depth: number;
}
