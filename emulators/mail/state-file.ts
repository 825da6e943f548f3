import { openJsonStateFile, type JsonStateFile } from "../shared/json-state-file.ts";
import { InvalidStateError, emptyState, parseState, type MailState } from "./state.ts";

export type StateFile = JsonStateFile<MailState>;

export function openStateFile(path: string): Promise<StateFile> {
  return openJsonStateFile(path, {
    empty: emptyState,
    parse: parseState,
    damaged: (reason) => new InvalidStateError(`The mail outbox state file ${path} cannot be read (${reason}). Fix or delete it.`),
  });
}
