/**
 * What the predictive scan knows (issue #31), kept in the core: the elements the user chose in each
 * app (remembered across restarts in `scan-picks.json`, src/config/scan-picks-file.ts), the element
 * under the last action and the name of a click that found nothing. The numbered overlay's view
 * carries the ranking made from them (`ranked`), so the panel scans the numbers likeliest first.
 *
 * A pick is an element clicked (click, double or right click) on a command the user worded: the
 * offline grammar's ("click 12", a number alone with the numbers shown, a switch's choice of a
 * number, "click Send") or one of the user's own commands. An LLM's clicks are not picks (the model
 * chose them, and screen text may steer a model). Picks are kept only while switch access is on
 * (nobody else is offered the scan), never of a secure field or of the assistant's own windows.
 *
 * When a command leaves a choice — several elements of the name said (the engine's question, with
 * the elements it found), or a planner's question with options — those candidates come first in
 * the next numbers, in the order given. A planner's options are untrusted: they only order the
 * scan; nothing is chosen or pressed but by the user, and the gate judges what is.
 * `forget` ("forget my choices") drops the picks of one app or of all, and the moment's signals.
 */
import type { PicksByApp } from '../config/scan-picks-file.js';
import type { LiveElementFacts, LiveFacts, ActOptions } from '../execution/engine-types.js';
import type { Observation } from '../execution/observation.js';
import type { ActionResult, EngineApi } from '../registry/dispatch.js';
import type { AssistantEvent, IntentSource } from '../shared/contracts/events.js';
import type { OverlayView } from '../shared/contracts/ipc-contract.js';
import { scanContext, type LastAction, type ScanCandidate } from '../shared/scan-context.js';
import { noteTarget, rankTargets, targetKey, type RankedTarget } from '../shared/scan-ranking.js';
import { overrideMethods } from './overlay-marks.js';

export interface ScanPicksDeps {
  /** The picks kept on disk, read once at start. */
  readonly read: () => Promise<PicksByApp>;
  /** Writes the picks (atomically); a failure only loses this write. */
  readonly write: (picks: PicksByApp) => Promise<void>;
  /** Switch access is on: only then are picks kept. */
  readonly enabled: () => boolean;
  /** The latest observation the engine made ("click 12" names its ids). */
  readonly latest: () => Observation | undefined;
  readonly now?: () => number;
}

/** The sources whose commands the user worded: their clicks are the user's picks. */
const USER_WORDED: ReadonlySet<IntentSource> = new Set(['grammar', 'user_command']);
/** The overlay's names are shortened to this many characters (src/execution/observation.ts). */
const SHOWN_NAME_MAX = 60;

type ElementMethod = 'click' | 'doubleClick' | 'rightClick';
type Target = Parameters<EngineApi['click']>[0];

/** `name` as the overlay shows it: spaces folded, shortened with an ellipsis. */
function shownName(name: string): string {
  const flat = name.replace(/\s+/g, ' ').trim();
  return flat.length > SHOWN_NAME_MAX ? `${flat.slice(0, SHOWN_NAME_MAX - 1)}…` : flat;
}

export class ScanPicks {
  private picks: PicksByApp = new Map();
  private readonly loaded: Promise<void>;
  /** Picks being noted (the app asked of the engine when the observation did not list the element), then written. */
  private noting: Promise<void> = Promise.resolve();
  /** The source of the intent that acts now (the loop says it before acting). */
  private source: IntentSource | undefined;
  /** The element under the last action; `app` undefined when the latest observation did not list it (then it counts in any app it is shown in). */
  private last: (LastAction & { readonly app: string | undefined }) | undefined;
  private missed: { readonly name: string; readonly app: string | undefined } | undefined;
  /** What the last question offered to choose from, and the app it was asked in. */
  private asked: { readonly candidates: readonly ScanCandidate[]; readonly app: string | undefined } | undefined;
  /** The elements the engine's last "which one?" found, until its question event arrives. */
  private choices: readonly ScanCandidate[] | undefined;

  constructor(private readonly deps: ScanPicksDeps) {
    this.loaded = deps.read().then(
      (picks) => {
        this.picks = picks;
      },
      () => undefined,
    );
  }

  /** Resolves once the kept picks are read and every pick so far is written (or failed to be). */
  async settled(): Promise<void> {
    await this.loaded;
    await this.noting;
  }

  /** The loop's events: each intent's source says whether the clicks that follow are the user's picks. */
  observe(event: AssistantEvent): void {
    if (event.type === 'intent') this.source = event.source;
    if (event.type !== 'clarification') return;
    // The engine's question names the elements it found; a planner's offers words to match to names.
    const candidates = this.choices ?? event.options.map((label) => ({ label }));
    this.choices = undefined;
    this.asked = { candidates, app: this.deps.latest()?.app };
  }

  /** How many elements are kept as picks of `app` (of every app when undefined). */
  async kept(app?: string): Promise<number> {
    await this.settled();
    return app === undefined ? [...this.picks.values()].flat().length : (this.picks.get(app)?.length ?? 0);
  }

  /**
   * "Forget my choices": the picks of `app` (all apps when undefined) leave memory and the file, and
   * the moment's signals go too, so the next numbers are scanned by position. Resolves with how many
   * elements were forgotten, once the file is written (a failed write rejects: the user is told).
   */
  async forget(app?: string): Promise<number> {
    await this.loaded;
    this.last = undefined;
    this.missed = undefined;
    this.asked = undefined;
    // After the picks being noted, so that none of them is written back over the forgetting.
    const forgotten = this.noting.then(async () => {
      const dropped = app === undefined ? [...this.picks.values()].flat() : (this.picks.get(app) ?? []);
      const picks = new Map(app === undefined ? [] : [...this.picks].filter(([name]) => name !== app));
      this.picks = picks;
      await this.deps.write(picks);
      return dropped.length;
    });
    this.noting = forgotten.then(
      () => undefined,
      () => undefined,
    );
    return forgotten;
  }

