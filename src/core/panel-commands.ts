/**
 * The panel's "Your commands" view, answered in the core (issue #18, item 2): the user's commands
 * (commands.json) as the assistant reads them, each with what it does in the sentence a plan is
 * described with, every problem of the file with its line and column, and the view's Delete and
 * Edit, which go through the commands file's own position-keeping edits (src/compose/user-commands.ts).
 */
import type { UserCommandsFile } from '../compose/user-commands.js';
import { COMMANDS_FILE_NAME, describeUserCommand, type UserCommandSet } from '../intent/user-commands.js';
import type { UserCommandChange, UserCommandTarget, UserCommandsReply, UserCommandsView } from '../shared/contracts/ipc-contract.js';
import { quote } from '../shared/text/quote.js';

/** What the view needs of the commands file. */
export type CommandsFileAccess = Pick<UserCommandsFile, 'commands' | 'forget' | 'change'>;

const UNAVAILABLE = 'Your commands cannot be changed from the panel in this version: edit commands.json in the settings folder instead.';

/** The commands and the file's problems as the panel lists them. */
export function userCommandsView(set: UserCommandSet): UserCommandsView {
  return {
    fileName: COMMANDS_FILE_NAME,
    commands: set.commands.map((c) => ({ say: c.say, ...(c.app !== undefined ? { app: c.app } : {}), does: describeUserCommand(c), line: c.line })),
    problems: set.problems.map((p) => ({ line: p.line, column: p.column, message: p.message })),
  };
}

function named(say: string, app: string | undefined): string {
  return `${quote(say)}${app !== undefined ? ` (in ${quote(app, 40)})` : ''}`;
}

/** The three requests of the view, over the core's commands file (none: the view is empty and edits say why). */
export function userCommandsRequests(file: CommandsFileAccess | undefined) {
  const view = async (): Promise<UserCommandsView> => userCommandsView(file ? await file.commands() : { commands: [], vocabulary: [], problems: [] });
  const reply = async (ok: boolean, message: string): Promise<UserCommandsReply> => ({ ok, message, view: await view() });
  return {
    view,
    async remove(target: UserCommandTarget): Promise<UserCommandsReply> {
      if (!file) return reply(false, UNAVAILABLE);
      const done = await file.forget(target.say, { ...(target.app !== undefined ? { app: target.app } : {}), line: target.line });
      if (!done.ok) return reply(false, done.message);
      if (done.count === 0)
        return reply(false, `${named(target.say, target.app)} was no longer in ${COMMANDS_FILE_NAME}: the list now shows the file as it is.`);
      return reply(true, `Deleted ${named(target.say, target.app)}.`);
    },
    async edit(target: UserCommandTarget, change: UserCommandChange): Promise<UserCommandsReply> {
      if (!file) return reply(false, UNAVAILABLE);
      const done = await file.change(target, change);
      if (!done.ok) return reply(false, done.message);
      return reply(true, `Saved: ${named(change.say, change.app)} does what ${named(target.say, target.app)} did.`);
    },
  };
}
