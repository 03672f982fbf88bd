import { type MouseEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { Button } from "#web/components/ui/button.tsx";
import styles from "./header.module.css";
import { isActive, mainNav } from "./nav-items.ts";
import { SearchBox } from "./search-box.tsx";
import { ThemeToggle } from "./theme-toggle.tsx";

/** Home links reload the page when the reader is already home (public-site.md §2). */
function reloadIfHome(e: MouseEvent, pathname: string) {
  if (pathname === "/") {
    e.preventDefault();
    window.location.reload();
  }
}

function NavLinks({ pathname, onChoose, className }: { pathname: string; onChoose?: () => void; className?: string }) {
  return (
    <ul className={className}>
      {mainNav.map((item) => {
        const active = isActive(item.to, pathname);
        return (
          <li key={item.to}>
            <Link
              to={item.to}
              className={`${styles.navLink} ${active ? styles.active : ""}`}
              aria-current={active ? "page" : undefined}
              onClick={(e) => {
                if (item.to === "/") reloadIfHome(e, pathname);
                onChoose?.();
              }}
            >
              {item.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The app header. `userArea` is the desktop account menu and `mobileUserArea` its place in the
 * mobile menu; the account feature provides both. `bell` is the alerts feature's notifications, `live`
 * the live-prices dot.
 */
export function Header({
  userArea,
  mobileUserArea,
  bell,
  live,
}: {
  userArea?: ReactNode;
  mobileUserArea?: ReactNode;
  bell?: ReactNode;
  live?: ReactNode;
}) {
  const location = useLocation();
  const { pathname } = location;
  const [open, setOpen] = useState(false);
  const headerRef = useRef<HTMLElement>(null);
  const burgerRef = useRef<HTMLButtonElement>(null);

  // What sticks below the header (the tables' header rows) starts at its height, which differs with
  // the width (a second row of links on desktops); CSS holds the phone's height until this runs.
  useEffect(() => {
    const header = headerRef.current;
    if (!header || typeof ResizeObserver === "undefined") return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => root.style.setProperty("--header-height", `${header.offsetHeight}px`));
    observer.observe(header);
    return () => {
      observer.disconnect();
      root.style.removeProperty("--header-height");
    };
  }, []);

  // Any navigation closes the menu: a link in it, the back button, a suggestion or a user-menu item.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location key is the trigger
  useEffect(() => setOpen(false), [location.key]);

  useEffect(() => {
    if (!open) return;
    function onPointer(e: PointerEvent) {
      if (headerRef.current && !headerRef.current.contains(e.target as Node)) setOpen(false);
    }
    function onKey(e: KeyboardEvent) {
      // An open suggestion list takes the first Escape (it stops the event); the next one closes the menu.
      if (e.key !== "Escape" || e.defaultPrevented) return;
      setOpen(false);
      burgerRef.current?.focus();
    }
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  return (
    <header className={styles.header} ref={headerRef}>
      <div className={`container ${styles.row}`}>
        <Link to="/" className={styles.logo} onClick={(e) => reloadIfHome(e, pathname)} aria-label="Coinsight home">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <span>Coinsight</span>
        </Link>
        <SearchBox className={styles.search} />
        <div className={styles.actions}>
          {live}
          <ThemeToggle />
          {bell}
          {userArea}
          <Button
            ref={burgerRef}
            variant="ghost"
            className={`btn-icon ${styles.burger}`}
            aria-label={open ? "Close menu" : "Open menu"}
            aria-expanded={open}
            aria-controls="mobile-menu"
            onClick={() => setOpen((v) => !v)}
          >
            <span aria-hidden="true">{open ? "✕" : "☰"}</span>
          </Button>
        </div>
      </div>
      <nav className={styles.nav} aria-label="Main">
        <div className="container">
          <NavLinks pathname={pathname} className={styles.navList} />
        </div>
      </nav>
      {open ? (
        <div id="mobile-menu" className={styles.mobileMenu}>
          <SearchBox className={styles.search} onSubmitted={() => setOpen(false)} />
          <nav aria-label="Mobile">
            <NavLinks pathname={pathname} className={styles.mobileList} onChoose={() => setOpen(false)} />
          </nav>
          {mobileUserArea ? <div onClickCapture={() => setOpen(false)}>{mobileUserArea}</div> : null}
        </div>
      ) : null}
    </header>
  );
}
