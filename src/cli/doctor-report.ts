/**
 * `assistive-control doctor --report [FILE]`: one text file to attach to a bug report.
 *
 * It holds the version and system, the doctor's checks, the settings (the quick commands counted,
 * not listed; addresses cut to their origin), the settings file's notices and the last records of
 * the diagnostics log (codes and timings only: diagnostics-log.ts). Never a key, a command, dictated
 * or typed text, or anything read from the screen: nothing here reads the audit log, and the whole
 * text passes through the audit log's secret redaction with every saved key, and a second pass for
 * anything shaped like a provider key, before it is written (owner-only, atomically).
 */
import { arch, homedir, release } from 'node:os';
import { join, resolve } from 'node:path';
import { defaultAuditDir } from '../agent/audit-log.js';
import { readDiagnostics, type DiagnosticRecord } from '../agent/diagnostics-log.js';
import { redactSecrets } from '../agent/jsonl-file.js';
import { writeFileAtomic } from '../config/atomic-write.js';
import type { Settings, SettingsNotice } from '../config/settings.js';
import { KEYED_PROVIDERS } from '../shared/llm-providers.js';
import type { CliIo } from './cli-io.js';
import type { CliServices } from './cli-services.js';
import type { CheckResult } from './doctor-types.js';
import { packageVersion } from './version.js';

/** How many diagnostics records a report carries. */
export const REPORT_RECORDS = 200;

/** The second pass: key-shaped tokens ("sk-…", as OpenAI's and Anthropic's keys are) and long values after "api key", "authorization" or "bearer". */
const KEY_TOKEN = /\bsk-[A-Za-z0-9_-]{12,}/g;
const KEY_VALUE = /\b(api[_-]?key|x-api-key|authorization|bearer)(["'\s:=]+)(?:bearer\s+)?[A-Za-z0-9._~+/-]{16,}/gi;

export function redactReport(text: string, secrets: readonly string[]): string {
  return redactSecrets(text, secrets).replace(KEY_TOKEN, '[redacted]').replace(KEY_VALUE, '$1$2[redacted]');
}

function origin(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '(not a web address)';
  }
}

/** The settings as a report shows them: what a maintainer needs, nothing the user wrote. */
export function settingsForReport(settings: Settings): Record<string, unknown> {
  return {
    ...settings,
    ollamaUrl: origin(settings.ollamaUrl),
    openaiBaseUrl: origin(settings.openaiBaseUrl),
    voice: { ...settings.voice, transcriptionUrl: origin(settings.voice.transcriptionUrl) },
    quickCommands: `${settings.quickCommands.length} (not included)`,
  };
}

export interface ReportInput {
  readonly version: string;
  readonly system: string;
  readonly time: string;
  readonly checks: readonly CheckResult[];
  readonly settings: Settings;
  readonly notices: readonly SettingsNotice[];
  readonly diagnostics: readonly DiagnosticRecord[];
}

export function reportText(input: ReportInput): string {
  const lines = [
    'Assistive Control diagnostic report',
    `Version: ${input.version}`,
    `System: ${input.system}`,
    `Written: ${input.time}`,
    '',
    '## Checks',
    ...input.checks.map((c) => `${c.status}  ${c.title}: ${c.detail}${c.fix ? ` Fix: ${c.fix}` : ''}`),
    '',
    '## Settings',
    JSON.stringify(settingsForReport(input.settings), null, 2),
    ...(input.notices.length > 0 ? ['', '## Settings file notices', ...input.notices.map((n) => n.code)] : []),
    '',
    `## Diagnostics log (the last ${input.diagnostics.length} records)`,
    ...input.diagnostics.map((r) => JSON.stringify(r)),
    '',
  ];
  return lines.join('\n');
}

export interface WriteReportOptions {
  readonly io: CliIo;
  readonly services: CliServices;
  readonly checks: readonly CheckResult[];
  readonly platform: NodeJS.Platform;
  /** The state folder (the audit and diagnostics logs'). */
  readonly stateDir?: string;
  /** Where to write; default a dated file in the current folder. */
  readonly file?: string;
  readonly now?: Date;
}

/** Writes the report and returns its path. */
export async function writeReport(options: WriteReportOptions): Promise<string> {
  const env = options.io.env ?? process.env;
  const now = options.now ?? new Date();
  const { settings, notices } = await options.services.settings.load();
  const stateDir = options.stateDir ?? defaultAuditDir(options.platform, env, homedir());
  const keys: string[] = [];
  for (const provider of KEYED_PROVIDERS) {
    const key = await options.services.secrets.getKey(provider).catch(() => undefined);
    if (key?.found) keys.push(key.key);
  }
  const text = reportText({
    version: packageVersion(),
    system: `${options.platform} ${release()} ${arch()}, Node ${process.versions.node}, session ${env.XDG_SESSION_TYPE ?? 'unknown'}`,
    time: now.toISOString(),
    checks: options.checks,
    settings,
    notices,
    diagnostics: await readDiagnostics(stateDir, REPORT_RECORDS),
  });
  const path = resolve(options.file ?? join(process.cwd(), `assistive-control-report-${now.toISOString().replace(/[:.]/g, '-')}.txt`));
  await writeFileAtomic(path, redactReport(text, keys));
  return path;
}
