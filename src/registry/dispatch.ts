/**
 * The registry's switch: routes a validated intent to the execution engine, with the live gate.
 *
 * The caller approved the intent at some risk level (harmless ones run; the user confirmed a
 * moderate or destructive one). Right before acting, the engine hands the live facts of the target
 * it resolved to the gate built here, which classifies the intent again with them: a level higher
 * than the approved one (and one the policy asks about) stops the action with `needs_confirmation`;
 * `blocked` refuses it. Nothing here throws: every outcome is an ActionResult.
 */
import { assertNever } from '../shared/assert-never.js';
import { canonicalModifier } from '../shared/keys.js';
import type { ActionTarget } from '../shared/contracts/events.js';
import type { Role } from '../shared/roles.js';
import { riskRank, type RiskLevel } from '../shared/risk-level.js';
import type { ExecutionEngine } from '../execution/engine.js';
import type { ActOptions, BetweenSteps, ElementChoice, LiveGate, Place, SequenceStep, Target } from '../execution/engine-types.js';
import { failure, type ActionResult } from '../execution/results.js';
import { describeIntent } from '../intent/describe.js';
import { isPoint, isStep, type ElementRef, type Intent, type Place as IntentPlace, type Step } from '../intent/schema.js';
import { classifyRisk, classifyStep, gateDecision, type GatePolicy, type ObservedFacts } from './risk.js';
import { errorMessage } from '../shared/errors.js';
import { normaliseLabel } from '../shared/text/label-text.js';
import { quote } from '../shared/text/quote.js';
import { withDeadline } from '../shared/deadline.js';

export type { ActionResult } from '../execution/results.js';
export type { ElementChoice } from '../execution/engine-types.js';

export interface DispatchOptions {
  /** The level the user (or the policy, for harmless intents) approved. Default harmless. */
  readonly approved?: RiskLevel;
  readonly policy?: GatePolicy;
  /** Stops a running sequence between steps. */
  readonly signal?: AbortSignal;
  /** Asked before each step of a sequence (progress, pause, the step budget): the agent's, never a dialogue here. */
  readonly between?: BetweenSteps;
  /** The element the user picked in answer to "which one?": the label target that was ambiguous acts on it. */
  readonly choice?: ElementChoice;
  /** What the latest observation said about ids: a sequence step is approved at the level it was shown with. */
  readonly observed?: ObservedFacts;
  /**
   * A sequence resumed at a step the live gate asked about: that first step is approved at the level
   * the user just confirmed; the others keep their own.
   */
  readonly firstStepApproved?: RiskLevel;
  /**
   * The live element the user approved when the gate asked about it by name (it differed from the
   * label the plan named): the approval covers that element, and only it (issue #27).
   */
  readonly approvedElement?: string;
  /**
   * Keys for this field only (dictation's corrections, issue #27): a key finds the focus elsewhere
   * and is not pressed. The focused element's role and name as read when the correction began.
   */
  readonly keysFor?: { readonly role: Role; readonly name: string };
}

/** The engine methods dispatch uses (ExecutionEngine has them; tests may stand in at this seam). */
export type EngineApi = Pick<
  ExecutionEngine,
  | 'openApplication'
  | 'click'
  | 'doubleClick'
  | 'rightClick'
  | 'typeText'
  | 'pressKey'
  | 'scroll'
  | 'moveMouse'
  | 'clickAt'
  | 'drag'
  | 'goToCell'
  | 'openUrl'
  | 'sequence'
  | 'getFrontmostApp'
  | 'getScreenElements'
  | 'listApplications'
> &
  Partial<Pick<ExecutionEngine, 'observedElement' | 'readFocusedText' | 'placeInFocusedText' | 'locate' | 'windowCommand'>>;

/** How long a confirmation waits to find where its step acts before it asks without the outline. */
const LOCATE_DEADLINE_MS = 1000;

