/**
 * The main-process side of the panel contract: validates each request and drives one AssistantLoop.
 *
 * Framework-free on purpose: the Electron shell binds these handlers to ipcMain (after checking the
 * sender), and the panel tests bind them to Playwright's exposeFunction, so both run this same code
 * against the real loop. One run at a time (the loop refuses a second); Stop aborts the running one,
 * including a confirmation the user has not answered yet, and a command still in its permission
 * preflight, which then never reaches the loop (issue #13).
 */
import type { AssistantLoop, ConfirmCallback } from '../agent/assistant-loop.js';
import { Dialogue } from '../agent/dialogue.js';
import type { Language } from '../shared/language.js';
import type { Observation } from '../execution/observation.js';
import {
  REQUEST_SCHEMAS,
  SECRET_CHANNELS,
  type RequestChannel,
  type OverlayView,
  type RequestChannels,
  type RunReply,
} from '../shared/contracts/ipc-contract.js';
import type { AssistantEvent } from '../shared/contracts/events.js';
import type { PermissionChecker, PermissionKind } from '../shared/permissions.js';
import { sessionCommand } from '../shared/session-commands.js';
import { SCAN_SPEED_LATER } from '../shared/scan-rate.js';
import { paceWord } from './pace-words.js';
import type { AnswerChannel } from '../shared/answer-words.js';
import { guideTitle, type CommandGuide } from '../shared/command-guide.js';
import { commandGuide, confirmationGuide, gridGuide, questionGuide, runningGuide, type GuideVocabulary } from '../intent/grammar/command-guide.js';
import { promptPlatform } from '../intent/system-prompt.js';
import { classifyRisk } from '../registry/risk.js';
import { overlayView } from './overlay-marks.js';
import { gridWord } from '../shared/grid-words.js';
import type { GridAreas } from './grid-areas.js';
import { GridSession } from './grid-session.js';
import { boundedPermissionChecker } from '../shared/permission-checker.js';
import { settingsRequests, type SettingsRequestDeps } from './settings-requests.js';
import { voiceRequests, type VoiceRequestDeps } from './voice-requests.js';
import { withDeadline } from '../shared/deadline.js';
import { withUserCommands, type UserCommand } from '../intent/user-commands.js';
import { userCommandsRequests, type CommandsFileAccess } from './panel-commands.js';
import { TaskEffort } from './task-effort.js';
import type { TaskEffortRecord } from '../agent/effort-stats.js';

export interface PanelSessionDeps extends SettingsRequestDeps, VoiceRequestDeps {
  /** Builds the loop with the session's confirm callback (the loop's emitter goes to the panel). */
  readonly createLoop: (confirm: ConfirmCallback) => AssistantLoop;
  readonly permissions: PermissionChecker;
  /** The latest observation the loop's engine made (see tapObservations): "show numbers" draws it. */
  readonly latestObservation?: () => Observation | undefined;
  /** What "show numbers" shows of an observation (default: its marks, overlay-marks.ts; the core adds the scan's ranking). */
  readonly numbersView?: (observation: Observation) => OverlayView;
  /**
   * Where the loop's events go (the same emitter `createLoop` gives the loop). A command stopped
   * before the loop ran ends here with the events of a cancelled run: `status: idle`, then `done`.
   */
  readonly emit?: (event: AssistantEvent) => void;
  /** The user's own commands, which "what can I say" lists first. */
  readonly userCommandPhrases?: () => readonly UserCommand[];
  /** The commands file the "Your commands" view lists, and changes on Delete and Edit. */
  readonly userCommands?: CommandsFileAccess;
  /** How long a confirmation waits before it ends, cancelled (the setting, read when it is asked). Default 2 minutes. */
  readonly confirmTimeoutMs?: () => number;
  /** The user's language (the `language` setting): the words that answer, and the sentences the dialogue says. Absent: English. */
  readonly language?: () => Language;
  /** Where the mouse grid may go (issue #29): the screen and the front window. Without it "show grid" says it is unavailable. */
  readonly gridAreas?: GridAreas;
  /** Cells per side of the mouse grid (read when it is shown). Default 3. */
  readonly gridSize?: () => number;
  /** Writes one task's effort (issue #31) to the audit log; without it nothing is kept. */
  readonly recordEffort?: (record: TaskEffortRecord) => void;
}