  /** `engine`, with its clicks and typing noted: what was acted on, and a click by name that found nothing. */
  tap(engine: EngineApi): EngineApi {
    const element = (method: ElementMethod) => async (target: Target, options?: ActOptions) => {
      const seen = this.watch(options);
      const result = await engine[method](target, seen.options);
      this.afterClick(engine, target, seen.facts()?.element, result);
      return result;
    };
    const typeText: EngineApi['typeText'] = async (text, target, options) => {
      const seen = this.watch(options);
      const result = await engine.typeText(text, target, seen.options);
      const facts = seen.facts();
      const field = facts?.element ?? facts?.focused;
      if (result.kind === 'success' && field && !field.own) this.noteLast(engine, 'typed', target, field, false);
      return result;
    };
    return overrideMethods(engine, { click: element('click'), doubleClick: element('doubleClick'), rightClick: element('rightClick'), typeText });
  }

  /** The ranking of the numbers `view` shows, likeliest first; undefined while nothing known touches them (the rows are scanned). */
  ranking(view: OverlayView): readonly RankedTarget[] | undefined {
    if (view.grid) return undefined;
    const history = this.picks.get(view.app) ?? [];
    const last = this.last && (this.last.app === undefined || this.last.app === view.app) ? this.last : undefined;
    const missed = this.missed && (this.missed.app === undefined || this.missed.app === view.app) ? this.missed.name : undefined;
    const asked = this.asked && (this.asked.app === undefined || this.asked.app === view.app) ? this.asked.candidates : undefined;
    const context = scanContext(view.marks, { ...(last ? { last } : {}), ...(missed ? { missed } : {}), ...(asked ? { candidates: asked } : {}) });
    // Picks of this app none of which is shown (another window of it) say nothing: the rows keep the layout.
    const picked = new Set(history.map(targetKey));
    if (!view.marks.some((m) => picked.has(targetKey(m))) && !context.plannerOrder && context.lastTargetId === undefined) return undefined;
    return rankTargets(view.marks, { history, ...context });
  }

  /** Options whose gate also hands the live facts here (the engine asks the gate right before acting). */
  private watch(options: ActOptions | undefined): { readonly options: ActOptions; readonly facts: () => LiveFacts | undefined } {
    let facts: LiveFacts | undefined;
    const gate = options?.gate;
    const watched: ActOptions = {
      ...options,
      gate: (f) => {
        facts = f;
        return gate?.(f);
      },
    };
    return { options: watched, facts: () => facts };
  }

  private afterClick(engine: EngineApi, target: Target, element: LiveElementFacts | undefined, result: ActionResult): void {
    if (result.kind === 'clarification' && result.choices)
      this.choices = result.choices.map((c) => ({ role: c.role, label: shownName(c.name || c.description) }));
    if (result.kind === 'failure' && result.code === 'not_found' && 'label' in target) {
      this.missed = { name: target.label, app: target.app ?? this.deps.latest()?.app };
      return;
    }
    if (result.kind !== 'success' || !element || element.own) return;
    const pick = this.source !== undefined && USER_WORDED.has(this.source) && !element.secure && this.deps.enabled();
    this.noteLast(engine, 'clicked', target, element, pick);
  }

  /**
   * Notes the element acted on as the last action and, with `pick`, as a pick of its app: in the
   * background, so the action's result never waits for it (an app not listed is asked of the engine,
   * one bridge call under its deadline).
   */
  private noteLast(engine: EngineApi, kind: LastAction['kind'], target: Target | undefined, element: LiveElementFacts, pick: boolean): void {
    this.missed = undefined;
    this.asked = undefined;
    const shown = this.shown(target, element);
    if (!shown) return;
    this.last = { kind, ...shown };
    if (!pick || shown.label === '') return;
    this.noting = this.noting
      .then(async () => {
        const app = shown.app ?? (await frontApp(engine));
        await this.loaded;
        if (app === undefined) return;
        const picks = new Map(this.picks);
        picks.set(app, noteTarget(picks.get(app) ?? [], shown, (this.deps.now ?? Date.now)()));
        this.picks = picks;
        await this.deps.write(picks);
      })
      .catch(() => undefined);
  }

  /** The element as the numbers show it: its role and shown name, and its app when the latest observation listed it. */
  private shown(
    target: Target | undefined,
    element: LiveElementFacts,
  ): { readonly app: string | undefined; readonly role: string; readonly label: string } | undefined {
    const observation = this.deps.latest();
    const label = shownName(element.name || element.description || '');
    const key = targetKey({ role: element.role ?? '', label });
    const byId = target && 'id' in target ? observation?.places?.get(target.id) : undefined;
    const place = byId ?? [...(observation?.places?.values() ?? [])].find((p) => targetKey(p) === key);
    if (observation && place) return { app: observation.app, role: place.role, label: place.label };
    return element.role ? { app: undefined, role: element.role, label } : undefined;
  }
}

/** The app in front, by name; undefined when the engine cannot say. */
async function frontApp(engine: EngineApi): Promise<string | undefined> {
  const front = await engine.getFrontmostApp().catch(() => undefined);
  return front?.kind === 'observation' ? front.app?.name : undefined;
}
