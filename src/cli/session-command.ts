/**
 * `assistive-control` (no arguments, at a terminal) or `assistive-control session`: a conversation
 * at a prompt, one command after another, with the same loop kept across them — its memory, "do that
 * again", and questions and confirmations answered at the same prompt.
 *
 * Made for screen readers: plain lines, no cursor movement, no colours, no redrawing. Prompts and
 * questions go to stderr, results to stdout. Ctrl-C stops the command that runs (at an empty prompt
 * it says how to leave); Ctrl-D, "exit" or "quit" leave. Typing "stop" while a command runs stops it.
 */
import { createInterface, type Interface } from 'node:readline';
import { Writable } from 'node:stream';
import type { AssistantEvent } from '../shared/contracts/events.js';
import { guideTitle } from '../shared/command-guide.js';
import { quote } from '../shared/text/quote.js';
import { sessionCommand as panelWord } from '../shared/session-commands.js';
import { commandGuide } from '../intent/grammar/command-guide.js';
import { DE_SESSION_GROUP } from '../intent/grammar/de/command-guide-de.js';
import type { Language } from '../shared/language.js';
import { withUserCommands, type UserCommand } from '../intent/user-commands.js';
import type { ConfirmCallback } from '../agent/assistant-loop.js';
import { Dialogue } from '../agent/dialogue.js';
import { confirmAtPrompt, type PromptLine } from './confirm-at-prompt.js';
import type { CliCommand } from './cli-io.js';
import { writeCommandList } from './commands-command.js';
import { EXIT } from './exit-codes.js';
import { PROVIDER_OPTIONS, parseCommandArgs } from './parse-command-args.js';
import { cliLoop, cliPlanner, cliSetup, cliUserCommands, defaultRunDeps, describeEvent, type RunDeps } from './run-command.js';

const USAGE = `Usage: assistive-control [session] [--provider grammar|ollama|anthropic|openai] [--model M] [--base-url URL]

Talks with the assistant at a prompt: type a command, press Enter, then the next one. Questions and
confirmations are answered at the same prompt (a number picks an option); "do that again" repeats the
last action. Ctrl-C stops the command that runs, "pause" and "go on" pace a long one;
Ctrl-D, "exit" or "quit" leave.
Needs a terminal; in a script use "assistive-control run".`;

const PROMPT = '> ';

/** "what can I say" at the prompt: the grammar's own guide, one group a line; the panel's own words left out. */
function guideLines(own: readonly UserCommand[], language: Language): string {
  const guide = withUserCommands(commandGuide(undefined, { language }), own);
  const groups = guide.groups
    .filter((g) => g.title !== 'The assistant itself' && g.title !== DE_SESSION_GROUP.title)
    .map((g) => `  ${g.title}: ${g.examples.join('; ')}${g.alsoSaid.length > 0 ? ` (also: ${g.alsoSaid.join(', ')})` : ''}`);
  return [
    guideTitle(guide),
    ...groups,
    '  This session: do that again; stop (or Ctrl-C), pause and go on while a command runs; exit (or Ctrl-D) to leave.',
  ].join('\n');
}
const LEAVE = new Set(['exit', 'quit', 'bye']);

/** A line typed at the prompt, and when it arrived (ms since the epoch). */
type Line = Required<PromptLine>;

/** Reads one line at a time from a readline interface, in order; undefined once it closed. */
class Lines {
  private readonly queued: Line[] = [];
  private waiting: ((line: Line | undefined) => void) | undefined;
  private closed = false;
  /** `intercept` sees each line no one is waiting for; true takes it (it is not queued). */
  constructor(rl: Interface, intercept: (line: string) => boolean) {
    rl.on('line', (text) => {
      if (!this.waiting && intercept(text)) return;
      const line = { text, at: Date.now() };
      if (this.waiting) {
        const w = this.waiting;
        this.waiting = undefined;
        w(line);
      } else this.queued.push(line);
    });
    rl.on('close', () => {
      this.closed = true;
      this.waiting?.(undefined);
      this.waiting = undefined;
    });
  }
  /**
   * Takes out the lines typed before now (typed ahead, pasted): none of them may answer what is asked
   * next. A terminal hands its process one line per read, so lines pasted together may still sit in
   * the terminal's buffer: a few turns of the event loop read what is already there first.
   */
  async setAside(): Promise<string[]> {
    for (let i = 0; i < 4; i++) await new Promise<void>((resolve) => setImmediate(resolve));
    return this.queued.splice(0).map((l) => l.text);
  }
  next(): Promise<Line | undefined> {
    const line = this.queued.shift();
    if (line !== undefined) return Promise.resolve(line);
    if (this.closed) return Promise.resolve(undefined);
    return new Promise((resolve) => (this.waiting = resolve));
  }
}

