/**
 * "Forget my choices" (issue #31): the elements the predictive scan learned the user chooses are
 * dropped, so the numbers are scanned by their position again. "Forget my choices" forgets those of
 * every app; "forget my choices here" (or "in this app") those of the app in front. It asks first,
 * whatever the settings say of moderate actions: what was learned cannot be brought back. Never a
 * planner: the words are read here before the user's own commands ("forget ‹name›" is theirs).
 *
 * The choices are kept by the front end that offers the scan (the panel's core: src/core/scan-picks.ts);
 * a front end without one (the command line) says so.
 */
import type { RiskSummary } from '../shared/contracts/events.js';
import { DE_FORGET_CHOICES_WORDS } from '../shared/lang/de/session-words.js';
import { withUmlautSpellings } from '../shared/text/umlauts.js';
import { quote } from '../shared/text/quote.js';
import { askFirst, type AskDeps } from './ask-first.js';
import type { ScanChoicesStore } from './loop-types.js';
import { end, type RunState, type Step } from './run-state.js';
import { loopPhrase } from './session-memory.js';

export type ForgetScope = 'everywhere' | 'here';

const ROOTS = ['forget my choices', 'forget my picks', 'forget my scan choices', 'forget what i chose', 'clear my choices'];
const HERE = ['here', 'in this app', 'for this app', 'in this application'];
const EVERYWHERE = ['everywhere', 'in every app'];
const DE = DE_FORGET_CHOICES_WORDS;

/** Each root alone and with each word of a scope after it, then the whole phrases; German's also without umlauts. */
const phrases = (roots: readonly string[], everywhere: readonly string[], here: readonly string[]): Array<[string, ForgetScope]> => [
  ...roots.map((r): [string, ForgetScope] => [r, 'everywhere']),
  ...roots.flatMap((r) => everywhere.map((e): [string, ForgetScope] => [`${r} ${e}`, 'everywhere'])),
  ...roots.flatMap((r) => here.map((h): [string, ForgetScope] => [`${r} ${h}`, 'here'])),
];
// German's (issue #32 item 6): no English command reads like them, so they count whatever the language, as "nochmal" does.
const WORDS: ReadonlyMap<string, ForgetScope> = new Map([
  ...phrases(ROOTS, EVERYWHERE, HERE),
  ...[
    ...phrases(DE.roots, DE.everywhere, DE.here),
    ...DE.wholeEverywhere.map((p): [string, ForgetScope] => [p, 'everywhere']),
    ...DE.wholeHere.map((p): [string, ForgetScope] => [p, 'here']),
  ].flatMap(([p, scope]) => withUmlautSpellings([p]).map((spelled): [string, ForgetScope] => [spelled, scope])),
]);

/** "Forget my choices" and its variants ("vergiss meine Auswahl hier"), as a whole command: which choices; undefined when it is not one. */
export function readForgetChoices(command: string): ForgetScope | undefined {
  return WORDS.get(loopPhrase(command));
}

export interface ForgetChoicesDeps extends AskDeps {
  readonly store?: ScanChoicesStore;
  readonly dryRun?: boolean;
  /** The name of the app in front, when it can be read. */
  readonly frontApp: (state: RunState) => Promise<string | undefined>;
}

const RISK: RiskSummary = { level: 'moderate', reason: 'What the scan learned from your choices cannot be brought back.' };

export class ForgetChoices {
  constructor(private readonly deps: ForgetChoicesDeps) {}

  async run(state: RunState, scope: ForgetScope): Promise<Step> {
    const store = this.deps.store;
    if (!store) return this.refused('no_scan_choices', 'Choices are kept only by the panel’s switch scan, so here there is nothing to forget.');
    const app = scope === 'here' ? await this.deps.frontApp(state) : undefined;
    if (scope === 'here' && app === undefined)
      return this.refused('no_front_app', 'The app in front cannot be read, so nothing was forgotten: say “forget my choices” to forget those of every app.');
    const where = app === undefined ? 'in every app' : `in ${quote(app)}`;
    const kept = await store.kept(app);
    if (kept === 0) {
      // Nothing kept to lose, so nothing to ask; the moment's signals go all the same.
      await store.forget(app).catch(() => 0);
      return this.done(`No choices of yours are kept ${where}: the scan offers the numbers in their order on the screen.`);
    }
    if (this.deps.dryRun) return this.done(`Dry run: nothing was forgotten; ${kept} chosen elements are kept ${where}.`);
    const summary = `Forget the ${kept === 1 ? 'element' : `${kept} elements`} you chose ${where}, so the scan offers the numbers in their order on the screen again.`;
    const asked = await askFirst(this.deps, state, summary, RISK, {
      declined: 'Not done: your choices are kept.',
      unanswered: 'Your choices are kept: forgetting them needs your yes, and nobody could answer here.',
    });
    if (asked) return asked;
    try {
      const forgotten = await store.forget(app);
      return this.done(
        `Forgot the ${forgotten === 1 ? 'element' : `${forgotten} elements`} you chose ${where}: the numbers are scanned in their order on the screen until you choose again.`,
      );
    } catch {
      return this.refused(
        'scan_choices_file',
        'Your choices could not be forgotten on disk: the file scan-picks.json in the settings folder could not be written. Delete that file to forget them.',
      );
    }
  }

  private refused(code: string, message: string): Step {
    this.deps.emit({ type: 'error', code, message, retryable: false });
    return end('refused', message);
  }

  private done(message: string): Step {
    this.deps.emit({ type: 'action_result', ok: true, message });
    return end('done', message);
  }
}