/** Why "show numbers" does nothing while dictating (what is said then is written into the field). */
const NUMBERS_WHILE_DICTATING = 'Dictation is on, so the numbers are not shown: say “stop dictation” first, then “show numbers”.';

/** Why the grid does not show while dictating (what is said then is written into the field). */
const GRID_WHILE_DICTATING = 'Dictation is on, so the grid is not shown: say “stop dictation” first, then “show grid”.';

/** What "show numbers" asks the loop: the grammar reads it as get_screen_elements of the frontmost app, no LLM. */
const OBSERVE_COMMAND = 'what is on the screen';

/** How long a confirmation waits for an answer when the setting is not given. */
const DEFAULT_CONFIRM_TIMEOUT_MS = 120_000;

/** A payload that failed its schema: the handler never ran. */
export class InvalidPayloadError extends Error {}

type Handlers = { readonly [C in RequestChannel]: (...args: Parameters<RequestChannels[C]>) => ReturnType<RequestChannels[C]> };

/** The permissions a typed command needs before the loop may act (the microphone only matters for voice). */
const NEEDED_TO_ACT: readonly PermissionKind[] = ['accessibility'];
/** The checker promises ~2 s; past this the check counts as failed, never as a hung Send. */
const PERMISSION_DEADLINE_MS = 3000;
/** The loop's own words for a cancelled run: a Stop before the loop ran reads the same. */
const STOPPED = 'Stopped. Nothing more was done.';

/** `promise`'s value, or `undefined` as soon as `signal` aborts (the promise itself must never reject). */
function unlessStopped<T>(promise: Promise<T>, signal: AbortSignal): Promise<T | undefined> {
  const stopped = Symbol('stopped');
  return withDeadline<T | undefined>(promise, { signal, aborted: () => stopped }).catch((e: unknown) => {
    if (e === stopped) return undefined;
    throw e;
  });
}

/** The elements of an observation a guide may take examples from: the ones listed to be acted on. */
function guideVocabulary(observation: Observation): GuideVocabulary {
  const elements = [...(observation.places?.values() ?? [])].filter((p) => p.actionable).map((p) => ({ role: p.role, label: p.label }));
  return { app: observation.app, elements };
}

export class PanelSession {
  private readonly loop: AssistantLoop;
  /**
   * Every command from the start of its preflight to the end of its run: Stop aborts them all. (While
   * one is still in its preflight the loop is idle, so a second one may be checking too.)
   */
  private readonly running = new Set<AbortController>();
  /** What the session waits for from the user: the one pending question, its id, and its answers (src/agent/dialogue.ts). */
  private readonly dialogue: Dialogue;
  /** The numbered overlay is up: the next other command closes it (its numbers may be stale after an action). */
  private overlayShown = false;
  /** The observation the overlay last showed: a "show numbers" that observed nothing new must not show it again. */
  private shownFrom: Observation | undefined;
  /** The mouse grid (issue #29). The overlay shows either the numbers or the grid, never both. */
  private readonly grid: GridSession;

  /** The injected checker, bounded: a check that throws or hangs reads as `unknown`, with a sentence. */
  private readonly permissions: PermissionChecker;

  /** The "Your commands" view's requests. */
  private readonly commandsFile: ReturnType<typeof userCommandsRequests>;

  /** The inputs of the task that runs (issue #31), written to the audit log when it ends. */
  private readonly effort: TaskEffort;

