/**
 * The scan rate that fits the user (issue #31): the panel notes each reaction (from the highlight
 * arriving on the entry the user then chose to the press), and once the .65 rule
 * (src/shared/scan-rate.ts) suggests another interval it offers it — a sentence with "Use 1.2 s" —
 * never applying it by itself. "Slower" and "faster" (said, typed, or from the offer's place) move the
 * interval one step; every change is saved at once and said.
 */
import { useRef, useState } from 'preact/hooks';
import type { PanelApi, SettingsView } from '../../shared/contracts/ipc-contract.js';
import { REACTION_WINDOW, secondsShown, stepInterval, stepSentence, suggestInterval } from '../../shared/scan-rate.js';
import { toUpdate } from '../settings/setup-fields.js';

export interface ScanRate {
  /** The interval offered now (ms), if any. */
  readonly offer: number | undefined;
  readonly noteReaction: (ms: number) => void;
  /** Uses the interval offered. */
  readonly accept: () => void;
  /** Not now: that interval is not offered again. */
  readonly dismiss: () => void;
  readonly step: (way: 'slower' | 'faster') => void;
}

export function useScanRate(options: {
  readonly api: PanelApi;
  readonly settings: SettingsView | undefined;
  readonly setSettings: (view: SettingsView) => void;
  readonly announce: (text: string) => void;
}): ScanRate {
  const { api, settings, setSettings, announce } = options;
  const reactions = useRef<number[]>([]);
  const declined = useRef<number | undefined>(undefined);
  const [offer, setOffer] = useState<number | undefined>(undefined);
  const current = settings?.switchAccess.scanIntervalMs;

  const save = async (ms: number, said: string): Promise<void> => {
    if (!settings) return;
    const update = toUpdate(settings);
    try {
      const reply = await api.saveSettings({ ...update, switchAccess: { ...update.switchAccess, scanIntervalMs: ms } });
      setSettings(reply.view);
      announce(reply.ok ? said : reply.message);
    } catch {
      announce('The scan speed could not be saved. Try again, or change the scan interval in Settings.');
    }
    // Reactions at the old interval say little about the new one.
    reactions.current = [];
    setOffer(undefined);
  };

  return {
    offer,
    noteReaction: (ms) => {
      if (current === undefined || settings?.switchAccess.mode !== 'auto') return;
      reactions.current = [...reactions.current, ms].slice(-REACTION_WINDOW);
      const suggested = suggestInterval(reactions.current, current);
      setOffer(suggested !== undefined && suggested !== declined.current ? suggested : undefined);
    },
    accept: () => {
      if (offer !== undefined) void save(offer, `The scan moves every ${secondsShown(offer)} now, saved.`);
    },
    dismiss: () => {
      declined.current = offer;
      setOffer(undefined);
      announce('The scan speed stays as it is.');
    },
    step: (way) => {
      if (current === undefined) return;
      const next = stepInterval(current, way);
      if (next === current) announce(stepSentence(way, current, next));
      else void save(next, stepSentence(way, current, next));
    },
  };
}
