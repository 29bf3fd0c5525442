/**
 * The intent schema: the one source of truth of what a planner may say.
 *
 * Every planner (the grammar and each LLM provider) produces one of these objects, and nothing is
 * executed that has not passed `validatePlannerOutput`. Types come from `z.infer`; the JSON Schema
 * used for LLM structured output is generated from the same objects (see `json-schema.ts`).
 */
import * as z from 'zod';
import { ROLES } from '../shared/roles.js';
import { KEY_NAMES, MODIFIERS } from '../shared/keys.js';
import { CELL_REFERENCE_MAX, parseCellReference } from '../shared/cell-address.js';
import { unsafeText } from '../shared/limits.js';
import { readWebAddress, WEB_ADDRESS_MAX } from '../shared/web-address.js';
import { WINDOW_ACTIONS } from '../shared/window-actions.js';

/** Limits, in one place so prompts, docs and tests name the same numbers. */
export const LIMITS = {
  textMax: 500,
  labelMax: 200,
  appMax: 100,
  questionMax: 300,
  optionMax: 60,
  optionsMax: 6,
  suggestionMax: 300,
  reasonMax: 300,
  sequenceMax: 100,
  modifiersMax: 4,
  scrollAmountMax: 50,
  clickCountMax: 3,
  coordinateAbsMax: 100_000,
  elementIdMax: 99_999,
  ordinalMax: 99,
  urlMax: WEB_ADDRESS_MAX,
} as const;

// Control characters, the bidirectional overrides that can make a label read differently from what
// it is, and lone surrogates: the one rule of src/shared/limits.ts (typed text may hold tab and newline).

/** A short single-line name: a label, an app, an option. */
function shortName(max: number, what: string) {
  return z
    .string({ error: `${what} must be text` })
    .min(1, { error: `${what} is empty` })
    .max(max, { error: `${what} is longer than ${max} characters` })
    .refine((s) => s.trim().length > 0, { error: `${what} is blank` })
    .refine((s) => !unsafeText(s, 'single_line'), { error: `${what} contains control characters` });
}

/** A sentence shown to the user: may not contain control characters. */
function sentence(max: number, what: string) {
  return shortName(max, what);
}

export const Confidence = z
  .number({ error: 'confidence must be a number from 0 to 1' })
  .min(0, { error: 'confidence must be a number from 0 to 1' })
  .max(1, { error: 'confidence must be a number from 0 to 1' });

const base = { confidence: Confidence.optional() };

export const Role = z.enum(ROLES, { error: `role must be one of: ${ROLES.join(', ')}` });
export const KeyName = z.enum(KEY_NAMES as [string, ...string[]], {
  error: 'key must be a key name such as enter, escape, tab, space, a-z, 0-9, f1-f20, up, page_down',
});
export const Modifier = z.enum(MODIFIERS, { error: `modifiers must be from: ${MODIFIERS.join(', ')}` });

export const Coordinate = z
  .number({ error: 'coordinates must be numbers' })
  .min(-LIMITS.coordinateAbsMax, { error: 'coordinate is off every screen' })
  .max(LIMITS.coordinateAbsMax, { error: 'coordinate is off every screen' });

export const Point = z.strictObject({ x: Coordinate, y: Coordinate });

/** An element named by its id in the latest observation ("click 12"). */
export const ElementById = z.strictObject({
  id: z
    .number({ error: 'element id must be a whole number' })
    .int({ error: 'element id must be a whole number' })
    .min(1, { error: 'element id must be 1 or more' })
    .max(LIMITS.elementIdMax, { error: `element id must be at most ${LIMITS.elementIdMax}` }),
});

/** An element named by what it says on screen, optionally narrowed by role and app. */
export const ElementByLabel = z.strictObject({
  label: shortName(LIMITS.labelMax, 'label'),
  role: Role.optional(),
  app: shortName(LIMITS.appMax, 'app').optional(),
});

/**
 * An element named by its rank among the shown controls of its role, in reading order ("the third
 * button in the toolbar", "the second unnamed button"), named or not: `within` is the container (a
 * toolbar, dialog, list… by its name or its kind), `unnamed` counts only controls without a name,
 * `fromEnd` counts from the last. The engine resolves it in the app's live tree and the gate judges
 * the element found, as for any other target.
 */
export const ElementByOrdinal = z.strictObject({
  ordinal: z
    .number({ error: 'ordinal must be a whole number' })
    .int({ error: 'ordinal must be a whole number' })
    .min(1, { error: 'ordinal must be 1 or more' })
    .max(LIMITS.ordinalMax, { error: `ordinal must be at most ${LIMITS.ordinalMax}` }),
  role: Role,
  within: shortName(LIMITS.labelMax, 'within').optional(),
  unnamed: z.boolean({ error: 'unnamed must be true or false' }).optional(),
  fromEnd: z.boolean({ error: 'fromEnd must be true or false' }).optional(),
  app: shortName(LIMITS.appMax, 'app').optional(),
});