  constructor(private readonly deps: PanelSessionDeps) {
    this.permissions = boundedPermissionChecker(deps.permissions, PERMISSION_DEADLINE_MS);
    this.commandsFile = userCommandsRequests(deps.userCommands);
    this.effort = new TaskEffort((record) => deps.recordEffort?.(record));
    this.dialogue = new Dialogue({
      pending: () => this.loop.memory.pending,
      closePending: () => this.loop.memory.setPending(undefined),
      running: () => this.loop.busy || this.running.size > 0,
      emit: (event) => this.emit(event),
      timeoutMs: () => this.deps.confirmTimeoutMs?.() ?? DEFAULT_CONFIRM_TIMEOUT_MS,
      ...(deps.language ? { language: deps.language } : {}),
    });
    this.loop = deps.createLoop(this.dialogue.confirm);
    this.grid = new GridSession({
      ...(deps.gridAreas ? { areas: deps.gridAreas } : {}),
      ...(deps.gridSize ? { size: deps.gridSize } : {}),
      // The grid's click ends the task its zooms began (their inputs carried, task-effort.ts).
      run: (command) => this.effort.run(undefined, () => this.runLoop(command)),
      emit: (event) => this.emit(event),
    });
    this.handlers = {
      'command:run': async (command, via, startedAt, effort) => {
        // An input while a task runs (an answer, a pause, Stop) counts for that task.
        this.effort.add(effort);
        // Answered here, before any planner: Stop never waits for (or reaches) an LLM.
        const own = sessionCommand(command, this.deps.language?.());
        if (own === 'stop') return this.stop();
        // While dictating, "continue" or "pause" alone is text for the field (no long run goes then).
        if ((own === 'pause' || own === 'go_on') && !this.dictating) return paceWord(own, this.loop.longRun, this.dialogue, startedAt);
        if (own === 'help') return this.help();
        if (own === 'show_panel') return { outcome: 'done', message: 'The panel is shown.', showPanel: true } satisfies RunReply;
        // The panel opens its list itself; anything else that sends the words is told where it is.
        if (own === 'user_commands') return { outcome: 'done', message: 'Your commands are listed in the panel: choose “Your commands”.' } satisfies RunReply;
        // The panel changes the scan speed itself when nothing waits (issue #31); these reach the core only while something does.
        if ((own === 'scan_slower' || own === 'scan_faster') && !this.dictating) return { outcome: 'done', message: SCAN_SPEED_LATER } satisfies RunReply;
        // Either word closes whichever is up (Esc sends "hide numbers" for both).
        if (own === 'hide_numbers' || own === 'hide_grid') {
          this.effort.drop();
          return this.hideOverlay(own);
        }
        const answered = this.answerWaiting(command, via ?? 'typed', startedAt);
        if (answered) return answered;
        // While dictating, what is said is text: "show numbers" would be typed as "what is on the screen".
        if (own === 'show_numbers' && this.dictating) return { outcome: 'refused', message: NUMBERS_WHILE_DICTATING } satisfies RunReply;
        if (own === 'show_grid' || own === 'show_window_grid') {
          if (this.dictating) return { outcome: 'refused', message: GRID_WHILE_DICTATING } satisfies RunReply;
          return this.showGrid(own === 'show_window_grid');
        }
        // With the grid up, its words (a cell's number, "click", "move the mouse to 7") are the grid's; while dictating, they are text.
        const toGrid = this.grid.shown && !this.dictating ? gridWord(command, this.deps.language?.()) : undefined;
        if (toGrid) {
          this.effort.carry(effort);
          return this.grid.hear(toGrid);
        }
        // With the numbers up, a number alone ("12", as said or typed) means that element; while dictating, it is the number.
        const bare = this.overlayShown && !this.dictating ? /^\s*(\d{1,5})\s*$/.exec(command) : null;
        const reply = await this.effort.run(effort, () => this.runLoop(own === 'show_numbers' ? OBSERVE_COMMAND : bare ? `click ${bare[1]}` : command));
        if (own === 'show_numbers') return this.showNumbers(reply);
        if (!(this.overlayShown || this.grid.shown) || reply.permission) return reply;
        // After another command the screen may have changed: the numbers or the grid close.
        this.overlayShown = false;
        this.grid.close();
        return { ...reply, overlay: 'hidden' };
      },
      'command:stop': async () => {
        this.abortAll();
      },
      // Counts only for the question it names, once (a card of an earlier question, a press in flight, find nothing).
      'confirmation:answer': async (answer, questionId, effort) => {
        this.effort.add(effort);
        this.dialogue.press(questionId, answer);
      },
      'commands:recent': async () => [...this.loop.memory.recentCommands],
      'user-commands:view': () => this.commandsFile.view(),
      'user-commands:delete': (target) => this.commandsFile.remove(target),
      'user-commands:edit': (target, change) => this.commandsFile.edit(target, change),
      ...settingsRequests(this.deps),
      'permissions:check': () => this.permissions.check(),
      'permissions:open-settings': (kind) => this.permissions.openSettings(kind),
      // Validated here like every request; the shell, which owns the overlay window, draws it.
      'overlay:highlight': async () => undefined,
      ...voiceRequests(this.deps),
    };
  }

  /** Every request of the panel, by channel (the session's own, the settings' and voice's). */
  private readonly handlers: Handlers;

