/** The status bar (the assistant's status, or what voice does) and the one assertive live region that announces focus moves. */
import type { AssistantStatus } from '../shared/contracts/events.js';
import { STATUS_TEXT } from './conversation.js';

export function StatusBar({ status, voiceStatus }: { readonly status: AssistantStatus; readonly voiceStatus: string | undefined }) {
  return (
    <div class="status" role="status" aria-live="polite" data-status={status === 'idle' && voiceStatus ? 'voice' : status}>
      <span class="status-dot" aria-hidden="true" />
      <span>Status: {voiceStatus ?? STATUS_TEXT[status]}</span>
    </div>
  );
}

export function Announcer({ text }: { readonly text: string }) {
  return (
    <div class="visually-hidden" aria-live="assertive" aria-atomic="true" data-testid="announcer">
      {text}
    </div>
  );
}