/** The place a step acts on first (a sequence: its first step's), when it names one. */
function stepPlace(step: Intent): IntentPlace | undefined {
  switch (step.intent) {
    case 'click_element':
    case 'double_click_element':
    case 'right_click_element':
    case 'type_text':
    case 'scroll':
      return step.element;
    case 'move_mouse':
      return step.to;
    case 'drag':
      return step.from;
    case 'left_click_coordinates':
      return { x: step.x, y: step.y };
    case 'sequence':
      return step.steps[0] ? stepPlace(step.steps[0] as Intent) : undefined;
    default:
      return undefined;
  }
}

/** Where a step will act on screen now, for the outline a confirmation draws (issue #31); undefined when unknown. */
export async function locateStep(step: Intent, engine: EngineApi, choice?: ElementChoice): Promise<ActionTarget | undefined> {
  const place = stepPlace(step);
  if (!place || !engine.locate) return undefined;
  // The question must not wait on a slow app: past the deadline it is asked without the outline.
  return withDeadline(engine.locate('x' in place ? place : targetWith(choice)(place)), { deadlineMs: LOCATE_DEADLINE_MS, unref: true }).catch(() => undefined);
}

/** The label a step names its element by (the element a click, a typing, a scroll or a drag starts on). */
function namedLabel(step: Intent): string | undefined {
  const ref =
    step.intent === 'click_element' || step.intent === 'double_click_element' || step.intent === 'right_click_element'
      ? step.element
      : step.intent === 'type_text' || step.intent === 'scroll'
        ? step.element
        : step.intent === 'drag'
          ? step.from
          : undefined;
  return ref && 'label' in ref ? ref.label : undefined;
}

const sameLabel = (a: string, b: string): boolean => normaliseLabel(a).text === normaliseLabel(b).text;

/**
 * The gate the engine calls with live facts, right before acting. An approval binds to what it
 * named: when the user approved a step naming “Delete” and the live element is “Delete account”
 * (found by its label's first words), it asks again about that element, even at the same level.
 */
export function liveGate(intent: Intent, approved: RiskLevel, policy?: GatePolicy, approvedElement?: string, keysFor?: DispatchOptions['keysFor']): LiveGate {
  return (facts) => {
    const focus = facts.focused;
    if (keysFor && focus && (focus.unread || focus.role !== keysFor.role || (focus.name ?? '') !== keysFor.name)) {
      const where = keysFor.name ? quote(keysFor.name, 40) : `the ${keysFor.role.replace(/_/g, ' ')}`;
      return failure('interrupted', `The keyboard focus left ${where}, so nothing more was pressed: click the field, then say the correction again.`);
    }
    const risk = classifyRisk(intent, facts);
    if (risk.level === 'blocked') return failure('refused', risk.reason);
    const rule = risk.rule ? { rule: risk.rule } : {};
    const live = facts.element?.name;
    const named = approvedElement ?? namedLabel(intent);
    const asked = riskRank(approved) > riskRank('harmless') && gateDecision(risk.level, policy) !== 'run';
    if (asked && live && named !== undefined && !sameLabel(live, named)) {
      return {
        kind: 'needs_confirmation',
        level: risk.level,
        reason: `The element found is ${quote(live, 60)}, not ${quote(named, 60)} as you were asked about. ${risk.reason} Do you want to go ahead?`,
        element: live,
        ...rule,
      };
    }
    if (riskRank(risk.level) <= riskRank(approved) || gateDecision(risk.level, policy) === 'run') return undefined;
    return { kind: 'needs_confirmation', level: risk.level, reason: `${risk.reason} Do you want to go ahead?`, ...(live ? { element: live } : {}), ...rule };
  };
}

/** The engine's target for an intent's element: the picked element when it is the one that was asked about. */
function targetWith(choice: ElementChoice | undefined): (ref: ElementRef) => Target {
  return (ref) => {
    const asked = choice?.query;
    if (choice && asked && 'label' in ref && ref.label === asked.label && ref.role === asked.role && ref.app === asked.app) return { choice };
    return ref;
  };
}

