import { useQuery } from "@tanstack/react-query";
import { Link, useLocation } from "react-router";
import type { AuthUser } from "#schema/contracts/auth.ts";
import { buttonClass } from "#web/components/ui/button.tsx";
import { Dropdown } from "#web/components/ui/dropdown.tsx";
import { displayName, LOGOUT_HREF, loginHref, useAuth } from "#web/lib/auth.ts";
import { subscriptionQuery } from "../api/subscription.ts";
import styles from "./account.module.css";
import { PlanSummary } from "./plan-summary.tsx";

function AdminBadge() {
  return <span className="badge badge-red">Admin</span>;
}

/** The login link carries the page the reader is on, so sign-in brings them back to it. */
function LoginButton({ className }: { className?: string }) {
  const { pathname, search } = useLocation();
  return (
    <a href={loginHref(`${pathname}${search}`)} className={buttonClass("primary", "md", className)}>
      Login
    </a>
  );
}

/** My Account, My Watchlist, Admin Panel (admins), then Logout (a full-page navigation). */
function MemberLinks({ user, itemClass }: { user: AuthUser; itemClass: string | undefined }) {
  return (
    <ul>
      <li>
        <Link to="/account" className={itemClass}>
          My Account
        </Link>
      </li>
      <li>
        <Link to="/markets?tab=watchlist" className={itemClass}>
          My Watchlist
        </Link>
      </li>
      {user.role === "admin" ? (
        <li>
          <Link to="/admin" className={itemClass}>
            Admin Panel
          </Link>
        </li>
      ) : null}
      <li>
        <a href={LOGOUT_HREF} className={itemClass}>
          Logout
        </a>
      </li>
    </ul>
  );
}

/** The header's account corner on desktop: 'Loading...', the Login button, or the member's menu. */
export function UserArea() {
  const { user, isLoading, isAdmin } = useAuth();
  // Asked as soon as a non-admin is known (public-site.md §6), so both menus open with the plan ready.
  useQuery(subscriptionQuery(user !== null && !isAdmin));
  if (isLoading) {
    return (
      <span className={`${styles.desktopOnly} muted`} role="status">
        Loading...
      </span>
    );
  }
  if (!user) return <LoginButton className={styles.desktopOnly} />;
  return (
    <Dropdown
      className={styles.desktopOnly}
      // The visible words (name, and the Admin badge) are part of the name, as speech control needs.
      label={`Account menu for ${displayName(user)}${isAdmin ? ", Admin" : ""}`}
      trigger={
        <>
          <span className={styles.name}>{displayName(user)}</span> {isAdmin ? <AdminBadge /> : null}
        </>
      }
    >
      <div className={styles.menuHead}>
        <div className={styles.menuName}>{user.firstName ? `${user.firstName} ${user.lastName ?? ""}`.trim() : user.email}</div>
        {user.firstName ? <div className={`${styles.menuEmail} muted`}>{user.email}</div> : null}
        {isAdmin ? null : <PlanSummary />}
      </div>
      <div className="dropdown-separator" />
      <MemberLinks user={user} itemClass="dropdown-item" />
    </Dropdown>
  );
}

/** The same corner inside the mobile menu. */
export function MobileUserArea() {
  const { user, isLoading } = useAuth();
  if (isLoading) {
    return (
      <p className={`${styles.mobileArea} muted`} role="status">
        Loading...
      </p>
    );
  }
  if (!user) {
    return (
      <div className={styles.mobileArea}>
        <LoginButton className={styles.block} />
      </div>
    );
  }
  return (
    <div className={styles.mobileArea} data-testid="mobile-user-area">
      <div className={styles.mobileWho}>
        <span className={styles.name}>{displayName(user, true)}</span>
        {user.role === "admin" ? <AdminBadge /> : null}
      </div>
      {user.role === "admin" ? null : <PlanSummary />}
      <nav aria-label="Account">
        <MemberLinks user={user} itemClass={styles.mobileLink} />
      </nav>
    </div>
  );
}
