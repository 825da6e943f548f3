import { openJsonStateFile, type JsonStateFile } from "../shared/json-state-file.ts";
import { InvalidStateError, emptyState, parseState, type RailState } from "./state.ts";

export type StateFile = JsonStateFile<RailState>;

export function openStateFile(path: string): Promise<StateFile> {
  return openJsonStateFile(path, {
    empty: emptyState,
    parse: parseState,
    damaged: (reason) => new InvalidStateError(`The payout rail state file ${path} cannot be read (${reason}). Fix or delete it.`),
  });
}
