import type { EventProperties } from "./batch";

/**
 * Click tracking (SPEC.md section 5): an element with `data-analytics-click-id` sends the event named in
 * `data-analytics-event-name`; every other `data-analytics-*` attribute becomes a property, prefix removed and dashes
 * turned into underscores (`data-analytics-campaign-id` → `campaign_id`).
 */
export const clickIdAttribute = "data-analytics-click-id";
export const eventNameAttribute = "data-analytics-event-name";
const prefix = "data-analytics-";

export type TrackedClick = { clickId: string; eventName: string | null; properties: EventProperties };

export function propertyNameOf(attributeName: string): string | null {
  const name = attributeName.toLowerCase();
  if (!name.startsWith(prefix) || name === clickIdAttribute || name === eventNameAttribute) return null;
  const property = name.slice(prefix.length).replaceAll("-", "_");
  return property === "" ? null : property;
}

/** What a click on an element with these attributes sends; null when it carries no click id. */
export function trackedClickOf(attributes: Iterable<{ name: string; value: string }>): TrackedClick | null {
  let clickId: string | null = null;
  let eventName: string | null = null;
  const properties: EventProperties = {};
  for (const { name, value } of attributes) {
    const lower = name.toLowerCase();
    if (lower === clickIdAttribute) clickId = value;
    else if (lower === eventNameAttribute) eventName = value || null;
    else {
      const property = propertyNameOf(lower);
      if (property !== null) properties[property] = value;
    }
  }
  return clickId ? { clickId, eventName, properties } : null;
}

/** The attributes a call to action carries, from an event name, a click id and properties (`campaign_id` → `data-analytics-campaign-id`). */
export function analyticsAttributes(
  eventName: string,
  clickId: string,
  properties: Record<string, string | null | undefined> = {},
): Record<string, string> {
  const attributes: Record<string, string> = { [clickIdAttribute]: clickId, [eventNameAttribute]: eventName };
  for (const [property, value] of Object.entries(properties)) {
    if (value) attributes[`${prefix}${property.replaceAll("_", "-")}`] = value;
  }
  return attributes;
}
