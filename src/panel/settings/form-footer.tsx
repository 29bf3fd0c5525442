/**
 * The end of a form in the panel: the sentence the last save was answered with (read out as it
 * changes), then the big submit button and the way out of the form.
 */
export function FormFooter({
  message,
  testId,
  submit,
  leave,
  onLeave,
}: {
  /** The answer to the last save; undefined: none yet. */
  readonly message: { readonly ok: boolean; readonly text: string } | undefined;
  readonly testId: string;
  readonly submit: string;
  readonly leave: string;
  readonly onLeave: () => void;
}) {
  return (
    <>
      <p class={`form-message ${message ? (message.ok ? 'ok' : 'problem') : ''}`} aria-live="polite" data-testid={testId}>
        {message?.text ?? ''}
      </p>
      <div class="actions">
        <button type="submit" class="big primary">
          {submit}
        </button>
        <button type="button" class="big" onClick={onLeave}>
          {leave}
        </button>
      </div>
    </>
  );
}