export const ElementRef = z.union([ElementById, ElementByLabel, ElementByOrdinal], {
  error: 'an element is named by {"label": "...", "role"?, "app"?} or by {"id": N} from the latest observation',
});

/** A place: a point on screen or an element. */
export const Place = z.union([Point, ElementById, ElementByLabel, ElementByOrdinal], {
  error: 'a place is {"x": N, "y": N}, {"label": "..."} or {"id": N}',
});

export const AppName = shortName(LIMITS.appMax, 'app');

export const OpenApplication = z.strictObject({
  intent: z.literal('open_application'),
  app: AppName,
  ...base,
});

export const ClickElement = z.strictObject({
  intent: z.literal('click_element'),
  element: ElementRef,
  ...base,
});

export const DoubleClickElement = z.strictObject({
  intent: z.literal('double_click_element'),
  element: ElementRef,
  ...base,
});

/**
 * A right click on an element (its context menu), or at a screen point where no element can be
 * named (the mouse grid's "right click"): a point is judged like a left click there.
 */
export const RightClickElement = z.strictObject({
  intent: z.literal('right_click_element'),
  element: Place,
  ...base,
});

export const TypeText = z.strictObject({
  intent: z.literal('type_text'),
  text: z
    .string({ error: 'text must be text' })
    .min(1, { error: 'text is empty' })
    .max(LIMITS.textMax, { error: `text is longer than ${LIMITS.textMax} characters` })
    .refine((s) => !unsafeText(s, 'typed_text'), {
      error: 'text contains control characters (only tab and newline may be typed)',
    }),
  /** The field to type into; when absent, the focused element receives the text. */
  element: ElementRef.optional(),
  ...base,
});

export const PressKey = z.strictObject({
  intent: z.literal('press_key'),
  key: KeyName,
  modifiers: z
    .array(Modifier, { error: 'modifiers must be a list' })
    .max(LIMITS.modifiersMax, { error: `at most ${LIMITS.modifiersMax} modifiers` })
    .refine((m) => new Set(m.map((x) => (x === 'opt' ? 'alt' : x))).size === m.length, {
      error: 'a modifier is repeated',
    })
    .optional(),
  /** The app that should receive the key; when absent, the frontmost app does. */
  app: AppName.optional(),
  ...base,
});

export const ScrollDirection = z.enum(['up', 'down', 'left', 'right'], {
  error: 'direction must be up, down, left or right',
});

export const Scroll = z.strictObject({
  intent: z.literal('scroll'),
  direction: ScrollDirection,
  amount: z
    .number({ error: 'amount must be a whole number' })
    .int({ error: 'amount must be a whole number' })
    .min(1, { error: 'amount must be 1 or more' })
    .max(LIMITS.scrollAmountMax, { error: `amount must be at most ${LIMITS.scrollAmountMax}` })
    .optional(),
  element: ElementRef.optional(),
  app: AppName.optional(),
  ...base,
});

export const MoveMouse = z.strictObject({
  intent: z.literal('move_mouse'),
  to: Place,
  ...base,
});

export const LeftClickCoordinates = z.strictObject({
  intent: z.literal('left_click_coordinates'),
  x: Coordinate,
  y: Coordinate,
  count: z
    .number({ error: 'count must be a whole number' })
    .int({ error: 'count must be a whole number' })
    .min(1, { error: 'count must be 1 to 3' })
    .max(LIMITS.clickCountMax, { error: 'count must be 1 to 3' })
    .optional(),
  ...base,
});

export const Drag = z.strictObject({
  intent: z.literal('drag'),
  from: Place,
  to: Place,
  ...base,
});

/**
 * A spreadsheet cell ("B3") or range ("A1:C5"): column letters A–XFD and a row 1–1048576, either
 * case, nothing else (no "$", no sheet name, no spaces).
 */
export const CellReference = z
  .string({ error: 'cell must be text such as "B3" or "A1:C5"' })
  .max(CELL_REFERENCE_MAX, { error: `cell is longer than ${CELL_REFERENCE_MAX} characters: name one cell ("B3") or one range ("A1:C5")` })
  .superRefine((text, ctx) => {
    const read = parseCellReference(text);
    if (!read.ok) ctx.addIssue({ code: 'custom', message: read.problem });
  });

/** Move to a cell of a spreadsheet, or select a range, through the app's cell address box. */
export const GoToCell = z.strictObject({
  intent: z.literal('go_to_cell'),
  cell: CellReference,
  /** The spreadsheet app; when absent, the frontmost app. */
  app: AppName.optional(),
  ...base,
});

