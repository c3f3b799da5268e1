import { useEffect, useState, type ReactNode } from "react";
import { Link, useLocation } from "wouter";
import { mainNavigation, PRODUCT_NAME } from "../config/paths.js";
import { AtLevel } from "../lib/level/useLevel.js";
import { logout, sessionStore, useSession } from "../session/session.js";
import { IconButton } from "../ui/Button.js";
import { CloseIcon, MenuIcon } from "../ui/icons.js";
import { Banner } from "./Banner.js";
import { SupportChatLauncher } from "./SupportChat.js";

const agreedTerms = () => sessionStore.get().user?.agreed_current_terms === true;

const isCurrent = (path: string, location: string) =>
  path === "/" ? location === "/" : location === path || location.startsWith(`${path}/`) || location.startsWith(`${path}-`);

/**
 * The logged-in layout: main navigation (spec §2), account links, the announcement banner and the
 * page. Below 800 px the navigation folds behind a menu button.
 */
export function AppLayout({ routeName, children }: { routeName: string | undefined; children: ReactNode }) {
  const [location] = useLocation();
  const [navOpen, setNavOpen] = useState(false);
  const { user } = useSession();
  useEffect(() => setNavOpen(false), [location]);
  return (
    <div className="app">
      <a className="skip-link btn" href="#main" onClick={(e) => { e.preventDefault(); document.getElementById("main")?.focus(); }}>
        Skip to content
      </a>
      <nav
        className="app-nav"
        id="main-navigation"
        aria-label="Main"
        data-open={navOpen}
        onKeyDown={(e) => e.key === "Escape" && navOpen && setNavOpen(false)}
      >
        {navOpen && <IconButton className="app-nav-close" label="Close navigation" icon={<CloseIcon />} onClick={() => setNavOpen(false)} autoFocus />}
        <Link href="/" className="app-brand">{PRODUCT_NAME}</Link>
        {mainNavigation.map((item) => (
          <Link key={item.path} href={item.path} className="nav-link" aria-current={isCurrent(item.path, location) ? "page" : undefined}>
            {item.label}
          </Link>
        ))}
      </nav>
      <div className="app-main">
        <Banner routeName={routeName} />
        <div className="app-topbar">
          <IconButton
            className="app-menu-toggle"
            label="Open navigation"
            icon={<MenuIcon />}
            aria-expanded={navOpen}
            aria-controls="main-navigation"
            onClick={() => setNavOpen((open) => !open)}
          />
          {user && <span className="muted app-user" style={{ marginRight: "auto" }}>{user.name || user.email}</span>}
          <nav aria-label="Account" className="row">
            <Link href="/settings" className="btn btn-ghost" aria-current={isCurrent("/settings", location) ? "page" : undefined}>Settings</Link>
            <AtLevel gate="developer">
              <Link href="/developer" className="btn btn-ghost" aria-current={isCurrent("/developer", location) ? "page" : undefined}>Developer</Link>
            </AtLevel>
            <button type="button" className="btn btn-ghost" onClick={() => void logout()}>Log out</button>
          </nav>
        </div>
        <main id="main" className="app-content" tabIndex={-1}>
          {children}
        </main>
      </div>
      <SupportChatLauncher agreed={agreedTerms} />
    </div>
  );
}

/** The logged-out layout: a centred column with the product name. */
export function BareLayout({ children }: { children: ReactNode }) {
  return (
    <div className="bare">
      <header style={{ marginBottom: 24 }}>
        <Link href="/login" className="app-brand" style={{ fontSize: "1.5rem" }}>{PRODUCT_NAME}</Link>
      </header>
      <main id="main" className="bare-card" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
