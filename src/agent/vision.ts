/**
 * The picture fallback (issue #29 item 4): when the tree cannot answer, or the user asks the
 * assistant to look, a picture of the front window (secure fields and the assistant's own windows
 * filled, the list's numbers and a grid drawn) goes to the planner the user allowed pictures for.
 *
 * Its answer is an ordinary intent, validated against the same observation's ids and gated like
 * any plan, carrying the provenance of screen content. A place without a number comes back as a
 * point of the picture; it is refused outside the picture and turned into a screen point inside
 * it, and the plan says where, so the gate asks before clicking (acting.ts). "Describe the screen"
 * gets the model's sentence, untrusted: shown and read aloud, never acted on. The picture is kept
 * nowhere; each one sent is counted in the audit log (its size and where it went, never its pixels).
 */
import type { WindowPicture } from '../execution/screen/window-picture.js';
import type { ConversationTurn } from '../intent/conversation.js';
import type { PlanImage, Planner } from '../intent/providers/planner.js';
import type { Intent } from '../intent/schema.js';
import type { ValidationContext } from '../intent/validator.js';
import { describingTurn, seeingTurn, type PictureFacts } from '../intent/vision-prompt.js';
import type { AssistantEvent } from '../shared/contracts/events.js';
import { errorMessage } from '../shared/errors.js';
import type { AssistantDeps, PlannerAvailability } from './loop-types.js';
import { Cancelled, end, untilAborted, type End, type Planned, type RunState } from './run-state.js';
import type { SessionMemory } from './session-memory.js';

/** The longest sentence about a picture the assistant repeats (the model's words are untrusted). */
const DESCRIPTION_MAX = 400;

/** A picture point (x, y) as a screen point, or why it is refused. */
function pointOnScreen(p: { x: number; y: number }, picture: WindowPicture): { x: number; y: number } | string {
  if (p.x < 0 || p.y < 0 || p.x >= picture.width || p.y >= picture.height)
    return `The model pointed at (${p.x}, ${p.y}), outside the picture of the window (${picture.width} × ${picture.height}): nothing was clicked. Name the place by its number, or say it another way.`;
  return { x: Math.round(picture.area.x + p.x), y: Math.round(picture.area.y + p.y) };
}

/** Where a picture point is, in words for the confirmation. */
function placeWords(p: { x: number; y: number }, picture: WindowPicture): string {
  const cell = picture.cells.findIndex((c) => p.x >= c.x && p.x < c.x + c.width && p.y >= c.y && p.y < c.y + c.height);
  return `at (${Math.round(p.x)}, ${Math.round(p.y)}) in the picture of “${picture.app}”${cell >= 0 ? `, grid cell ${cell + 1}` : ''}`;
}

/** The plan with its picture points made screen points; a string when refused. */
export function toScreen(intent: Intent, picture: WindowPicture): { intent: Intent; where?: string } | string {
  const hasPoint = (i: Intent): boolean =>
    i.intent === 'left_click_coordinates' || (i.intent === 'move_mouse' && 'x' in i.to) || (i.intent === 'drag' && ('x' in i.from || 'x' in i.to));
  if (intent.intent === 'sequence')
    return intent.steps.some((s) => hasPoint(s as Intent)) ? 'A plan made from a picture points at one place at a time: say the steps one by one.' : { intent };
  if (intent.intent === 'left_click_coordinates') {
    const p = pointOnScreen(intent, picture);
    return typeof p === 'string' ? p : { intent: { ...intent, ...p }, where: placeWords(intent, picture) };
  }
  if (intent.intent === 'move_mouse' && 'x' in intent.to) {
    const p = pointOnScreen(intent.to, picture);
    return typeof p === 'string' ? p : { intent: { ...intent, to: p }, where: placeWords(intent.to, picture) };
  }
  if (intent.intent === 'drag' && ('x' in intent.from || 'x' in intent.to)) return 'A drag is not planned from a picture: name both places by their numbers.';
  return { intent };
}

export class ScreenLook {
  constructor(
    private readonly deps: AssistantDeps,
    private readonly memory: SessionMemory,
    private readonly emit: (event: AssistantEvent) => void,
    private readonly validation: () => ValidationContext,
  ) {}

  /** Built once per run, at send time: a settings change applies to the next command. */
  private readonly availability = new WeakMap<RunState, Promise<PlannerAvailability>>();

  /** Whether a picture may be sent now (a planner for pictures is set up and allowed). */
  async ready(state: RunState): Promise<boolean> {
    return (await this.planner(state)).kind === 'ready';
  }

  private planner(state: RunState): Promise<PlannerAvailability> {
    const vision = this.deps.vision;
    if (!vision) return Promise.resolve({ kind: 'none', message: 'Pictures of the screen are not available here.' });
    let available = this.availability.get(state);
    if (!available) {
      available = untilAborted(vision.planner(), state.signal);
      this.availability.set(state, available);
    }
    return available;
  }

