/**
 * The scan interval that fits the user (issue #31): the ".65 rule" sets it from the user's own
 * reaction times, the time from the highlight arriving on the entry they then chose to their press.
 * A median reaction of 0.65 × the interval leaves room for slower presses without making the scan
 * slower than it needs to be. A suggestion is only offered; the user chooses it (never applied
 * silently). "Slower" and "faster" move the interval one step.
 */
import { SWITCH_LIMITS } from './switch-access.js';

/** The share of the interval the median reaction should take. */
export const REACTION_SHARE = 0.65;
/** Fewer reaction times than this suggest nothing: a few presses say little. */
export const MIN_REACTIONS = 5;
/** The reactions a suggestion looks at: the latest ones. */
export const REACTION_WINDOW = 20;
/** A press sooner than this after the highlight arrived was not a reaction to it (it was anticipated, or meant for the entry before). */
export const MIN_REACTION_MS = 150;
/** Suggestions and steps are rounded to this. */
export const RATE_ROUNDING_MS = 100;
/** "Slower" / "faster": one step. */
export const RATE_STEP_MS = 250;
/** A suggestion this close to the interval in use is not offered. */
export const MIN_CHANGE_MS = 200;

const { min, max } = SWITCH_LIMITS.scanIntervalMs;

function clampRound(ms: number): number {
  return Math.min(max, Math.max(min, Math.round(ms / RATE_ROUNDING_MS) * RATE_ROUNDING_MS));
}

/** The median of `values` (the mean of the middle two for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/**
 * The interval the .65 rule suggests from `reactionsMs` (the latest REACTION_WINDOW of them):
 * median / 0.65 (reactions under MIN_REACTION_MS left out), rounded to 100 ms, within the setting's range. Undefined with too few reactions, or
 * when it is within MIN_CHANGE_MS of `currentMs` (nothing worth offering).
 */
export function suggestInterval(reactionsMs: readonly number[], currentMs: number): number | undefined {
  const recent = reactionsMs.filter((r) => Number.isFinite(r) && r >= MIN_REACTION_MS).slice(-REACTION_WINDOW);
  if (recent.length < MIN_REACTIONS) return undefined;
  const suggested = clampRound(median(recent) / REACTION_SHARE);
  return Math.abs(suggested - currentMs) < MIN_CHANGE_MS ? undefined : suggested;
}

/** The interval one step slower or faster, within the range (the same when already at its end). */
export function stepInterval(currentMs: number, way: 'slower' | 'faster'): number {
  return clampRound(currentMs + (way === 'slower' ? RATE_STEP_MS : -RATE_STEP_MS));
}

/** Seconds as said to the user: "1.2 s". */
export function secondsShown(ms: number): string {
  return `${(ms / 1000).toFixed(ms % 1000 === 0 ? 0 : ms % 100 === 0 ? 1 : 2)} s`;
}

/** The sentence that offers a suggestion (the panel adds a "Use 1.2 s" button after it). */
export function suggestionSentence(suggestedMs: number, currentMs: number): string {
  const way = suggestedMs > currentMs ? 'slower' : 'faster';
  return `Your presses suggest a ${way} scan: every ${secondsShown(suggestedMs)} instead of ${secondsShown(currentMs)}. Choose “Use ${secondsShown(suggestedMs)}” to change it, or carry on.`;
}

/** The sentence said after "slower" or "faster" changed (or could not change) the interval. */
export function stepSentence(way: 'slower' | 'faster', fromMs: number, toMs: number): string {
  if (fromMs === toMs)
    return way === 'slower'
      ? `The scan is already at its slowest, every ${secondsShown(toMs)}.`
      : `The scan is already at its fastest, every ${secondsShown(toMs)}.`;
  return `The scan is ${way} now: every ${secondsShown(toMs)}, saved.`;
}

/** Said when "slower" or "faster" comes while something waits for an answer: the panel changes the speed only when nothing does. */
export const SCAN_SPEED_LATER = 'The scan speed changes when nothing waits for an answer: answer first, then say “slower” or “faster” again.';
