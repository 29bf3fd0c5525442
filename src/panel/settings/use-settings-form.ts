/**
 * The settings form's state (settings-view.tsx), kept in the panel's App so that the switch can
 * change the same form it shows (use-panel-scan.ts, settings-scan.ts): the draft, the keys' status,
 * the sentence of the last save, and saving. The draft is taken from the saved settings each time
 * the view opens.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { PanelApi, SaveReply, SettingsUpdate, SettingsView } from '../../shared/contracts/ipc-contract.js';
import { toUpdate } from './setup-fields.js';

export interface SettingsFormState {
  /** Undefined while the view is closed (or before the settings arrived). */
  readonly draft: SettingsUpdate | undefined;
  readonly setDraft: (next: SettingsUpdate) => void;
  readonly keys: SettingsView['keys'] | undefined;
  readonly message: { readonly ok: boolean; readonly text: string } | undefined;
  /** Whether the draft differs from the settings as saved. */
  readonly changed: boolean;
  /** Shows main's answer to a save or a key change (and takes the settings it saved). */
  readonly show: (reply: SaveReply) => void;
  readonly save: () => Promise<void>;
}

/** JSON with the keys of every object sorted: two settings compare equal whatever order their fields were set in. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v,
  );
}

export function useSettingsForm(api: PanelApi, view: SettingsView | undefined, open: boolean, onSaved: (view: SettingsView) => void): SettingsFormState {
  const [draft, setDraft] = useState<SettingsUpdate | undefined>();
  const [keys, setKeys] = useState<SettingsView['keys'] | undefined>();
  const [message, setMessage] = useState<SettingsFormState['message']>();

  // The saved settings as of the latest render, read by the effect below without being its trigger.
  const saved = useRef(view);
  saved.current = view;
  const arrived = view !== undefined;
  // Only when the view opens or closes (or the settings first arrive): a save, which brings new
  // settings, must not take back what the user is changing.
  useEffect(() => {
    const from = saved.current;
    setMessage(undefined);
    setDraft(open && from ? toUpdate(from) : undefined);
    setKeys(open && from ? from.keys : undefined);
  }, [open, arrived]);

  const show = (reply: SaveReply): void => {
    setKeys(reply.view.keys);
    setMessage({ ok: reply.ok, text: reply.message });
    if (reply.ok) onSaved(reply.view);
  };

  return {
    draft,
    setDraft,
    keys,
    message,
    changed: draft !== undefined && view !== undefined && canonical(draft) !== canonical(toUpdate(view)),
    show,
    save: async () => {
      if (!draft) return;
      try {
        show(await api.saveSettings(draft));
      } catch {
        // Main refused the payload's shape: only an empty or non-numeric number field gets here.
        setMessage({ ok: false, text: 'Nothing was saved: a number field is empty or not a number. Fill it in, then save again.' });
      }
    },
  };
}
