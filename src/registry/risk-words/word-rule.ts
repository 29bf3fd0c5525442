/** One risk word rule (the tables are src/registry/risk-words/<language>.ts, merged in risk-table.ts). */
import type { RiskLevel } from '../../shared/risk-level.js';

export interface WordRule {
  /** One or more lowercase words, matched as consecutive whole words. */
  readonly phrase: string;
  readonly level: Exclude<RiskLevel, 'harmless' | 'blocked'>;
  /** Completes the sentence "This may …" (in English, as every reason the gate gives). */
  readonly consequence: string;
}

export const destructive = (phrases: readonly string[], consequence: string): WordRule[] =>
  phrases.map((phrase) => ({ phrase, level: 'destructive', consequence }));
export const moderate = (phrases: readonly string[], consequence: string): WordRule[] => phrases.map((phrase) => ({ phrase, level: 'moderate', consequence }));
