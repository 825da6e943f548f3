import { useState } from "react";
import type { CurrentUser } from "@contracts/current-user.ts";
import { signOut } from "~/lib/api/sign-out";
import { Button } from "./ui/button";
import { Badge } from "./ui/badge";

/** The signed-in user's handle and avatar in the header, with sign-out. */
export function UserMenu({ user }: { user: CurrentUser }) {
  const [signingOut, setSigningOut] = useState(false);
  const impersonating = user.realUserId !== "" && user.realUserId !== user.userId;
  return (
    <div className="user-menu">
      {user.profileImageUrl ? (
        <img src={user.profileImageUrl} alt="" width="32" height="32" className="avatar" />
      ) : (
        <span className="avatar avatar-placeholder" aria-hidden="true">
          {user.twitterHandle.charAt(0).toUpperCase()}
        </span>
      )}
      <span className="user-handle" data-testid="signed-in-handle">
        {`@${user.twitterHandle}`}
        {impersonating ? (
          <>
            {" "}
            <Badge tone="warning">acting as</Badge>
          </>
        ) : null}
      </span>
      <Button
        size="small"
        busy={signingOut}
        busyLabel="Signing out…"
        onClick={() => {
          setSigningOut(true);
          void signOut();
        }}
      >
        Sign out
      </Button>
    </div>
  );
}
