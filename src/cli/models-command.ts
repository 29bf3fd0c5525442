/**
 * `assistive-control models list|download [name]`: the speech models for local voice recognition
 * (whisper.cpp), listed with where they stand, and downloaded ahead of time — with resume after an
 * interruption and a checksum before use (src/voice/model-manager.ts) — so that the first spoken
 * command does not wait for 142 MB.
 *
 * Progress is a bar redrawn as a new plain line every 10 %, never with a carriage return: a screen
 * reader reads each line once. With --json, one JSON object per event.
 */
import { homedir } from 'node:os';
import { speechModelsDir } from '../compose/speech.js';
import { createModelManager, WHISPER_MODELS, type ModelDownloadEvent, type ModelSpec } from '../voice/model-manager.js';
import { type CliCommand, type CliIo, onProcessInterrupt } from './cli-io.js';
import { defaultCliServices, type CliServicesFactory } from './cli-services.js';
import { EXIT } from './exit-codes.js';
import { parseCommandArgs } from './parse-command-args.js';
import { errorMessage } from '../shared/errors.js';

const USAGE = `Usage: assistive-control models list [--json]
       assistive-control models download [name] [--json]

Lists the speech models for voice commands on this computer, or downloads one ahead of time (the
one in your voice settings when no name is given). An interrupted download resumes next time; a
model is used only once its checksum matched. Ctrl-C stops a download.
Exit codes: 0 done, 1 the download failed, 2 usage error, 130 stopped.`;

export interface ModelsDeps {
  readonly services: CliServicesFactory;
  /** The folder models are kept in. */
  readonly dir: (io: CliIo) => string;
  readonly baseUrl?: string;
  readonly catalog?: Readonly<Record<string, ModelSpec>>;
  readonly onInterrupt: (handler: () => void) => () => void;
}

export const defaultModelsDeps: ModelsDeps = {
  services: defaultCliServices,
  dir: (io) => speechModelsDir(process.platform, io.env ?? process.env, homedir()),
  onInterrupt: onProcessInterrupt,
};

const MB = 1024 * 1024;
const mb = (bytes: number) => `${Math.round(bytes / MB)} MB`;

/** One progress line: a ten-step bar, the percentage and the sizes. */
export function progressLine(name: string, received: number, total: number): string {
  const tenths = Math.min(10, Math.floor((10 * received) / Math.max(1, total)));
  return `${name}: [${'#'.repeat(tenths)}${'.'.repeat(10 - tenths)}] ${Math.floor((100 * received) / Math.max(1, total))}% (${mb(received)} of ${mb(total)})`;
}

export function createModelsCommand(deps: ModelsDeps): CliCommand {
  return {
    name: 'models',
    usage: USAGE,
    async run(args, io) {
      const parsed = parseCommandArgs(args, io, USAGE, {});
      if ('exit' in parsed) return parsed.exit;
      const [action, nameArg, ...extra] = parsed.positionals;
      const json = parsed.values.json;
      const catalog = deps.catalog ?? WHISPER_MODELS;
      const manager = createModelManager({ dir: deps.dir(io), ...(deps.baseUrl ? { baseUrl: deps.baseUrl } : {}), catalog });
      const { settings } = await deps.services(io).settings.load();
      const chosen = settings.voice.model;

      if (action === 'list' && nameArg === undefined) {
        const rows = Object.entries(catalog).map(([name, spec]) => ({
          name,
          label: spec.label,
          bytes: spec.bytes,
          chosen: name === chosen,
          path: manager.installedPath(name) ?? null,
        }));
        if (json) io.stdout.write(`${JSON.stringify({ models: rows })}\n`);
        else
          for (const r of rows)
            io.stdout.write(`${r.name.padEnd(9)} ${r.path ? 'downloaded    ' : 'not downloaded'} ${r.label}${r.chosen ? ' — in your voice settings' : ''}\n`);
        return EXIT.ok;
      }
      if (action !== 'download' || extra.length > 0) {
        io.stderr.write(
          `${action === undefined ? 'Say what to do: list or download.' : `Unknown models action "${action.slice(0, 20)}": use list or download [name].`}\n\n${USAGE}\n`,
        );
        return EXIT.usage;
      }
      const name = nameArg ?? chosen;
      if (!Object.hasOwn(catalog, name)) {
        io.stderr.write(`There is no speech model called "${name.slice(0, 40)}": use one of ${Object.keys(catalog).join(', ')}.\n`);
        return EXIT.usage;
      }
      const controller = new AbortController();
      const stop = deps.onInterrupt(() => controller.abort());
      let shownTenths = -1;
      const onEvent = (event: ModelDownloadEvent) => {
        if (json) {
          io.stdout.write(`${JSON.stringify(event)}\n`);
          return;
        }
        if (event.kind === 'start' && event.resumedFromBytes > 0)
          io.stderr.write(`${name}: resuming at ${mb(event.resumedFromBytes)} of ${mb(event.totalBytes)}.\n`);
        if (event.kind === 'progress') {
          const tenths = Math.floor((10 * event.receivedBytes) / Math.max(1, event.totalBytes));
          if (tenths > shownTenths) {
            shownTenths = tenths;
            io.stderr.write(`${progressLine(name, event.receivedBytes, event.totalBytes)}\n`);
          }
        }
        if (event.kind === 'verifying') io.stderr.write(`${name}: checking the download…\n`);
      };
      try {
        const already = manager.installedPath(name);
        const path = already ?? (await manager.ensure(name, { signal: controller.signal, onEvent }));
        if (!json) io.stdout.write(already ? `${name} is already downloaded: ${path}\n` : `${name} is ready: ${path}\n`);
        else if (already) io.stdout.write(`${JSON.stringify({ kind: 'ready', path })}\n`);
        return EXIT.ok;
      } catch (e) {
        if (controller.signal.aborted) {
          io.stderr.write(`Stopped. The download resumes where it stopped next time: assistive-control models download ${name}\n`);
          return EXIT.cancelled;
        }
        io.stderr.write(`${errorMessage(e)}\n`);
        return EXIT.failed;
      } finally {
        stop();
      }
    },
  };
}

export const modelsCommand = createModelsCommand(defaultModelsDeps);
