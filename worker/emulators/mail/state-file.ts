import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { InvalidStateError, emptyState, parseState, type MailState } from "./state.ts";

export type StateFile = {
  state: MailState;
  /** Writes the current state; resolves once it is on disk. Writes never overlap. */
  save(): Promise<void>;
  /** Resolves when every write asked for so far has finished. */
  flush(): Promise<void>;
};

function isMissingFile(error: unknown): boolean {
  return error instanceof Error && "code" in error && error.code === "ENOENT";
}

async function load(path: string): Promise<MailState> {
  let raw: string;
  try {
    raw = await readFile(path, "utf8");
  } catch (error) {
    if (isMissingFile(error)) return emptyState();
    throw error;
  }
  try {
    return parseState(JSON.parse(raw));
  } catch (error) {
    // A damaged file is reported rather than replaced: it may hold messages someone still wants to read.
    const reason = error instanceof Error ? error.message : String(error);
    throw new InvalidStateError(`The mail outbox state file ${path} cannot be read (${reason}). Fix or delete it.`);
  }
}

export async function openStateFile(path: string): Promise<StateFile> {
  const state = await load(path);
  let writes: Promise<void> = Promise.resolve();
  let counter = 0;

  async function write(): Promise<void> {
    counter += 1;
    // Written beside the target and renamed over it: a crash leaves the old file or the new one, never half of one.
    const temporary = `${path}.${process.pid}.${counter}.tmp`;
    await mkdir(dirname(path), { recursive: true });
    try {
      await writeFile(temporary, `${JSON.stringify(state, null, 2)}\n`, "utf8");
      await rename(temporary, path);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  return {
    state,
    save() {
      const next = writes.then(write);
      // A failed write must not block the ones after it; the caller of this one still sees the failure.
      writes = next.catch(() => undefined);
      return next;
    },
    flush() {
      return writes;
    },
  };
}
