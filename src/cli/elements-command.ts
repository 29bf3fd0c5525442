/**
 * `assistive-control elements [--app NAME] [--json]`: what is on screen, exactly as a planner
 * receives it — the same serializer, ids, token budget and `[secure]` values as get_screen_elements.
 */
import type { Observation } from '../execution/observation.js';
import type { EngineApi } from '../registry/dispatch.js';
import type { CliCommand, CliIo } from './cli-io.js';
import { openDesktopEngine } from '../compose/desktop-engine.js';
import { EXIT } from './exit-codes.js';
import { parseCommandArgs } from './parse-command-args.js';

const USAGE = `Usage: assistive-control elements [--app NAME] [--json]

Lists the elements of an app (the frontmost one by default) exactly as a planner sees them: one
line per element, numbered; "click 12" in the next command refers to those numbers in the panel.
  --app NAME          the app to list, by name
  --json              print one JSON object: the app, the text, and how many elements were listed or left out

Exit codes: 0 listed, 1 the screen could not be read, 2 usage error.`;

/** The observation as JSON: the planner's text and the counts (the id map stays in the process). */
export function observationJson(o: Observation): Record<string, unknown> {
  return { app: o.app, generation: o.generation, text: o.text, listed: o.listed, omitted: o.omitted, tokenEstimate: o.tokenEstimate };
}

export function createElementsCommand(engine: (io: CliIo) => EngineApi): CliCommand {
  return {
    name: 'elements',
    usage: USAGE,
    async run(args, io) {
      const parsed = parseCommandArgs(args, io, USAGE, { app: { type: 'string' } });
      if ('exit' in parsed) return parsed.exit;
      if (parsed.positionals.length > 0) {
        io.stderr.write(`elements takes no command; to name an app use --app, for example: assistive-control elements --app Firefox\n\n${USAGE}\n`);
        return EXIT.usage;
      }
      const result = await engine(io).getScreenElements(parsed.values.app);
      if (result.kind === 'observation' && result.observation) {
        io.stdout.write(parsed.values.json ? `${JSON.stringify(observationJson(result.observation))}\n` : `${result.observation.text}\n`);
        return EXIT.ok;
      }
      const message = result.kind === 'failure' ? result.reason : 'The screen could not be read. Try again.';
      io.stderr.write(parsed.values.json ? '' : `${message}\n`);
      if (parsed.values.json) io.stdout.write(`${JSON.stringify({ error: result.kind === 'failure' ? result.code : 'failed', message })}\n`);
      return EXIT.failed;
    },
  };
}

export const elementsCommand = createElementsCommand((io) => openDesktopEngine(io.env ?? process.env));
