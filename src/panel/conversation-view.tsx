/**
 * The conversation as the panel shows it: one list item per entry, with the buttons an entry offers
 * (a question's answers, a confirmation's Confirm and Cancel, "Open settings" for a missing
 * permission, the examples of a guide still open). The entries themselves are conversation.ts's.
 */
import type { PanelApi } from '../shared/contracts/ipc-contract.js';
import { guideTitle, type CommandGuide } from '../shared/command-guide.js';
import type { Entry } from './conversation.js';
import { OpenSettingsButton } from './settings/setup-fields.js';
import { ConfirmButtons } from './confirm-buttons.js';

const KIND_LABEL: Readonly<Record<Entry['kind'], string>> = {
  user: 'You',
  intent: 'Plan',
  result: 'Result',
  error: 'Problem',
  suggestion: 'Suggestion',
  clarification: 'Question',
  low_confidence: 'Not sure',
  confirmation: 'Needs your confirmation',
  permission: 'Permission needed',
  guide: 'What you can say',
};

const RISK_TEXT = { harmless: 'Harmless', moderate: 'Moderate risk', destructive: 'Destructive', blocked: 'Blocked' } as const;

/** A confirmation's answer: Confirm or Cancel. */
export type ConfirmAnswer = 'confirm' | 'cancel';

interface EntryHandlers {
  readonly api: PanelApi;
  readonly busy: boolean;
  /** Says a text as if typed: a question's answer, a guide's example. */
  readonly onSay: (text: string) => void;
  readonly onConfirm: (id: number, answer: ConfirmAnswer) => void;
}

/** Finds a button of one conversation entry (rendered with data-entry). */
export function entryButton(id: number, selector: string): HTMLButtonElement | null {
  return document.querySelector<HTMLButtonElement>(`[data-entry="${id}"] ${selector}`);
}

export function ConversationView({
  entries,
  openGuideId,
  effort,
  ...handlers
}: EntryHandlers & {
  readonly entries: readonly Entry[];
  readonly openGuideId: number | undefined;
  /** What the last task took, in words (issue #31); read out as it appears. */
  readonly effort?: string | undefined;
}) {
  return (
    <section class="conversation" aria-label="Conversation">
      <ol aria-live="polite" aria-relevant="additions" class="entries">
        {entries.map((entry) => (
          <li key={entry.id} class={`entry entry-${entry.kind}`} data-kind={entry.kind} data-entry={entry.id}>
            <span class="entry-kind">{KIND_LABEL[entry.kind]}:</span> <EntryBody {...handlers} entry={entry} live={entry.id === openGuideId} />
          </li>
        ))}
      </ol>
      <p class="task-effort" aria-live="polite" data-testid="task-effort">
        {effort ?? ''}
      </p>
    </section>
  );
}

function EntryBody({
  api,
  entry,
  busy,
  live,
  onSay,
  onConfirm,
}: EntryHandlers & {
  readonly entry: Entry;
  /** A guide still open: its examples are buttons that run them. */
  readonly live: boolean;
}) {
  switch (entry.kind) {
    case 'intent':
      return (
        <span>
          {entry.text} <span class={`risk risk-${entry.risk.level}`}>({RISK_TEXT[entry.risk.level]})</span>
        </span>
      );
    case 'clarification':
      return (
        <div>
          <p>{entry.text}</p>
          {entry.open && entry.options.length > 0 && (
            <div class="options" role="group" aria-label={`Answers to: ${entry.text}`}>
              {entry.options.map((o) => (
                <button key={o} type="button" class="big option" disabled={busy} onClick={() => onSay(o)}>
                  {o}
                </button>
              ))}
            </div>
          )}
        </div>
      );
    case 'confirmation':
      return (
        <div>
          <p>
            <strong>{entry.text}</strong>
          </p>
          <p class={`risk risk-${entry.risk.level}`}>
            {RISK_TEXT[entry.risk.level]}: {entry.risk.reason}
          </p>
          {entry.answer === 'pending' ? (
            <ConfirmButtons key={entry.id} text={entry.text} onAnswer={(answer) => onConfirm(entry.id, answer)} />
          ) : (
            <p class="answer">
              {entry.answer === 'confirmed' ? 'You confirmed.' : entry.answer === 'cancelled' ? 'You cancelled.' : 'No longer waiting for an answer.'}
            </p>
          )}
        </div>
      );
    case 'permission':
      return (
        <div>
          <p>{entry.text}</p>
          {entry.canOpenSettings && <OpenSettingsButton api={api} kind={entry.permission} />}
        </div>
      );
    case 'guide':
      return <GuideView guide={entry.guide} live={live} busy={busy} onSay={onSay} />;
    default:
      return <span>{entry.text}</span>;
  }
}

/**
 * "What can I say": each group with its examples. While the guide is the latest thing shown, each
 * example is a button that says it (typed, as if the user had said it); the answers of a waiting
 * confirmation stay usable while it waits, other examples once nothing runs.
 */
function GuideView({
  guide,
  live,
  busy,
  onSay,
}: {
  readonly guide: CommandGuide;
  readonly live: boolean;
  readonly busy: boolean;
  readonly onSay: (text: string) => void;
}) {
  const usable = live && (!busy || guide.scope === 'confirmation' || guide.scope === 'running');
  return (
    <div class="guide">
      <p>{guideTitle(guide)}</p>
      {guide.groups.map((group) => (
        <div key={group.title} class="guide-group" role="group" aria-label={group.title}>
          <p class="guide-title">{group.title}</p>
          <ul class="guide-examples">
            {group.examples.map((example) => (
              <li key={example}>
                {usable ? (
                  <button type="button" class="example" onClick={() => onSay(example)}>
                    {example}
                  </button>
                ) : (
                  <span class="example">“{example}”</span>
                )}
              </li>
            ))}
          </ul>
          {group.alsoSaid.length > 0 && <p class="help">Also: {group.alsoSaid.join(', ')}.</p>}
        </div>
      ))}
    </div>
  );
}
