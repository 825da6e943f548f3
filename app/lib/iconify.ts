import { addAPIProvider, Icon, setCustomIconsLoader } from "@iconify/react";
import { fetchIcons, iconCollections } from "./icons.ts";

/** Iconify's component, with the configured endpoint as its provider (none when the configuration is invalid). */
export function iconifyWith(endpoint: string | null): typeof Icon {
  if (endpoint !== null) {
    addAPIProvider("", { resources: [endpoint], rotate: 750, timeout: 5000, maxURL: 500 });
    for (const collection of iconCollections) {
      setCustomIconsLoader((names, prefix) => fetchIcons(endpoint, prefix, names, window.fetch.bind(window)), collection);
    }
  }
  return Icon;
}
