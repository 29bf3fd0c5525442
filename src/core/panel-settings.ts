/**
 * The panel's settings, keys and connection test on main's side: what the settings view shows, how
 * a change from the panel becomes a saved setting, and one real planner request with a short
 * deadline that says, in a sentence, whether the chosen AI planner works.
 *
 * Keys only go in (to the keychain); what comes back is saved / not saved and the secret store's
 * own sentences, which never contain a key.
 */
import * as z from 'zod';
import type { PlannerFactory } from '../agent/assistant-loop.js';
import type { SecretStore } from '../config/secret-store.js';
import { Settings, SettingsFileNewerError, type SettingsStore } from '../config/settings.js';
import { settingsUpdate, type ProviderTestReply, type SettingsUpdate, type SettingsView } from '../shared/contracts/ipc-contract.js';
import { KEYED_PROVIDERS, LLM_PROVIDER_NAMES } from '../shared/llm-providers.js';
import { settingMeta, type PanelSettings } from '../shared/settings-schema.js';

/** What the panel's settings code needs from the config layer. */
export type PanelSecrets = Pick<SecretStore, 'status' | 'setKey' | 'deleteKey'>;

/** The settings view: the changeable settings, and each key as saved or not saved. */
export async function buildSettingsView(settings: Settings, secrets: PanelSecrets): Promise<SettingsView> {
  const statuses = await Promise.all(KEYED_PROVIDERS.map(async (p) => [p, (await secrets.status(p)).saved ? 'saved' : 'not_saved'] as const));
  // Exactly the fields of the contract's update (PanelSettings), copied so the view shares nothing with
  // `settings`; inside an object too, so a setting the contract does not carry yet never comes back in a
  // save (which main would refuse whole).
  const shown = Object.fromEntries(
    Object.entries(settingsUpdate.shape).map(([key, schema]) => [key, contractFields(schema, structuredClone(settings[key as keyof PanelSettings]))]),
  ) as PanelSettings;
  return {
    ...shown,
    keys: Object.fromEntries(statuses) as SettingsView['keys'],
    onboardingDone: settings.onboardingDone,
  };
}

/** `value` with only the fields an object schema of the contract names (at every depth); anything else as it is. */
function contractFields(schema: z.ZodType, value: unknown): unknown {
  let node = schema;
  while (node instanceof z.ZodOptional) node = node.unwrap() as z.ZodType;
  if (!(node instanceof z.ZodObject) || value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const shape = node.shape as Record<string, z.ZodType>;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .filter(([k]) => k in shape)
      .map(([k, v]) => [k, contractFields(shape[k]!, v)]),
  );
}

export type ApplyResult = { readonly ok: true; readonly settings: Settings } | { readonly ok: false; readonly message: string };

/** Applies the panel's changes to the saved settings, validated by the settings schema. Nothing is saved here. */
export function applySettingsUpdate(current: Settings, update: SettingsUpdate): ApplyResult {
  // An object from the panel keeps the saved fields it does not carry (one the contract does not name yet).
  const merged: Record<string, unknown> = { ...current };
  for (const [key, value] of Object.entries(update)) {
    const saved = merged[key];
    const isObject = (v: unknown) => v !== null && typeof v === 'object' && !Array.isArray(v);
    merged[key] = isObject(value) && isObject(saved) ? { ...(saved as object), ...(value as object) } : value;
    // An optional text setting left empty (the vision model) is unset: its default holds again.
    if (value === '' && Settings.shape[key as keyof typeof Settings.shape] instanceof z.ZodOptional) delete merged[key];
  }
  const parsed = Settings.safeParse(merged);
  if (parsed.success) return { ok: true, settings: parsed.data };
  const issue = parsed.error.issues[0];
  const path = issue?.path.map(String).join('.') ?? '';
  // "quickCommands.2" names the third quick command.
  const quick = /^quickCommands\.(\d+)$/.exec(path);
  // The label the schema gives the field, so a refusal points at the field the user sees.
  const field = quick ? `Quick command ${Number(quick[1]) + 1}` : (settingMeta(path)?.label ?? `The setting ${path}`);
  return { ok: false, message: `Nothing was saved. ${field} ${issue?.message ?? 'is not valid'}.` };
}

/** What the connection test asks the planner: harmless, and answerable by any working model. */
const TEST_COMMAND = 'what is on the screen';
/** Long enough for a cold hosted model, short enough that nobody waits on a dead server. */
export const DEFAULT_TEST_BUDGET_MS = 10_000;

/**
 * Sends one real planner request through the same factory the loop uses and says how it went.
 * Nothing is performed: the answer is only validated.
 */
export async function testPlannerConnection(planner: PlannerFactory, budgetMs = DEFAULT_TEST_BUDGET_MS): Promise<ProviderTestReply> {
  const available = await planner();
  if (available.kind === 'none') {
    return {
      ok: true,
      message: 'No AI planner is chosen: commands like “click Send” or “open Firefox” work offline; anything else needs a planner chosen in Settings.',
    };
  }
  if (available.kind === 'unavailable') return { ok: false, message: available.message };
  const { planner: p } = available;
  const name = `${LLM_PROVIDER_NAMES[p.provider]} (model ${p.model})`;
  const outcome = await p.plan({ conversation: [{ kind: 'user', text: TEST_COMMAND }], budgetMs: Math.min(budgetMs, available.budgetMs ?? budgetMs) });
  const seconds = (outcome.timing.totalMs / 1000).toFixed(1);
  if (outcome.kind === 'failed') return { ok: false, message: outcome.error.message };
  if (!outcome.validation.ok) {
    return {
      ok: true,
      message: `${name} answered in ${seconds} s, but not with a plan Assistive Control can use (${outcome.validation.rejection.message}) A larger model usually does better.`,
    };
  }
  return { ok: true, message: `Connected: ${name} answered in ${seconds} s with a usable plan.` };
}

/** Loads, applies and saves in one step; the reply's sentence says what happened. */
export async function saveSettingsUpdate(store: Pick<SettingsStore, 'load' | 'save'>, change: (s: Settings) => ApplyResult): Promise<ApplyResult> {
  const { settings } = await store.load();
  const applied = change(settings);
  if (!applied.ok) return applied;
  try {
    await store.save(applied.settings);
  } catch (e) {
    if (e instanceof SettingsFileNewerError) return { ok: false, message: e.message };
    const code = (e as NodeJS.ErrnoException).code;
    return { ok: false, message: `The settings could not be written (${code ?? 'error'}). Check that your settings folder is writable, then save again.` };
  }
  return applied;
}