  /** Dictation mode is on (issue #18): what is said is text, not a command. */
  get dictating(): boolean {
    return this.loop.dictation.active;
  }

  /**
   * A typed or spoken text, given to the dialogue before it could ever be a command (src/agent/dialogue.ts):
   * an answer, a text that answers nothing (what waits keeps waiting) or one begun before the question.
   * Undefined: the loop takes the text (a new command, an option of the question, or one refused while a command runs).
   */
  private answerWaiting(text: string, via: AnswerChannel, startedAt: number | undefined): RunReply | undefined {
    // A transcript speech to text was unsure of answers nothing, here too (the panel holds it back first).
    const uncertain = via === 'spoken' && (this.deps.voice?.wasUncertain(text) ?? false);
    const heard = this.dialogue.hear(text, { via, ...(startedAt !== undefined ? { startedAt } : {}), ...(uncertain ? { uncertain } : {}) });
    switch (heard.kind) {
      case 'pass':
        return undefined;
      case 'answered':
        return { outcome: heard.to === 'question' ? 'cancelled' : heard.answer === 'confirmed' ? 'done' : 'refused', message: heard.message };
      case 'not_an_answer':
        return { outcome: 'needs_user', message: heard.message };
    }
  }

  /**
   * "What can I say": while something waits, how to answer it; otherwise every group of the offline
   * grammar, with examples from the app in front. Those come from the loop's own observation (the one
   * "what's on screen" and "show numbers" make), so the ids the overlay and "click 12" use stay the
   * loop's; when none can be made (no app, no permission) the examples are generic.
   */
  private async help(): Promise<RunReply> {
    const waiting = this.dialogue.waiting() ?? { kind: 'nothing' };
    let guide: CommandGuide;
    let hidden = false;
    // The grid's own words while it is up: observing the screen now would change nothing it means.
    if (waiting.kind === 'nothing' && this.grid.shown && !this.dictating) {
      guide = gridGuide(this.grid.cells, this.deps.language?.());
      this.emit({ type: 'command_guide', guide });
      return { outcome: 'done', message: guideTitle(guide) };
    }
    switch (waiting.kind) {
      case 'confirmation':
        guide = confirmationGuide(this.deps.language?.());
        break;
      case 'question':
        guide = questionGuide(waiting.options, this.deps.language?.());
        break;
      case 'running':
        guide = runningGuide(this.deps.language?.());
        break;
      case 'nothing': {
        const before = this.deps.latestObservation?.();
        const reply = await this.runLoop(OBSERVE_COMMAND);
        const seen = this.deps.latestObservation?.();
        const fresh = reply.outcome === 'done' && seen !== undefined && seen !== before ? seen : undefined;
        guide = commandGuide(fresh ? guideVocabulary(fresh) : undefined, {
          platform: promptPlatform(process.platform),
          ...(this.deps.language ? { language: this.deps.language() } : {}),
          // Offered to be run with one press: only what runs without asking.
          keep: (intent) => classifyRisk(intent).level === 'harmless',
        });
        guide = withUserCommands(guide, this.deps.userCommandPhrases?.() ?? []);
        // The observation gave new numbers: the overlay's are no longer the ones "click 12" means.
        hidden = this.overlayShown;
        this.overlayShown = false;
        break;
      }
    }
    this.emit({ type: 'command_guide', guide });
    return { outcome: 'done', message: guideTitle(guide), ...(hidden ? { overlay: 'hidden' as const } : {}) };
  }

  private async runLoop(command: string): Promise<RunReply> {
    if (this.loop.busy) return this.loop.run(command); // refused by the loop, with its own sentence
    // The command is Stop's from here on, not only once the loop runs: every await before the loop
    // (this preflight) gives way to a Stop, and the loop's own (building the planner, the LLM, a
    // confirmation) watch the same signal.
    const controller = new AbortController();
    this.running.add(controller);
    try {
      // Preflight: a missing permission is explained, with the way to grant it, before anything runs.
      // A Stop ends the command at once; the check's late answer is dropped (the bounded checker settles by itself).
      const statuses = await unlessStopped(this.permissions.check(NEEDED_TO_ACT), controller.signal);
      if (!statuses || controller.signal.aborted) return this.stoppedBeforeRun();
      const missing = statuses.find((p) => p.state !== 'granted');
      if (missing) return { outcome: 'needs_user', message: missing.explanation, permission: missing };
      if (this.loop.busy) return await this.loop.run(command); // another command won the race: refused by the loop
      const result = await this.loop.run(command, { signal: controller.signal });
      return { outcome: result.outcome, message: result.message };
    } finally {
      this.running.delete(controller);
    }
  }

