import { Link, useSearchParams } from "react-router";
import type { AdminPage } from "@contracts/admin.ts";
import { AdHocNotificationForm } from "./ad-hoc-notification-form";
import { FeedbackInbox } from "./feedback-inbox";
import { FunnelCounts } from "./funnel-counts";
import { PartnersSection } from "./partners-section";
import { PageHeader } from "~/components/ui/page-header";
import "./admin.css";

const sections = [
  { id: "feedback", label: "Feedback inbox" },
  { id: "notify", label: "Send a notification" },
  { id: "analytics", label: "Analytics" },
  { id: "partners", label: "Partners" },
] as const;
type SectionId = (typeof sections)[number]["id"];

export function sectionOf(value: string | null): SectionId {
  return sections.find((section) => section.id === value)?.id ?? "feedback";
}

/** `/admin`: one section at a time, chosen by `?section=` so each can be linked to and the back button works. */
export function AdminConsole({ page }: { page: AdminPage }) {
  const [search] = useSearchParams();
  const current = sectionOf(search.get("section"));
  return (
    <div className="admin-page">
      <PageHeader
        title="Admin"
        description="Read what creators tell us, reach them with a notification, see how visitors become creators, and keep the partner brands."
      />
      <nav aria-label="Admin sections" className="admin-sections">
        <ul>
          {sections.map((section) => (
            <li key={section.id}>
              <Link
                to={section.id === "feedback" ? "/admin" : `/admin?section=${section.id}`}
                aria-current={section.id === current ? "page" : undefined}
                preventScrollReset
              >
                {section.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {current === "feedback" ? <FeedbackInbox initialOpen={page.feedback} /> : null}
      {current === "notify" ? <AdHocNotificationForm audiences={page.audiences} /> : null}
      {current === "analytics" ? <FunnelCounts /> : null}
      {current === "partners" ? <PartnersSection initial={page.partners} /> : null}
    </div>
  );
}
