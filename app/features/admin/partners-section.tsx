import { useState } from "react";
import type { AdminPartner } from "@contracts/partners.ts";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { EmptyState } from "~/components/ui/empty-state";
import { PartnerForm } from "./partner-form";

const layoutLabels = { dedicated: "Dedicated layout", partner: "Partner layout", default: "Default layout" } as const;

function Swatch({ colour, label }: { colour: string; label: string }) {
  return (
    <span className="partner-swatch">
      <span className="partner-swatch-chip" style={{ backgroundColor: colour }} aria-hidden="true" />
      {`${label} ${colour}`}
    </span>
  );
}

/** `/admin?section=partners`: every partner brand (name, hostnames, colours, layout) and a form to edit one. */
export function PartnersSection({ initial }: { initial: AdminPartner[] }) {
  const [partners, setPartners] = useState(initial);
  const [editing, setEditing] = useState<string | null>(null);
  return (
    <section className="admin-section" aria-labelledby="admin-partners-title">
      <h2 id="admin-partners-title">Partners</h2>
      {partners.length === 0 ? (
        <EmptyState headingLevel={3} title="No partners yet" text="Partners are registered through PUT /v1/admin/partners/{id}." />
      ) : (
        <ul className="admin-partners" aria-label="Partners">
          {partners.map((partner) => (
            <Card
              as="li"
              key={partner.id}
              className="admin-partner"
              title={partner.displayName}
              headingLevel={3}
              actions={
                <Button
                  size="small"
                  aria-expanded={editing === partner.id}
                  onClick={() => setEditing(editing === partner.id ? null : partner.id)}
                >
                  {editing === partner.id ? "Close" : `Edit ${partner.displayName}`}
                </Button>
              }
            >
              <p className="admin-partner-facts">
                <Badge tone="info">{layoutLabels[partner.layout]}</Badge>
                <Swatch colour={partner.primaryColor} label="Primary" />
                <Swatch colour={partner.accentColor} label="Accent" />
              </p>
              <p className="admin-partner-hosts">{partner.hostnames.join(", ")}</p>
              {editing === partner.id ? (
                <PartnerForm
                  partner={partner}
                  onSaved={(saved) => setPartners((list) => list.map((item) => (item.id === saved.id ? saved : item)))}
                />
              ) : null}
            </Card>
          ))}
        </ul>
      )}
    </section>
  );
}