export function createSessionCommand(deps: RunDeps): CliCommand {
  return {
    name: 'session',
    usage: USAGE,
    async run(args, io) {
      const parsed = parseCommandArgs(args, io, USAGE, PROVIDER_OPTIONS);
      if ('exit' in parsed) return parsed.exit;
      if (parsed.values.json) {
        io.stderr.write('A session is a conversation in plain lines; it has no --json output. For JSON, use: assistive-control run --json "<command>"\n');
        return EXIT.usage;
      }
      const stdin = io.stdin;
      if (!stdin?.isTTY) {
        io.stderr.write('A session needs a terminal to type in. In a script, use: assistive-control run "<command>"\n');
        return EXIT.usage;
      }
      const { provider: providerOption, model, 'base-url': baseURL } = parsed.values;
      const setup = await cliSetup(deps, io, providerOption, parsed.values);
      if ('exit' in setup) return setup.exit;
      const { services, settings, provider } = setup;
      const secrets: string[] = [];

      const output = new Writable({
        write(chunk: Buffer | string, _encoding, done) {
          io.stderr.write(chunk.toString());
          done();
        },
      });
      // terminal: false — no line editing redraws, nothing but plain lines for a screen reader; the
      // terminal's own line discipline still echoes and edits what is typed.
      const rl = createInterface({ input: stdin, output, terminal: false });
      let controller: AbortController | undefined;
      // "stop" typed while a command runs (and no question waits) stops it, as Ctrl-C does; "pause" and "go on" pace a long run.
      const lines = new Lines(rl, (line) => {
        if (!controller) return false;
        const word = panelWord(line, settings.language);
        if (word === 'pause' || word === 'go_on') {
          const reply = word === 'pause' ? loop.longRun.pause() : loop.longRun.goOn();
          io.stderr.write(`${reply.message}\n`);
          return true;
        }
        if (word !== 'stop') return false;
        controller.abort();
        return true;
      });
      const onInterrupt = () => {
        if (controller && !controller.signal.aborted) controller.abort();
        else io.stderr.write('\nNothing is running. To leave, press Ctrl-D or type exit.\n');
      };
      const stopListening = deps.onInterrupt(onInterrupt);

      const ask = async (question: string): Promise<Line | undefined> => {
        io.stderr.write(question);
        return lines.next();
      };
      /**
       * A question's answer is a line typed after it was asked (issue #27): lines typed ahead or pasted
       * with a command ("click Delete\ny\n") are set aside, not run, and the user is told.
       */
      const askFresh = async (question: string): Promise<Line | undefined> => {
        const early = await lines.setAside();
        if (early.length > 0) {
          const listed = early.map((l) => quote(l, 40)).join(', ');
          io.stderr.write(
            `Set aside ${early.length === 1 ? 'a line' : `${early.length} lines`} typed before this question, so ${early.length === 1 ? 'it does' : 'none of them does'} not answer it and ${early.length === 1 ? 'was' : 'were'} not run: ${listed}.\n`,
          );
        }
        return ask(question);
      };
      // The error line the running command printed last (its result says the same: not twice).
      const said = { error: '' };
      const emit = (event: AssistantEvent) => {
        const shown = describeEvent(event);
        if (!shown) return;
        if (shown.toErr) said.error = shown.line;
        (shown.toErr ? io.stderr : io.stdout).write(`${shown.line}\n`);
      };
      // The one owner of what waits (src/agent/dialogue.ts), as in the panel: the same answers, fresh ones only.
      const dialogue = new Dialogue({
        pending: () => loop.memory.pending,
        closePending: () => loop.memory.setPending(undefined),
        running: () => false,
        language: () => settings.language,
      });
      const confirm: ConfirmCallback = (request, signal) =>
        confirmAtPrompt(dialogue, request, signal, { first: askFresh, again: ask, stop: () => controller?.abort() });
      const userCommands = await cliUserCommands(services, io);
      // Followed while the session lasts: an edit of commands.json applies to the next command.
      await userCommands.watch((message) => io.stderr.write(`${message}\n`));
      const loop = cliLoop(deps, io, settings, {
        emit,
        confirm,
        planner: cliPlanner(deps, services, settings, { provider, model, baseURL }, secrets),
        secrets,
        secretStore: services.secrets,
        userCommands,
      });

      io.stderr.write('Assistive Control. Type a command and press Enter ("what can I say" lists them); Ctrl-D leaves.\n');
      try {
        for (;;) {
          const pending = loop.memory.pending;
          const options = pending?.kind === 'clarification' ? pending.options : [];
          const line =
            pending?.kind === 'clarification'
              ? await askFresh(`${pending.question}\n${options.map((o, i) => `  ${i + 1}. ${o}\n`).join('')}${PROMPT}`)
              : await ask(PROMPT);
          if (line === undefined) break;
          const text = line.text.trim();
          if (text === '') continue;
          if (LEAVE.has(text.toLowerCase())) break;
          if (panelWord(text, settings.language) === 'help') {
            io.stdout.write(`${guideLines((await userCommands.commands()).commands, settings.language)}\n`);
            continue;
          }
          // "pause" and "go on" with nothing running: said so, never planned.
          const pace = panelWord(text, settings.language);
          if (pace === 'pause' || pace === 'go_on') {
            io.stderr.write(`${(pace === 'pause' ? loop.longRun.pause() : loop.longRun.goOn()).message}\n`);
            continue;
          }
          // "my commands": the panel opens its list; here it is printed, as `commands list` prints it.
          if (panelWord(text, settings.language) === 'user_commands') {
            writeCommandList(userCommands.path, await userCommands.commands(), io);
            continue;
          }
          const picked = /^(\d+)$/.exec(text);
          const command = picked && options[Number(picked[1]) - 1] !== undefined ? (options[Number(picked[1]) - 1] as string) : text;
          controller = new AbortController();
          said.error = '';
          const result = await loop.run(command, { signal: controller.signal });
          controller = undefined;
          if (result.message !== said.error) (result.outcome === 'done' ? io.stdout : io.stderr).write(`${result.message}\n`);
        }
        io.stderr.write('Goodbye.\n');
        return EXIT.ok;
      } finally {
        controller?.abort();
        rl.close();
        stopListening();
        userCommands.close();
      }
    },
  };
}

export const sessionCommand = createSessionCommand(defaultRunDeps);
