import { openJsonStateFile, type JsonStateFile } from "../shared/json-state-file.ts";
import { InvalidStateError, emptyState, parseState, type SinkState } from "./state.ts";

export type StateFile = JsonStateFile<SinkState>;

export function openStateFile(path: string): Promise<StateFile> {
  return openJsonStateFile(path, {
    empty: emptyState,
    parse: parseState,
    damaged: (reason) => new InvalidStateError(`The telemetry sink state file ${path} cannot be read (${reason}). Fix or delete it.`),
  });
}
