/**
 * A choice among a few options as radio buttons in a fieldset, each option's name in bold with the
 * sentence of what it means (the planner, where pictures of the screen may go). Tab reaches the
 * chosen one, the arrow keys choose; the legend names the group for screen readers.
 */
import type { ComponentChildren } from 'preact';

export interface ChoiceOption<T extends string> {
  readonly value: T;
  readonly label: string;
  readonly hint: string;
}

export function ChoiceRadios<T extends string>({
  legend,
  name,
  options,
  value,
  onChoose,
  children,
}: {
  readonly legend: string;
  /** The radio buttons' shared name (one group per name on the page). */
  readonly name: string;
  readonly options: readonly ChoiceOption<T>[];
  readonly value: T;
  readonly onChoose: (value: T) => void;
  /** Shown between the legend and the options. */
  readonly children?: ComponentChildren;
}) {
  return (
    <fieldset>
      <legend>{legend}</legend>
      {children}
      {options.map((o) => (
        <label key={o.value} class="choice">
          <input type="radio" name={name} value={o.value} checked={value === o.value} onChange={() => onChoose(o.value)} />
          <span>
            <strong>{o.label}</strong>
            <span class="help">{o.hint}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
