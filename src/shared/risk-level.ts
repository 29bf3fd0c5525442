/** Risk levels, lowest first. The level is computed by the registry, never taken from a planner. */
export const RISK_LEVELS = ['harmless', 'moderate', 'destructive', 'blocked'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

export function riskRank(level: RiskLevel): number {
  return RISK_LEVELS.indexOf(level);
}