/**
 * Open a web address in the default browser: http and https only, absolute (src/shared/web-address.ts
 * says what else is refused, and why). The grammar turns "open example.com" into https://example.com.
 */
export const OpenUrl = z.strictObject({
  intent: z.literal('open_url'),
  url: z
    .string({ error: 'url must be text' })
    .max(LIMITS.urlMax, { error: `url is longer than ${LIMITS.urlMax} characters` })
    .superRefine((text, ctx) => {
      const read = readWebAddress(text);
      if (!read.ok) ctx.addIssue({ code: 'custom', message: read.problem });
    }),
  ...base,
});

/**
 * A window or desktop command (issue #32): `title` names the window ("switch to Budget"; for the
 * others a window by its title), else the front window is meant. Zoom is Ctrl+plus / Ctrl+minus to
 * the front app.
 */
export const WindowCommand = z
  .strictObject({
    intent: z.literal('window_command'),
    action: z.enum(WINDOW_ACTIONS, { error: `action must be one of: ${WINDOW_ACTIONS.join(', ')}` }),
    title: shortName(LIMITS.labelMax, 'title').optional(),
    ...base,
  })
  .refine((c) => c.action !== 'switch_to' || c.title !== undefined, { error: 'switch_to needs the title of the window' });

/** The apps that are running (read only): "what's open". */
export const ListApplications = z.strictObject({
  intent: z.literal('list_applications'),
  ...base,
});

export const GetFrontmostApp = z.strictObject({
  intent: z.literal('get_frontmost_app'),
  ...base,
});

export const GetScreenElements = z.strictObject({
  intent: z.literal('get_screen_elements'),
  app: AppName.optional(),
  ...base,
});

export const ClarifyRequest = z.strictObject({
  intent: z.literal('clarify_request'),
  question: sentence(LIMITS.questionMax, 'question'),
  options: z
    .array(shortName(LIMITS.optionMax, 'option'), { error: 'options must be a list' })
    .min(1, { error: 'options, when given, need at least one entry' })
    .max(LIMITS.optionsMax, { error: `at most ${LIMITS.optionsMax} options` })
    .optional(),
  ...base,
});

export const Unsupported = z.strictObject({
  intent: z.literal('unsupported'),
  suggestion: sentence(LIMITS.suggestionMax, 'suggestion'),
  reason: sentence(LIMITS.reasonMax, 'reason').optional(),
  ...base,
});

/** The actions a sequence may contain: no nested sequences, questions or observations. */
export const STEP_SCHEMAS = [
  OpenApplication,
  ClickElement,
  DoubleClickElement,
  RightClickElement,
  TypeText,
  PressKey,
  Scroll,
  MoveMouse,
  LeftClickCoordinates,
  Drag,
  GoToCell,
  OpenUrl,
  WindowCommand,
] as const;

export const Step = z.discriminatedUnion('intent', STEP_SCHEMAS);

export const Sequence = z.strictObject({
  intent: z.literal('sequence'),
  steps: z
    .array(Step, { error: 'steps must be a list of actions' })
    .min(1, { error: 'a sequence needs at least one step' })
    .max(LIMITS.sequenceMax, { error: `a sequence has at most ${LIMITS.sequenceMax} steps` }),
  ...base,
});

export const INTENT_SCHEMAS = [...STEP_SCHEMAS, Sequence, ClarifyRequest, GetFrontmostApp, GetScreenElements, ListApplications, Unsupported] as const;

export const Intent = z.discriminatedUnion('intent', INTENT_SCHEMAS);

/** What an LLM returns: an object at the root (OpenAI rejects a root union), the intent inside. */
export const PlannerReply = z.strictObject({ plan: Intent });

export type Intent = z.infer<typeof Intent>;
export type Step = z.infer<typeof Step>;
export type IntentKind = Intent['intent'];
export type ElementRef = z.infer<typeof ElementRef>;
export type Place = z.infer<typeof Place>;
export type Point = z.infer<typeof Point>;
export type PlannerReply = z.infer<typeof PlannerReply>;

export const INTENT_KINDS: readonly IntentKind[] = INTENT_SCHEMAS.map((s) => s.shape.intent.value);

/** The intents a sequence may contain: one action each. */
const STEP_INTENTS: ReadonlySet<string> = new Set(STEP_SCHEMAS.map((schema) => schema.shape.intent.value));

/** An intent that is one action (a step), not a sequence, a question, an observation or a refusal. */
export function isStep(intent: Intent): intent is Step {
  return STEP_INTENTS.has(intent.intent);
}

export function isElementById(ref: ElementRef | Place): ref is z.infer<typeof ElementById> {
  return 'id' in ref;
}

export function isElementByOrdinal(ref: ElementRef | Place): ref is z.infer<typeof ElementByOrdinal> {
  return 'ordinal' in ref;
}

export function isPoint(place: Place): place is Point {
  return 'x' in place;
}
