/**
 * The evaluation corpus: recorded screens and the commands said about them, each with the rules its
 * answer is scored by. Files live in eval/corpus/ (screens/*.json written by
 * scripts/record-screen.ts, cases/*.json written by hand) and are checked here with zod, so a
 * typo in a case fails loudly instead of scoring every model wrong.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod';
import { INTENT_KINDS, type Intent, type IntentKind } from '../intent/schema.js';
import { validateIntentValue } from '../intent/validator.js';

/** The corpus format version; bump it when a case's meaning changes, so old figures are not compared with new ones. */
export const CORPUS_FORMAT = 1;

const Kind = z.enum(INTENT_KINDS as [IntentKind, ...IntentKind[]]);

export const ElementRule = z.strictObject({
  /** Accepted labels (case and spacing ignored). */
  label: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]).optional(),
  /** The element's number in the recorded observation: naming it by number is as good as by label. */
  id: z.number().int().positive().optional(),
});
export type ElementRule = z.infer<typeof ElementRule>;

export interface PlanRule {
  readonly intent: IntentKind | readonly IntentKind[];
  readonly element?: ElementRule;
  readonly app?: string;
  readonly text?: string | readonly string[];
  readonly key?: string;
  readonly modifiers?: readonly string[];
  readonly direction?: string;
  readonly cell?: string;
  /** A web address: equal once both are read as the browser would get them ("example.com" is not one). */
  readonly url?: string;
  readonly steps?: readonly PlanRule[];
}

export const PlanRule: z.ZodType<PlanRule> = z.lazy(() =>
  z.strictObject({
    intent: z.union([Kind, z.array(Kind).min(1)]),
    element: ElementRule.optional(),
    app: z.string().optional(),
    text: z.union([z.string(), z.array(z.string()).min(1)]).optional(),
    key: z.string().optional(),
    modifiers: z.array(z.string()).optional(),
    direction: z.string().optional(),
    cell: z.string().optional(),
    url: z.string().optional(),
    steps: z.array(PlanRule).min(1).optional(),
  }),
);

export const CASE_TAGS = ['plain', 'vague', 'reference', 'injection', 'unsafe', 'dictation', 'keyboard', 'by-number'] as const;
export type CaseTag = (typeof CASE_TAGS)[number];

const IntentValue = z.unknown().transform((value, ctx): Intent => {
  const v = validateIntentValue(value);
  if (!v.ok) {
    ctx.addIssue({ code: 'custom', message: `not a valid intent: ${v.rejection.feedback}` });
    return z.NEVER;
  }
  return v.intent;
});

export const EvalCase = z
  .strictObject({
    id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/),
    command: z.string().min(1).max(500),
    tags: z.array(z.enum(CASE_TAGS)).default([]),
    /** Earlier turns of the conversation, for commands that refer back ("do that again"). */
    history: z.array(z.strictObject({ user: z.string().min(1), plan: IntentValue })).optional(),
    /** act: plan something (scored by `plan` and `accept`); ask: a clarifying question; refuse: decline. */
    expect: z.enum(['act', 'ask', 'refuse']),
    /** The reference plan: its intent is the "exact" answer, and it is the first acceptable one. */
    plan: IntentValue.optional(),
    /** Other plans that do what the user meant just as well. */
    accept: z.array(PlanRule).optional(),
    /** Plans that obey the screen instead of the user (or do harm): any match fails the case. */
    forbid: z.array(PlanRule).optional(),
    note: z.string().optional(),
  })
  .refine((c) => c.expect !== 'act' || c.plan !== undefined, { message: 'an "act" case needs a reference plan' });
export type EvalCase = z.infer<typeof EvalCase>;

export const ScreenElement = z.strictObject({ id: z.number().int().positive(), role: z.string(), label: z.string() });

export const EvalScreen = z.strictObject({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/),
  /** What kind of screen it stands for (a form, a mail list …). */
  kind: z.string().min(1),
  app: z.string(),
  /** The fixture app it was recorded from, relative to the repository. */
  source: z.string(),
  /** The observation text exactly as the planner receives it. */
  text: z.string().min(1),
  elements: z.array(ScreenElement),
});
export type EvalScreen = z.infer<typeof EvalScreen>;

export const CaseFile = z.strictObject({
  format: z.literal(CORPUS_FORMAT),
  screen: z.string(),
  cases: z.array(EvalCase).min(1),
});

export interface EvalCorpus {
  readonly version: string;
  readonly screens: ReadonlyMap<string, EvalScreen>;
  readonly cases: readonly (EvalCase & { readonly screen: string })[];
}

function readJson(path: string): unknown {
  return JSON.parse(readFileSync(path, 'utf8')) as unknown;
}

function problem(file: string, error: z.ZodError): Error {
  const first = error.issues[0];
  return new Error(`The corpus file ${file} is not valid: ${first ? `${first.path.join('.') || '(top)'}: ${first.message}` : 'unknown problem'}.`);
}

/** Reads and checks a corpus folder; throws an Error whose message names the file and the problem. */
export function loadCorpus(dir: string): EvalCorpus {
  const screens = new Map<string, EvalScreen>();
  for (const name of readdirSync(join(dir, 'screens'))
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const parsed = EvalScreen.safeParse(readJson(join(dir, 'screens', name)));
    if (!parsed.success) throw problem(`screens/${name}`, parsed.error);
    screens.set(parsed.data.id, parsed.data);
  }
  const cases: (EvalCase & { screen: string })[] = [];
  const ids = new Set<string>();
  for (const name of readdirSync(join(dir, 'cases'))
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const parsed = CaseFile.safeParse(readJson(join(dir, 'cases', name)));
    if (!parsed.success) throw problem(`cases/${name}`, parsed.error);
    if (!screens.has(parsed.data.screen)) throw new Error(`The corpus file cases/${name} names a screen "${parsed.data.screen}" that has no file in screens/.`);
    for (const c of parsed.data.cases) {
      const id = `${parsed.data.screen}/${c.id}`;
      if (ids.has(id)) throw new Error(`The corpus has two cases called "${id}".`);
      ids.add(id);
      cases.push({ ...c, id, screen: parsed.data.screen });
    }
  }
  let version = 'unversioned';
  try {
    version = readFileSync(join(dir, 'VERSION'), 'utf8').trim();
  } catch {
    // a corpus without a VERSION file is still usable
  }
  return { version, screens, cases };
}

/** Cases whose id, screen, tags or command contain `filter` (case ignored), then the first `limit`. */
export function selectCases<C extends { id: string; screen: string; tags: readonly string[]; command: string }>(
  cases: readonly C[],
  options: { readonly filter?: string; readonly limit?: number },
): C[] {
  const needle = options.filter?.toLowerCase();
  const picked = needle ? cases.filter((c) => [c.id, c.screen, c.command, ...c.tags].some((s) => s.toLowerCase().includes(needle))) : [...cases];
  return options.limit !== undefined ? picked.slice(0, options.limit) : picked;
}
