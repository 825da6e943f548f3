import { z } from "zod";

/**
 * Icon sets installed as packages and served by the worker at `/icons/{collection}.json?icons=a,b`, in the
 * Iconify API's format. Each set is imported on first use only, so it costs nothing to pages that never ask.
 */
const iconSetSchema = z.object({
  prefix: z.string(),
  icons: z.record(z.string(), z.object({ body: z.string() }).loose()),
  aliases: z.record(z.string(), z.object({ parent: z.string() }).loose()).optional(),
  width: z.number().optional(),
  height: z.number().optional(),
});
type IconSet = z.infer<typeof iconSetSchema>;

const installedSets: Record<string, () => Promise<unknown>> = {
  lucide: () => import("@iconify-json/lucide/icons.json").then((module) => module.default),
};

const loaded = new Map<string, Promise<IconSet>>();

export function isInstalledIconSet(collection: string): boolean {
  return Object.hasOwn(installedSets, collection);
}

function loadSet(collection: string): Promise<IconSet> {
  let set = loaded.get(collection);
  if (set === undefined) {
    const load = installedSets[collection];
    if (load === undefined) throw new Error(`Icon set ${collection} is not installed`);
    set = load().then((data) => iconSetSchema.parse(data));
    loaded.set(collection, set);
  }
  return set;
}

/** The requested icons of a set (aliases with their parents); names it lacks are listed in `not_found`. */
export async function iconSubset(collection: string, names: readonly string[]) {
  const set = await loadSet(collection);
  const icons: IconSet["icons"] = {};
  const aliases: NonNullable<IconSet["aliases"]> = {};
  const notFound: string[] = [];
  for (const name of names) {
    const icon = set.icons[name];
    const alias = set.aliases?.[name];
    if (icon !== undefined) icons[name] = icon;
    else if (alias !== undefined && set.icons[alias.parent] !== undefined) {
      aliases[name] = alias;
      icons[alias.parent] = set.icons[alias.parent] ?? { body: "" };
    } else notFound.push(name);
  }
  return {
    prefix: set.prefix,
    icons,
    ...(Object.keys(aliases).length > 0 ? { aliases } : {}),
    ...(set.width === undefined ? {} : { width: set.width }),
    ...(set.height === undefined ? {} : { height: set.height }),
    ...(notFound.length > 0 ? { not_found: notFound } : {}),
  };
}
