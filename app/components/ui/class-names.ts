/** The class names that are set, joined by spaces: `classNames("ui-card", className)` for a caller's extra class. */
export function classNames(...names: Array<string | false | null | undefined>): string {
  return names.filter((name) => typeof name === "string" && name !== "").join(" ");
}
