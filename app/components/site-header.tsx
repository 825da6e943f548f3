import { useEffect, useId, useState, type ReactNode } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { useBrand } from "~/lib/brand";
import { useCurrentUser } from "~/lib/current-user";
import { AppIcon } from "./app-icon";
import { Button, IconButton } from "./ui/button";
import { SignInButton } from "./sign-in";
import { signOut } from "~/lib/api/sign-out";
import { UserMenu } from "./user-menu";
import "./mode-switch.css";

const navigation = [
  { to: "/", label: "Dashboard", end: true },
  { to: "/campaigns", label: "All Campaigns", end: false },
  { to: "/profile", label: "Profile", end: false },
];
/** Shown only to users with the admin role (the page itself refuses anyone else). */
const adminLink = { to: "/admin", label: "Admin", end: false };

/** Which side of the app a page belongs to: the advertiser console (/advertiser/*) or the creator's app. */
export type AppMode = "creator" | "advertiser";

export function appModeOf(pathname: string): AppMode {
  return pathname === "/advertiser" || pathname.startsWith("/advertiser/") ? "advertiser" : "creator";
}

/** In the console its own navigation leads; the header keeps only Admin for admins. */
function navigationFor(user: { userRoles: readonly string[] }, mode: AppMode) {
  const links = mode === "advertiser" ? [] : navigation;
  return user.userRoles.includes("admin") ? [...links, adminLink] : links;
}

const isAdvertiser = (user: { userRoles: readonly string[] }) => user.userRoles.includes("advertiser");

/**
 * Whether New Post shows. A creator without a running campaign sees it disabled (a hint of what joining gives); a
 * member of an advertiser account who has no campaign to post to is treated as an advertiser only and does not see it,
 * nor does anyone inside the console (docs/decisions/030-ui-kit.md, "The advertiser's console").
 */
export function showsNewPost(user: { userRoles: readonly string[] }, mode: AppMode, newPostEnabled: boolean): boolean {
  if (mode === "advertiser") return false;
  return newPostEnabled || !isAdvertiser(user);
}

/** The Creator / Advertiser switch, for someone who is both: two links, the current side marked. */
function ModeSwitch({ mode, onChoose }: { mode: AppMode; onChoose?: () => void }) {
  return (
    <ul className="mode-switch" aria-label="Switch between creator and advertiser">
      <li>
        <Link to="/" aria-current={mode === "creator" ? "true" : undefined} onClick={onChoose}>
          Creator
        </Link>
      </li>
      <li>
        <Link to="/advertiser" aria-current={mode === "advertiser" ? "true" : undefined} onClick={onChoose}>
          Advertiser
        </Link>
      </li>
    </ul>
  );
}

function ChorusMark() {
  return (
    <svg viewBox="0 0 32 32" width="28" height="28" aria-hidden="true">
      <circle cx="16" cy="16" r="15" fill="var(--color-primary)" />
      <path d="M9 17c3-6 11-6 14 0M12 21c2-3 6-3 8 0" stroke="#fff" strokeWidth="2.5" fill="none" strokeLinecap="round" />
    </svg>
  );
}

/** The logo: Chorus on its own domain; on a partner's domain, the partner's name (and logo when it has one). */
export function Logo() {
  const { brand, layout } = useBrand();
  if (brand === null) {
    return (
      <Link to="/" className="logo" aria-label="Chorus home">
        <ChorusMark />
        <span>Chorus</span>
      </Link>
    );
  }
  return (
    <Link to="/" className={`logo logo-${layout}`} aria-label={`${brand.displayName} home`}>
      {brand.logoUrl ? <img src={brand.logoUrl} alt="" width="28" height="28" /> : <ChorusMark />}
      <span className="brand-name">{brand.displayName}</span>
      {layout === "dedicated" ? <span className="powered-by">powered by Chorus</span> : null}
    </Link>
  );
}

/** The header turns sticky-styled once the page has scrolled more than 5 px (SPEC.md section 9). */
function useScrolledPast(threshold: number): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, [threshold]);
  return scrolled;
}

export type HeaderActions = {
  newPostEnabled: boolean;
  openNewPost: () => void;
  openFeedback: () => void;
  /** The notification bell, rendered by the notifications feature. */
  bell: ReactNode;
  /** The New Post button, rendered by the posting feature. */
  newPost: ReactNode;
};

