import type { Rule } from "eslint";

export const networkSpecificNames: readonly RegExp[];
export function namesOneNetwork(text: string): boolean;
export const networkNamesRule: Rule.RuleModule;
