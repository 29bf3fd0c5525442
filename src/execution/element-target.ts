/**
 * How a plan names an element: by its id in the latest observation, by what it says, or as the one
 * the user picked when asked which (results.ts and engine-types.ts both speak of it).
 */
import type { Role } from '../shared/roles.js';

/** An element: by its id in the latest observation, or by what it says (+ role, app). */
export type Target = { readonly id: number } | LabelTarget | { readonly choice: ElementChoice };

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
