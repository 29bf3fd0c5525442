/**
 * The dialogue: the one owner of what the assistant is waiting for from the user (issue #27).
 *
 * Every front end (the panel's session in the core, the terminal session, `run` at a terminal, voice
 * through the panel) hands the loop `dialogue.confirm` as its confirm callback, and gives every text
 * the user types or says to `dialogue.hear` before anything else may read it. The dialogue holds the
 * one pending confirmation with its id and the time it was asked, decides with the answer rule
 * (src/shared/answer-words.ts) what a text is (an answer, "stop", a new command, or nothing), and
 * takes an answer only when it is fresh and the user's:
 *
 * - a text the user began before the question appeared answers nothing (typed ahead, said before,
 *   a line pasted with the command), and says so;
 * - a button's answer names the question it answers: an answer to an earlier question finds nothing;
 * - a confirmation nobody answers ends, cancelled, after the time the user set;
 * - each question is answered once: the next "yes" finds nothing waiting.
 */
import type { AnswerChannel, AnswerRoute, Waiting } from '../shared/answer-words.js';
import type { AnswerSentences } from '../shared/lang/answer-table.js';
import { confirmationHint, questionHint, routeAnswer } from '../shared/answer-words.js';
import type { AssistantEvent } from '../shared/contracts/events.js';
import { DEFAULT_LANGUAGE, type Language } from '../shared/language.js';
import { answerSentencesFor } from '../shared/lang/answers.js';
import { EN_ANSWER_SENTENCES } from '../shared/lang/en/answers.js';
import { quote } from '../shared/text/quote.js';
import type { RiskLevel } from '../shared/risk-level.js';
import type { ConfirmAnswer, ConfirmationRequest } from './loop-types.js';
import type { Pending } from './session-memory.js';

/** The confirmation that waits: what it asks, and when. */
export interface AskedConfirmation {
  readonly id: string;
  readonly summary: string;
  readonly level: RiskLevel;
  readonly reason: string;
  /** When it was shown (ms since the epoch): an answer begun before it does not answer it. */
  readonly askedAt: number;
}

/** A text the user gave: how it came, and when they began it. */
export interface Heard {
  readonly via: AnswerChannel;
  /**
   * When the user began this text (ms since the epoch): the first key typed into the box, the start
   * of the speech, the time a terminal line arrived. Absent: now (it counts as begun after the question).
   */
  readonly startedAt?: number;
  /** Speech to text was unsure of it (likely no speech, or a guess): it answers nothing. */
  readonly uncertain?: boolean;
}

/** What an answer the speech engine was unsure of is told (in English; each language's is in its answer table). */
export const NOT_HEARD_CLEARLY = EN_ANSWER_SENTENCES.notHeardClearly;

/** What the dialogue made of a text. */
export type Hearing =
  /** Not the dialogue's: the front end runs it as "stop", or hands it to the loop (a command, an option of a question). */
  | { readonly kind: 'pass'; readonly route: 'stop' | 'command' | 'choose' }
  /** An answer, given: the confirmation is settled or the question closed. */
  | { readonly kind: 'answered'; readonly to: 'confirmation' | 'question'; readonly answer: 'confirmed' | 'cancelled'; readonly message: string }
  /** Not an answer: nothing was done and what waits keeps waiting; `message` says what the user can do. */
  | { readonly kind: 'not_an_answer'; readonly message: string };

export interface DialogueDeps {
  /** The loop's memory: a question a run asked (which element?) waits there, and so does a confirmation a run could not ask. */
  readonly pending: () => Pending | undefined;
  /** Closes the loop's waiting question (a "cancel" to it). */
  readonly closePending: () => void;
  /** A command runs (or is in its preflight): only "stop" may go. */
  readonly running: () => boolean;
  /** Where the dialogue's answer events go (the front end's emitter). */
  readonly emit?: (event: AssistantEvent) => void;
  /** How long a confirmation waits (read when it is asked); absent: it waits until answered or stopped. */
  readonly timeoutMs?: () => number;
  /** The clock (ms since the epoch). */
  readonly now?: () => number;
  /** The user's language (the `language` setting, read at each answer): its words answer, its sentences reply. Absent: English. */
  readonly language?: () => Language;
}

/** "2 minutes", "45 seconds": a wait as said in an English sentence. */
export const howLong = EN_ANSWER_SENTENCES.howLong;

interface Open extends AskedConfirmation {
  readonly settle: (answer: ConfirmAnswer) => void;
}

export class Dialogue {
  private open: Open | undefined;
  private readonly now: () => number;

  constructor(private readonly deps: DialogueDeps) {
    this.now = deps.now ?? Date.now;
  }

  /** The confirmation that waits for an answer, if one does. */
  get asked(): AskedConfirmation | undefined {
    const open = this.open;
    return open && { id: open.id, summary: open.summary, level: open.level, reason: open.reason, askedAt: open.askedAt };
  }

