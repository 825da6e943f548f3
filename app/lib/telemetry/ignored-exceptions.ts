/**
 * SPEC.md section 8: errors from browser extensions and "Couldn't resolve component" are ignored by telemetry. An
 * extension's script runs in the page, so its errors reach window.onerror like ours; its frames name the extension's
 * own URL scheme.
 */
const extensionUrl = /\b(?:chrome-extension|moz-extension|safari-extension|safari-web-extension):\/\//i;
const ignoredMessages = ["Couldn't resolve component"];

/** Whether a stack, file name or message comes from a browser extension. */
export function mentionsExtension(...texts: (string | null | undefined)[]): boolean {
  return texts.some((text) => typeof text === "string" && extensionUrl.test(text));
}

/** The strings of a telemetry item that can name where an exception came from (the SDK's envelope, before sending). */
export type TelemetryItemLike = { baseType?: string; baseData?: unknown; data?: unknown };

function record(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
}

function strings(...values: unknown[]): string[] {
  return values.filter((value): value is string => typeof value === "string");
}

function exceptionTexts(item: TelemetryItemLike): { messages: string[]; sources: string[]; flaggedFromExtension: boolean } {
  const baseData = record(item.baseData);
  const details = Array.isArray(baseData.exceptions) ? baseData.exceptions.map(record) : [];
  const frames = details.flatMap((detail) => (Array.isArray(detail.parsedStack) ? detail.parsedStack.map(record) : []));
  const properties = { ...record(item.data), ...record(baseData.properties) };
  return {
    messages: strings(...details.map((detail) => detail.message), properties.message),
    sources: strings(
      ...details.map((detail) => detail.stack),
      ...frames.map((frame) => frame.fileName),
      properties.errorSrc,
      properties.url,
      properties.stack,
    ),
    flaggedFromExtension: properties.fromExtension === true || properties.fromExtension === "true",
  };
}

/** The telemetry initializer's rule: true for an exception telemetry must drop. */
export function isIgnoredException(item: TelemetryItemLike): boolean {
  if (item.baseType !== "ExceptionData") return false;
  const { messages, sources, flaggedFromExtension } = exceptionTexts(item);
  if (flaggedFromExtension || mentionsExtension(...sources, ...messages)) return true;
  return messages.some((message) => ignoredMessages.some((ignored) => message.includes(ignored)));
}
