/** The install check of `npm start`: every dependency package.json pins is in node_modules at that version. */
import { existsSync, readFileSync } from "node:fs";

type Manifest = { version?: string; dependencies?: Record<string, string>; devDependencies?: Record<string, string> };

const readManifest = (path: string): Manifest => JSON.parse(readFileSync(path, "utf8")) as Manifest;

/** The dependencies missing from node_modules or installed at another version than the one pinned ("name@version"). */
export function packagesNotInstalled(): string[] {
  const manifest = readManifest("package.json");
  const wanted = { ...manifest.dependencies, ...manifest.devDependencies };
  return Object.entries(wanted).flatMap(([name, version]) => {
    const path = `node_modules/${name}/package.json`;
    if (!existsSync(path)) return [`${name}@${version}`];
    const installed = readManifest(path).version;
    // Only exact pins are compared (the project pins every version; a range would need npm's own resolution).
    return /^\d/.test(version) && installed !== version ? [`${name}@${version} (installed: ${installed})`] : [];
  });
}
