import { NavLink } from "react-router";
import "./advertiser-console.css";

/** The console's sections for one advertiser account, in the order an advertiser works through them. */
export function consoleSections(advertiserId: string) {
  const base = `/advertiser/${encodeURIComponent(advertiserId)}`;
  return [
    { to: `${base}/campaigns`, label: "Campaigns" },
    { to: `${base}/reviews`, label: "Review" },
    { to: `${base}/funds`, label: "Funding" },
    { to: `${base}/reports`, label: "Reports" },
    { to: `${base}/members`, label: "Members" },
    { to: `${base}/api-keys`, label: "API keys" },
  ];
}

/**
 * The advertiser console's own navigation: the accounts list, then the sections of the chosen account. A column beside
 * the page from 900 px up; on a phone a row under the header that scrolls sideways, so it fits 390 px.
 */
export function ConsoleNavigation({ advertiserId }: { advertiserId: string | undefined }) {
  return (
    <nav aria-label="Advertiser console" className="console-nav">
      <ul className="console-nav-list">
        <li>
          <NavLink to="/advertiser" end className="console-nav-link">
            Accounts
          </NavLink>
        </li>
        {advertiserId === undefined
          ? null
          : consoleSections(advertiserId).map((section) => (
              <li key={section.to}>
                <NavLink to={section.to} className="console-nav-link">
                  {section.label}
                </NavLink>
              </li>
            ))}
      </ul>
    </nav>
  );
}