  /** A sentence about the front window, from its picture. */
  async describe(state: RunState): Promise<End> {
    const seen = await this.see(state);
    if ('kind' in seen) return seen;
    const { planner, picture, facts, image } = seen;
    if (!planner.describe)
      return this.stop('failed', 'no_vision', `The ${planner.provider} planner cannot describe a picture: choose a model that takes images in Settings.`);
    const conversation: ConversationTurn[] = [{ kind: 'user', text: describingTurn(state.command, facts) }];
    const outcome = await untilAborted(planner.describe({ conversation, image, signal: state.signal }), state.signal);
    this.audited(state, planner, picture, 'describe', outcome.kind === 'described');
    if (outcome.kind === 'failed') {
      if (outcome.error.code === 'cancelled') throw new Cancelled();
      return this.stop('failed', outcome.error.code, outcome.error.message);
    }
    // eslint-disable-next-line no-control-regex
    const text = outcome.text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
    if (!text) return this.stop('failed', 'unreadable', 'The model said nothing about the picture: try again, or ask “what’s on screen” for the list.');
    const sentence = text.length > DESCRIPTION_MAX ? `${text.slice(0, DESCRIPTION_MAX - 1)}…` : text;
    this.memory.addTurn({ kind: 'result', outcome: 'done', detail: sentence });
    // Shown in the conversation and, with spoken feedback on, read aloud.
    this.emit({ type: 'action_result', ok: true, message: sentence });
    return end('done', sentence);
  }

  /** The next intent for `command`, planned from the picture. */
  async plan(state: RunState, command: string): Promise<Planned | End> {
    const seen = await this.see(state);
    if ('kind' in seen) return seen;
    const { planner, picture, facts, image, budgetMs } = seen;
    const conversation: ConversationTurn[] = [...this.memory.conversation, { kind: 'user', text: seeingTurn(command, facts) }];
    const outcome = await untilAborted(
      planner.plan({ conversation, image, signal: state.signal, validation: this.validation(), ...(budgetMs !== undefined ? { budgetMs } : {}) }),
      state.signal,
    );
    this.audited(state, planner, picture, 'plan', outcome.kind === 'answered');
    if (outcome.kind === 'failed') {
      if (outcome.error.code === 'cancelled') throw new Cancelled();
      return this.stop('failed', outcome.error.code, outcome.error.message);
    }
    if (!outcome.validation.ok) return this.stop('refused', outcome.validation.rejection.code, outcome.validation.rejection.message);
    const placed = toScreen(outcome.validation.intent, picture);
    if (typeof placed === 'string') return this.stop('refused', 'outside_picture', placed);
    return {
      intent: placed.intent,
      source: planner.provider,
      lowConfidence: outcome.validation.lowConfidence,
      screenInfluenced: true,
      ...(placed.where ? { seenAt: placed.where } : {}),
    };
  }

  /** The planner, the list and the picture; or the end of the run with a sentence. */
  private async see(state: RunState): Promise<{ planner: Planner; picture: WindowPicture; facts: PictureFacts; image: PlanImage; budgetMs?: number } | End> {
    const available = await this.planner(state);
    if (available.kind !== 'ready') return this.stop('needs_user', available.kind === 'none' ? 'no_vision' : available.code, available.message);
    const vision = this.deps.vision;
    if (!vision) return this.stop('needs_user', 'no_vision', 'Pictures of the screen are not available here.');
    const front = await this.deps.engine.getFrontmostApp();
    const listed = await this.deps.engine.getScreenElements();
    if (front.kind === 'failure') return this.stop('failed', front.code, front.reason);
    if (listed.kind === 'failure') return this.stop('failed', listed.code, listed.reason);
    const pid = front.kind === 'observation' ? front.app?.pid : undefined;
    const observation = listed.kind === 'observation' ? listed.observation : undefined;
    if (!pid || !observation) return this.stop('failed', 'no_window', 'There is no window in front to look at: bring the app to the front, then try again.');
    this.memory.observed(new Set(observation.elementIds.keys()));
    this.memory.addTurn({ kind: 'observation', text: observation.text });
    let picture: WindowPicture;
    try {
      picture = await untilAborted(vision.picture(pid, observation), state.signal);
    } catch (e) {
      if (e instanceof Cancelled || state.signal.aborted) throw new Cancelled();
      return this.stop('failed', 'no_picture', errorMessage(e));
    }
    const facts: PictureFacts = { app: picture.app, width: picture.width, height: picture.height, cells: picture.cells, marked: picture.marks.length };
    const image: PlanImage = { mediaType: 'image/png', base64: picture.png.toString('base64'), width: picture.width, height: picture.height };
    return { planner: available.planner, picture, facts, image, ...(available.budgetMs !== undefined ? { budgetMs: available.budgetMs } : {}) };
  }

  /** One audit record per picture sent: its size and where it went, never its pixels. */
  private audited(state: RunState, planner: Planner, picture: WindowPicture, purpose: 'plan' | 'describe', answered: boolean): void {
    const sentTo = `${planner.provider} ${planner.model}`;
    this.deps.audit?.append({
      time: (this.deps.now?.() ?? new Date()).toISOString(),
      command: state.command,
      source: planner.provider,
      intent: { intent: 'screen_picture', purpose },
      risk: { level: 'harmless', reason: `A picture of “${picture.app}” went to ${sentTo}.` },
      confirmation: 'not_needed',
      outcome: answered ? 'done' : 'failed',
      message: `Sent a ${picture.width} × ${picture.height} picture (${picture.png.length} bytes, ${picture.masked} areas filled) to ${sentTo}.`,
      picture: { width: picture.width, height: picture.height, bytes: picture.png.length, sentTo, masked: picture.masked },
    });
  }

  private stop(outcome: 'failed' | 'refused' | 'needs_user', code: string, message: string): End {
    this.emit({ type: 'error', code, message, retryable: false });
    return end(outcome, message);
  }
}
