/** The banner `npm start` ends with: where the app and its stand-ins answer, whom to sign in as, and where the logs are. */
import { demoWorld } from "../fixtures/demo-world.ts";

export type BannerFacts = {
  appUrl: string;
  standIns: { label: string; url: string }[];
  /** The seed's lines about the API keys it made on this run (none after the first). */
  demoKeyLines: string[];
  logPath: string;
};

/** The demo world's people by what they sign in as: creators, advertisers' members and admins, by X handle. */
export function demoPeople(): { creators: string[]; advertisers: string[]; admins: string[] } {
  const world = demoWorld(0);
  const members = new Set(world.advertiserMembers.map((member) => member.userId));
  const handles = (keep: (entry: (typeof world.users)[number]) => boolean) => world.users.filter(keep).map(({ user }) => user.handle);
  return {
    creators: handles(({ user, roles }) => roles.includes("creator") && !members.has(user.id)),
    advertisers: handles(({ user }) => members.has(user.id)),
    admins: handles(({ roles }) => roles.includes("admin")),
  };
}

export function startBanner(facts: BannerFacts): string {
  const people = demoPeople();
  const width = Math.max(...facts.standIns.map((standIn) => standIn.label.length));
  const lines = [
    "",
    `Chorus is ready: ${facts.appUrl}`,
    "",
    "Stand-ins of the outside services:",
    ...facts.standIns.map((standIn) => `  ${standIn.label.padEnd(width)}  ${standIn.url}`),
    "",
    "Sign in with X and choose one of the demo people on the X emulator's page:",
    `  creators     ${people.creators.join(", ")}`,
    `  advertisers  ${people.advertisers.join(", ")}`,
    `  admin        ${people.admins.join(", ")}`,
    "",
    ...(facts.demoKeyLines.length > 0 ? [...facts.demoKeyLines, ""] : []),
    `Full logs: ${facts.logPath} (Ctrl-C stops everything)`,
    "",
  ];
  return lines.join("\n");
}