/** Runs one step (any intent but sequence, question and observation kinds). */
function runStep(step: Step, engine: EngineApi, o: ActOptions, choice?: ElementChoice): Promise<ActionResult> {
  const target = targetWith(choice);
  const place = (p: IntentPlace): Place => ('x' in p ? p : target(p));
  switch (step.intent) {
    case 'open_application':
      return engine.openApplication(step.app, o);
    case 'click_element':
      return engine.click(target(step.element), o);
    case 'double_click_element':
      return engine.doubleClick(target(step.element), o);
    case 'right_click_element':
      // At a point there is no element to ask for its menu: the right button is pressed there.
      return isPoint(step.element) ? engine.clickAt(step.element, 1, o, 'right') : engine.rightClick(target(step.element), o);
    case 'type_text':
      return engine.typeText(step.text, step.element && target(step.element), o);
    case 'press_key':
      return engine.pressKey(step.key, (step.modifiers ?? []).map(canonicalModifier), step.app, o);
    case 'scroll':
      return engine.scroll(step.direction, step.amount, step.element && target(step.element), step.app, o);
    case 'move_mouse':
      return engine.moveMouse(place(step.to), o);
    case 'left_click_coordinates':
      return engine.clickAt({ x: step.x, y: step.y }, step.count ?? 1, o);
    case 'drag':
      return engine.drag(place(step.from), place(step.to), o);
    case 'go_to_cell':
      return engine.goToCell(step.cell, step.app, o);
    case 'open_url':
      return engine.openUrl(step.url, o);
    case 'window_command':
      // Zoom is the app's own: Ctrl+plus (the key with = and +) and Ctrl+minus, through the key path and its gate.
      if (step.action === 'zoom_in' || step.action === 'zoom_out')
        return engine.pressKey(step.action === 'zoom_in' ? 'equal' : 'minus', ['ctrl'], undefined, o);
      return engine.windowCommand
        ? engine.windowCommand(step.action, step.title, o)
        : Promise.resolve(failure('unsupported', 'Window commands are not available here: use the window’s own buttons or the keyboard.'));
    default:
      return assertNever(step, 'dispatch: unknown step');
  }
}

/** Performs a validated intent. Never throws. */
export async function dispatchIntent(intent: Intent, engine: EngineApi, options: DispatchOptions = {}): Promise<ActionResult> {
  const approved = options.approved ?? 'harmless';
  const signal = options.signal ? { signal: options.signal } : {};
  try {
    if (isStep(intent))
      return await runStep(
        intent,
        engine,
        { gate: liveGate(intent, approved, options.policy, options.approvedElement, options.keysFor), ...signal },
        options.choice,
      );
    switch (intent.intent) {
      case 'clarify_request':
        return { kind: 'clarification', question: intent.question, options: intent.options ?? [] };
      case 'unsupported':
        return failure('unsupported', intent.suggestion);
      case 'get_frontmost_app':
        return await engine.getFrontmostApp();
      case 'get_screen_elements':
        return await engine.getScreenElements(intent.app);
      case 'list_applications':
        return await engine.listApplications();
      case 'sequence': {
        // One approval never covers a step it did not show: each step is approved at the level it was
        // listed with (never above what the user approved), and its live target is checked against that.
        const steps: SequenceStep[] = intent.steps.map((step, i) => {
          const shown = classifyStep(step, options.observed).level;
          const stepApproved = i === 0 && options.firstStepApproved ? options.firstStepApproved : riskRank(shown) < riskRank(approved) ? shown : approved;
          return {
            describe: describeIntent(step),
            run: (o) =>
              runStep(
                step,
                engine,
                { gate: liveGate(step, stepApproved, options.policy, i === 0 && options.firstStepApproved ? options.approvedElement : undefined), ...o },
                options.choice,
              ),
          };
        });
        return await engine.sequence(steps, { ...signal, ...(options.between ? { between: options.between } : {}) });
      }
      default:
        return assertNever(intent, 'dispatch: unknown intent');
    }
  } catch (error) {
    // The engine never throws; this is the last guard for a bug in an adapter above.
    return failure('failed', `Something went wrong while doing that (${errorMessage(error)}). Nothing more was done.`);
  }
}
