/**
 * Debian's speech-dispatcher with a configuration of its own, for the spoken feedback tests and the
 * benchmark: its output module is speech-dispatcher's generic module running a command that appends
 * each message it is given to a file (there is no sound card here; the ALSA null device stands for
 * one), so the file is what speech-dispatcher said. A line with "slowly" in it keeps the module busy
 * until it is cancelled, which is how a stop is seen.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stopPid, until } from './desktop.js';

export const SPEECHD = '/usr/bin/speech-dispatcher';
const MODULE = '/usr/lib/speech-dispatcher-modules/sd_generic';

export function speechDispatcherMissing(): string {
  return existsSync(SPEECHD) && existsSync(MODULE)
    ? ''
    : 'speech-dispatcher is not installed: run "sudo apt-get install -y speech-dispatcher" (or bash scripts/setup.sh).';
}

export interface TestSpeechDispatcher {
  /** The value of SPEECHD_ADDRESS that reaches it. */
  readonly address: string;
  /** What its output module was given, one line per line of text. */
  said(): string[];
  /** The language its output module was asked to speak each message in (SSIP's LANGUAGE), one per message. */
  languages(): string[];
  /** Ends the server and waits until it has. */
  stop(): Promise<void>;
}

/** Starts it in `dir` (its configuration, socket, log and record there) and waits for its socket. */
export async function startSpeechDispatcher(dir: string): Promise<TestSpeechDispatcher> {
  const conf = join(dir, 'conf');
  const socket = join(dir, 'speechd.sock');
  const record = join(dir, 'said.txt');
  const languages = join(dir, 'languages.txt');
  mkdirSync(join(conf, 'modules'), { recursive: true });
  writeFileSync(
    join(conf, 'speechd.conf'),
    [
      'LogLevel 3',
      'AddModule "recorder" "sd_generic" "recorder.conf"',
      'DefaultModule recorder',
      'AudioOutputMethod "alsa"',
      'AudioALSADevice "null"',
      '',
    ].join('\n'),
  );
  writeFileSync(
    join(conf, 'modules', 'recorder.conf'),
    [
      `GenericExecuteSynth "printf '%s\\\\n' $LANGUAGE >> ${languages}; printf '%s\\\\n' \\'$DATA\\' | tee -a ${record} | grep -q slowly && exec sleep 600"`,
      // Text as it is, in UTF-8 (the module's default charset is Latin-1); each language's code as $LANGUAGE.
      'GenericLanguage "en" "en" "utf-8"',
      'GenericLanguage "de" "de" "utf-8"',
      'AddVoice "en" "MALE1" "en"',
      'AddVoice "de" "MALE1" "de"',
      '',
    ].join('\n'),
  );
  const server: ChildProcess = spawn(
    SPEECHD,
    ['-s', '-t', '0', '-C', conf, '-c', 'unix_socket', '-S', socket, '-L', join(dir, 'log'), '-P', join(dir, 'speechd.pid')],
    {
      stdio: 'ignore',
    },
  );
  await until("speech-dispatcher's socket", async () => (existsSync(socket) ? true : undefined), 15_000);
  return {
    address: `unix_socket:${socket}`,
    // Lines end as SSIP sends them (CRLF inside a message).
    said: () => (existsSync(record) ? readFileSync(record, 'utf8').split(/\r?\n/).filter(Boolean) : []),
    languages: () => (existsSync(languages) ? readFileSync(languages, 'utf8').split('\n').filter(Boolean) : []),
    stop: async () => {
      if (server.exitCode !== null || server.signalCode !== null) return;
      const exited = new Promise((resolve) => server.once('exit', resolve));
      if (server.pid) stopPid(server.pid);
      await exited;
    },
  };
}
