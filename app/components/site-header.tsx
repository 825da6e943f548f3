import { Link, NavLink } from "react-router";
import { useBrand } from "~/lib/brand";
import { useCurrentUser } from "~/lib/current-user";
import { SignInWithXButton } from "./sign-in";
import { UserMenu } from "./user-menu";

const navigation = [
  { to: "/", label: "Dashboard", end: true },
  { to: "/campaigns", label: "All Campaigns", end: false },
  { to: "/profile", label: "Profile", end: false },
];

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

export function SiteHeader() {
  const user = useCurrentUser();
  const { layout } = useBrand();
  return (
    <header className={`site-header site-header-${layout}`}>
      <div className="site-header-inner">
        <Logo />
        <nav aria-label="Main">
          <ul className="main-nav">
            {navigation.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="header-end">{user === null ? <SignInWithXButton label="Sign in" /> : <UserMenu user={user} />}</div>
      </div>
    </header>
  );
}
