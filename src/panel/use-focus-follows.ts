/**
 * Focus follows the conversation (docs/decisions/0060-focus-follows-conversation-destructive.md): a confirmation request takes it to
 * Confirm, or to Cancel when the action is destructive, unless the user is typing in the command box
 * (issue #27: it stays there, and the question is said); a missing permission to its "Open
 * settings"; the end of a run to the first answer of the question it asked, else to the command
 * box. Each move is announced.
 */
import type { RefObject } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';
import { openQuestion, type PanelState } from './conversation.js';
import { entryButton } from './conversation-view.js';

export function useFocusFollows({
  state,
  runsEnded,
  input,
  announce,
}: {
  readonly state: PanelState;
  /** Counts the runs that ended: each end moves the focus once. */
  readonly runsEnded: number;
  readonly input: RefObject<HTMLTextAreaElement | null>;
  readonly announce: (text: string) => void;
}): void {
  const lastSeen = useRef(0);
  // The latest values, read by the effects below without being what triggers them.
  const latest = useRef({ state, input, announce });
  latest.current = { state, input, announce };

  // New entries that ask something of the user take the focus. Both moves are made at the commit that
  // shows the entry, not after the paint: a key or switch pressed the moment it shows lands on it.
  useLayoutEffect(() => {
    const { input, announce } = latest.current;
    const fresh = state.entries.filter((e) => e.id > lastSeen.current);
    lastSeen.current = state.nextId - 1;
    for (const entry of fresh) {
      if (entry.kind === 'confirmation' && entry.answer === 'pending') {
        const destructive = entry.risk.level === 'destructive';
        // Never out of the command box while the user is typing there (issue #27): the next key
        // would land on the answer. The question is said, and "yes" or "no" typed there answers it.
        const box = input.current;
        if (box && document.activeElement === box && box.value.trim() !== '') {
          announce(
            `Needs your confirmation: ${entry.text} ${destructive ? 'Destructive. ' : ''}Your text stays in the command box: type yes or no there, or reach Confirm and Cancel with Shift+Tab.`,
          );
          continue;
        }
        entryButton(entry.id, destructive ? 'button.cancel' : 'button.confirm')?.focus();
        announce(`Needs your confirmation: ${entry.text} ${destructive ? 'Destructive. Focus is on Cancel.' : 'Focus is on Confirm.'}`);
      } else if (entry.kind === 'permission') {
        const open = entryButton(entry.id, 'button');
        if (open) open.focus();
        else input.current?.focus();
        announce(`Permission needed. ${entry.text}${open ? ' Focus is on Open settings.' : ''}`);
      }
    }
  }, [state.entries, state.nextId]);

  // The end of a run gives the focus to the first answer of a question it asked (its buttons are
  // enabled only now), otherwise back to the command box.
  useLayoutEffect(() => {
    if (runsEnded === 0) return;
    const { state, input, announce } = latest.current;
    const question = openQuestion(state);
    if (question) {
      entryButton(question.id, 'button.option')?.focus();
      announce(`Question: ${question.text} Focus is on the first answer, ${question.options[0] ?? ''}.`);
      return;
    }
    input.current?.focus();
    announce('Finished. Focus is back in the command box.');
    // Only the end of a run moves the focus, not every later change of the state.
  }, [runsEnded]);
}