function MobileMenu({
  actions,
  links,
  mode,
  advertiser,
  newPostShown,
  onClose,
  id,
}: {
  actions: HeaderActions;
  links: typeof navigation;
  mode: AppMode;
  advertiser: boolean;
  newPostShown: boolean;
  onClose: () => void;
  id: string;
}) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") onClose();
    };
    document.addEventListener("keydown", onKey);
    document.body.classList.add("menu-open");
    return () => {
      document.removeEventListener("keydown", onKey);
      document.body.classList.remove("menu-open");
    };
  }, [onClose]);
  const choose = (action: () => void) => () => {
    onClose();
    action();
  };
  return (
    <div className="mobile-menu" id={id} role="dialog" aria-modal="true" aria-label="Menu">
      <nav aria-label="Mobile">
        {advertiser ? <ModeSwitch mode={mode} onChoose={onClose} /> : null}
        <ul>
          {links.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end={item.end} onClick={onClose}>
                {item.label}
              </NavLink>
            </li>
          ))}
          {newPostShown ? (
            <li>
              <Button variant="quiet" className="mobile-menu-item" onClick={choose(actions.openNewPost)} disabled={!actions.newPostEnabled}>
                New Post
              </Button>
            </li>
          ) : null}
          <li>
            <Button variant="quiet" className="mobile-menu-item" onClick={choose(actions.openFeedback)}>
              Share Feedback
            </Button>
          </li>
          <li>
            <Button variant="quiet" className="mobile-menu-item" onClick={choose(() => void signOut())}>
              Sign out
            </Button>
          </li>
        </ul>
      </nav>
    </div>
  );
}

/**
 * Desktop: logo, Dashboard, All Campaigns, Profile, the bell and New Post. Mobile: logo, New Post, the bell and a
 * menu toggle that opens a full-screen menu; choosing any item closes it.
 */
export function SiteHeader({ actions }: { actions: HeaderActions | null }) {
  const user = useCurrentUser();
  const { layout } = useBrand();
  const scrolled = useScrolledPast(5);
  // The menu belongs to the page it was opened on: any navigation closes it.
  const location = useLocation();
  const [menuOpenedAt, setMenuOpenedAt] = useState<string | null>(null);
  const menuOpen = menuOpenedAt === location.key;
  const setMenuOpen = (open: boolean) => setMenuOpenedAt(open ? location.key : null);
  const menuId = useId();
  const mode = appModeOf(location.pathname);
  const advertiser = user !== null && isAdvertiser(user);
  const newPostShown = user !== null && actions !== null && showsNewPost(user, mode, actions.newPostEnabled);

  return (
    <header className={`site-header site-header-${layout}${scrolled ? " is-scrolled" : ""}`}>
      <div className="site-header-inner">
        <Logo />
        {user === null || actions === null ? (
          <div className="header-end">
            <SignInButton network="x" trigger="header" label="Sign in" />
          </div>
        ) : (
          <>
            <nav aria-label="Main" className="desktop-only">
              <ul className="main-nav">
                {navigationFor(user, mode).map((item) => (
                  <li key={item.to}>
                    <NavLink to={item.to} end={item.end}>
                      {item.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
            <div className="header-end">
              {advertiser ? (
                <div className="desktop-only">
                  <ModeSwitch mode={mode} />
                </div>
              ) : null}
              {actions.bell}
              {newPostShown ? actions.newPost : null}
              <div className="desktop-only">
                <UserMenu user={user} />
              </div>
              <IconButton
                className="mobile-only"
                aria-expanded={menuOpen}
                aria-controls={menuId}
                label={menuOpen ? "Close menu" : "Open menu"}
                icon={<AppIcon name={menuOpen ? "lucide:x" : "lucide:menu"} size={22} />}
                onClick={() => setMenuOpen(!menuOpen)}
              />
            </div>
          </>
        )}
      </div>
      {menuOpen && actions !== null && user !== null ? (
        <MobileMenu
          id={menuId}
          actions={actions}
          links={navigationFor(user, mode)}
          mode={mode}
          advertiser={advertiser}
          newPostShown={newPostShown}
          onClose={() => setMenuOpen(false)}
        />
      ) : null}
    </header>
  );
}
