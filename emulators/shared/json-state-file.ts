import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { z } from "zod";

/** An emulator's state, kept in one JSON file between runs. */
export type JsonStateFile<State> = {
  state: State;
  /** Writes the current state; resolves once it is on disk. Writes never overlap. */
  save(): Promise<void>;
  /** Resolves when every write asked for so far has finished. */
  flush(): Promise<void>;
};

export type StateFormat<State> = {
  /** The state of a first run (no file yet). */
  empty(): State;
  /** Checks and reads a parsed file; throws on anything it does not recognise. */
  parse(value: unknown): State;
};

export class InvalidStateError extends Error {
  override name = "InvalidStateError";
}

function isMissingFile(error: unknown): boolean {
  return error instanceof Error && "code" in error && error.code === "ENOENT";
}

async function load<State>(path: string, format: StateFormat<State>): Promise<State> {
  let raw: string;
  try {
    raw = await readFile(path, "utf8");
  } catch (error) {
    if (isMissingFile(error)) return format.empty();
    throw error;
  }
  try {
    return format.parse(JSON.parse(raw));
  } catch (error) {
    // A damaged file is reported rather than replaced: it may hold what someone still wants (accounts, messages,
    // the record of every payout made).
    const reason = error instanceof Error ? error.message : String(error);
    throw new InvalidStateError(`The state file ${path} cannot be read (${reason}). Fix or delete it.`);
  }
}

export async function openJsonStateFile<State>(path: string, format: StateFormat<State>): Promise<JsonStateFile<State>> {
  const state = await load(path, format);
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

/** The `parse` of a state whose shape a zod schema gives, its complaints worded by zod. */
export function parseWithSchema<State>(schema: z.ZodType<State>): (value: unknown) => State {
  return (value) => {
    const result = schema.safeParse(value);
    if (!result.success) throw new InvalidStateError(z.prettifyError(result.error));
    return result.data;
  };
}
