/**
 * The state of "Your commands" (user-commands-view.tsx), kept in the panel's App so that the switch
 * can scan the view too (use-panel-scan.ts): the list as the core last sent it, the sentence of the
 * last change, and the question or form that is open. The list is asked for when the view opens and
 * again whenever the core reads the file again (the `user_commands_changed` event).
 */
import { useEffect, useState } from 'preact/hooks';
import { useFocusAtCommit } from './use-focus-at-commit.js';
import type { PanelApi, UserCommandEntry, UserCommandsReply, UserCommandsView } from '../shared/contracts/ipc-contract.js';

export type PendingCommand = { readonly kind: 'delete' | 'edit'; readonly entry: UserCommandEntry };

/** What the core answered, or a request that got no answer (only a sentence then). */
export type CommandOutcome = UserCommandsReply | { readonly ok: false; readonly message: string };

/** A key that tells two listed commands apart (a phrase may be kept once per app). */
export const commandKey = (c: UserCommandEntry): string => JSON.stringify([c.say, c.app ?? '', c.line]);

/** The element a closed question or form gives the focus back to (WAI-ARIA: the button that opened it). */
export const focusKey = (kind: PendingCommand['kind'], c: UserCommandEntry): string => `${kind}-${commandKey(c)}`;

export interface UserCommandsState {
  readonly view: UserCommandsView | undefined;
  readonly failed: boolean;
  readonly message: { readonly ok: boolean; readonly text: string } | undefined;
  readonly pending: PendingCommand | undefined;
  /** Opens a question or form (undefined: closes it and gives the focus back to the button that opened it). */
  readonly setPending: (next: PendingCommand | undefined) => void;
  /** Deletes the command (the user said Delete to the question). */
  readonly remove: (entry: UserCommandEntry) => Promise<void>;
  /** Shows the core's answer to a change. */
  readonly answered: (reply: CommandOutcome) => void;
}

/** The view's element that `selector` picks: the heading, or the button that opened a question or form. */
const viewElement = (selector: (e: HTMLElement) => boolean): HTMLElement | undefined =>
  [...document.querySelectorAll<HTMLElement>('.user-commands [data-focus], #user-commands-heading')].find(selector);

export function useUserCommands(api: PanelApi, open: boolean): UserCommandsState {
  const [view, setView] = useState<UserCommandsView | undefined>();
  const [failed, setFailed] = useState(false);
  const [message, setMessage] = useState<UserCommandsState['message']>();
  const [pending, setPendingState] = useState<PendingCommand | undefined>();
  // At the commit that shows the element again, so a press right after the answer lands there.
  const focusAtCommit = useFocusAtCommit();
  const focusOn = (selector: (e: HTMLElement) => boolean): void => focusAtCommit(() => viewElement(selector));

  useEffect(() => {
    setMessage(undefined);
    setPendingState(undefined);
    if (!open) return;
    let live = true;
    const load = (): void => {
      api.userCommandsView().then(
        (v) => {
          if (!live) return;
          setView(v);
          setFailed(false);
        },
        () => live && setFailed(true),
      );
    };
    load();
    const off = api.onEvent((event) => {
      if (event.type === 'user_commands_changed') load();
    });
    return () => {
      live = false;
      off();
    };
  }, [api, open]);

  const answered = (reply: CommandOutcome): void => {
    setMessage({ ok: reply.ok, text: reply.message });
    if ('view' in reply) setView(reply.view);
    if (reply.ok) {
      setPendingState(undefined);
      // The item may be gone: the heading, described by the sentence that says what happened, takes the focus.
      focusOn((e) => e.id === 'user-commands-heading');
    }
  };

  return {
    view,
    failed,
    message,
    pending,
    answered,
    setPending: (next) => {
      const closing = pending;
      setPendingState(next);
      if (!next && closing) focusOn((e) => e.dataset['focus'] === focusKey(closing.kind, closing.entry));
    },
    remove: async (entry) => {
      try {
        answered(await api.deleteUserCommand({ say: entry.say, ...(entry.app !== undefined ? { app: entry.app } : {}), line: entry.line }));
      } catch {
        answered({ ok: false, message: 'The command could not be deleted: the assistant did not answer. Try again.' });
      }
    },
  };
}