  /**
   * The loop's confirm callback: asks, and resolves with the user's answer, "declined" once the run
   * is stopped, or "declined" (with a sentence) when nobody answered in time.
   */
  readonly confirm = (request: ConfirmationRequest, signal: AbortSignal): Promise<ConfirmAnswer> =>
    new Promise<ConfirmAnswer>((resolve) => {
      // A new question replaces one still open (it can only be a question of a run that ended): that one is declined.
      this.open?.settle('declined');
      const settle = (answer: ConfirmAnswer): void => {
        if (this.open?.id === request.id) this.open = undefined;
        if (timer) clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        resolve(answer);
      };
      // The loop treats the abort itself as the cancel; resolving keeps no promise hanging.
      const onAbort = (): void => settle('declined');
      signal.addEventListener('abort', onAbort, { once: true });
      const waitMs = this.deps.timeoutMs?.();
      // Nobody answered: the question ends, cancelled, so that no answer is taken long after it
      // (a sound in the room, a press meant for something else).
      const timer =
        waitMs === undefined
          ? undefined
          : setTimeout(() => {
              const say = this.sentences();
              const message = say.unanswered(say.howLong(waitMs));
              this.say({ type: 'answer', to: 'confirmation', answer: 'cancelled', message });
              settle('declined');
            }, waitMs);
      this.open = { id: request.id, summary: request.summary, level: request.risk.level, reason: request.risk.reason, askedAt: this.now(), settle };
      if (signal.aborted) onAbort();
    });

  /**
   * A button's answer (the panel's Confirm and Cancel, a switch's entry on them): it names the
   * question it answers, and counts only for that one, once. False: nothing waited under that id.
   */
  press(id: string, answer: 'confirm' | 'cancel'): boolean {
    const open = this.open;
    if (!open || open.id !== id) return false;
    open.settle(answer === 'confirm' ? 'confirmed' : 'declined');
    return true;
  }

  /** Ends the waiting confirmation unanswered (the front end can ask no more: its input closed). */
  abandon(): void {
    this.open?.settle('unanswered');
  }

  /** What the assistant waits for from the user now; undefined when a confirmation a run left is the loop's to read. */
  waiting(): Waiting | undefined {
    const open = this.open;
    if (open) return { kind: 'confirmation', summary: open.summary, level: open.level, question: `${open.summary} ${open.reason}` };
    if (this.deps.running()) return { kind: 'running' };
    const pending = this.deps.pending();
    if (pending?.kind === 'clarification') return { kind: 'question', question: pending.question, options: pending.options };
    // A confirmation a run left unanswered (no one to ask then) is the loop's to read.
    if (pending?.kind === 'confirmation') return undefined;
    return { kind: 'nothing' };
  }

  /**
   * A typed or spoken text, before it could ever be a command: a fresh yes or no answers the
   * waiting confirmation exactly once, a cancel closes a waiting question, and a text that answers
   * nothing says what can be said while what waits keeps waiting.
   */
  hear(text: string, heard: Heard): Hearing {
    const waiting = this.waiting();
    if (!waiting || waiting.kind === 'running') return { kind: 'pass', route: 'command' };
    const language = this.language();
    const say = answerSentencesFor(language);
    const route: AnswerRoute = routeAnswer(text, waiting, heard.via, language);
    const open = this.open;
    // An answer begun before its question: of a confirmation, anything but "stop"; of a question, an option or a cancel.
    const pending = open ? undefined : this.deps.pending();
    const askedAt = open?.askedAt ?? (pending?.kind === 'clarification' && (route.kind === 'choose' || route.kind === 'cancel') ? pending.askedAt : undefined);
    if (route.kind !== 'stop' && askedAt !== undefined && heard.startedAt !== undefined && heard.startedAt < askedAt) {
      const again = open
        ? confirmationHint(open.summary, language)
        : waiting.kind === 'question'
          ? questionHint(waiting.question, waiting.options, language)
          : '';
      return this.notAnAnswer(say.begunBefore(quote(text), heard.via, again));
    }
    if (heard.uncertain && (route.kind === 'confirm' || route.kind === 'cancel' || route.kind === 'choose')) return this.notAnAnswer(say.notHeardClearly);
    switch (route.kind) {
      case 'stop':
      case 'choose':
      case 'command':
        return { kind: 'pass', route: route.kind };
      case 'confirm':
      case 'cancel': {
        const confirmed = route.kind === 'confirm';
        if (open) {
          const message = confirmed ? say.confirmed : say.cancelled;
          // Said before the loop goes on, so the answer is heard before the action's result.
          this.say({ type: 'answer', to: 'confirmation', answer: confirmed ? 'confirmed' : 'cancelled', message });
          open.settle(confirmed ? 'confirmed' : 'declined');
          return { kind: 'answered', to: 'confirmation', answer: confirmed ? 'confirmed' : 'cancelled', message };
        }
        this.deps.closePending();
        const message = say.questionClosed;
        this.say({ type: 'answer', to: 'question', answer: 'cancelled', message });
        return { kind: 'answered', to: 'question', answer: 'cancelled', message };
      }
      case 'not_an_answer':
        return this.notAnAnswer(route.message);
    }
  }

  /** The user's language now (the setting, read each time). */
  language(): Language {
    return this.deps.language?.() ?? DEFAULT_LANGUAGE;
  }

  /** What the dialogue says, in the user's language now. */
  sentences(): AnswerSentences {
    return answerSentencesFor(this.language());
  }

  private notAnAnswer(message: string): Hearing {
    const to = this.open ? 'confirmation' : (this.waiting()?.kind ?? 'nothing');
    this.say({ type: 'answer', to: to === 'question' || to === 'confirmation' ? to : 'nothing', answer: 'not_an_answer', message });
    return { kind: 'not_an_answer', message };
  }

  private say(event: AssistantEvent): void {
    try {
      this.deps.emit?.(event);
    } catch {
      // A broken listener (a panel gone) must not leave the answer half-given.
    }
  }
}