  /** A command stopped before the loop ran: nothing was done, and it ends as the loop ends a cancelled run. */
  private stoppedBeforeRun(): RunReply {
    this.emit({ type: 'status', status: 'idle' });
    this.emit({ type: 'done', outcome: 'cancelled', message: STOPPED });
    return { outcome: 'cancelled', message: STOPPED };
  }

  private emit(event: AssistantEvent): void {
    try {
      this.deps.emit?.(event);
    } catch {
      // As in the loop: a broken listener (a panel gone) must not leave the command half-way.
    }
  }

  private abortAll(): boolean {
    // Stop also ends dictation mode (issue #18), whether or not a command runs.
    if (this.loop.dictation.active && this.running.size === 0) this.loop.dictation.leave('stopped');
    const any = this.running.size > 0;
    for (const controller of this.running) controller.abort();
    return any;
  }

  private async stop(): Promise<RunReply> {
    const dictating = this.loop.dictation.active;
    if (this.abortAll()) return { outcome: 'cancelled', message: 'Stopped.' };
    return dictating ? { outcome: 'done', message: 'Dictation is off.' } : { outcome: 'done', message: 'Nothing was running.' };
  }

  /** The observation the loop just made, as marks for the overlay; the ids are the ones "click 12" names. */
  private showNumbers(reply: RunReply): RunReply {
    const observation = this.deps.latestObservation?.();
    // The numbers take the grid's place (drawn over it, or, when there are none to draw, closing it).
    const hadGrid = this.grid.close();
    if (reply.outcome !== 'done' || !observation || observation === this.shownFrom)
      return hadGrid && !reply.permission ? { ...reply, overlay: 'hidden' } : reply;
    this.shownFrom = observation;
    const view = (this.deps.numbersView ?? overlayView)(observation);
    if (view.marks.length === 0)
      return { outcome: 'done', message: `“${view.app}” shows nothing that can be numbered.`, ...(hadGrid ? { overlay: 'hidden' as const } : {}) };
    this.overlayShown = true;
    const last = view.marks.reduce((max, m) => Math.max(max, m.id), 0);
    return { outcome: 'done', message: `Numbers 1 to ${last} are shown on “${view.app}”. Say or type “click” and a number, or “hide numbers”.`, overlay: view };
  }

  /** "hide numbers" / "hide grid": closes whichever is up. */
  private hideOverlay(own: 'hide_numbers' | 'hide_grid'): RunReply {
    const grid = this.grid.close() || (own === 'hide_grid' && !this.overlayShown);
    this.overlayShown = false;
    return { outcome: 'done', message: grid ? 'The grid is hidden.' : 'The numbers are hidden.', overlay: 'hidden' };
  }

  /** "show grid" / "grid on the window": the numbers' ids mean nothing while the grid is up; a later "show numbers" draws them again. */
  private async showGrid(window: boolean): Promise<RunReply> {
    const reply = await this.grid.show(window);
    if (this.grid.shown) {
      this.overlayShown = false;
      this.shownFrom = undefined;
    }
    return reply;
  }

  /**
   * Handles one request from the panel: the arguments must pass the channel's schema first.
   * Rejects with InvalidPayloadError otherwise (the IPC layer reports it; the panel shows nothing ran).
   */
  handle<C extends RequestChannel>(channel: C, args: readonly unknown[]): ReturnType<RequestChannels[C]> {
    const parsed = REQUEST_SCHEMAS[channel].safeParse(args);
    if (!parsed.success) {
      // A key channel's rejection says nothing about the payload: not even its length.
      const detail = SECRET_CHANNELS.has(channel)
        ? 'the provider must be one the panel offers and the key 1 to 1,000 characters'
        : (parsed.error.issues[0]?.message ?? 'rejected');
      return Promise.reject(new InvalidPayloadError(`Invalid payload for ${channel}: ${detail}.`)) as ReturnType<RequestChannels[C]>;
    }
    const handler = this.handlers[channel] as (...a: unknown[]) => ReturnType<RequestChannels[C]>;
    return handler(...(parsed.data as unknown[]));
  }
}
