import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useEffect } from "react";
import { useLocation } from "react-router";
import type { AuthUser } from "#schema/contracts/auth.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Notice } from "#web/components/ui/notice.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { toast } from "#web/components/ui/toast.tsx";
import { authUserQuery, loginHref } from "#web/lib/auth.ts";

/** Spec: the redirect happens 2 s after the toast, so the reader can see why. */
export const ADMIN_REDIRECT_DELAY_MS = 2000;
export const ADMIN_DENIED_TOAST = "Unauthorized - Admin access required. Redirecting to login...";
export const ADMIN_DENIED_TEXT = "Access Denied: You need admin privileges to access this page.";

/**
 * Where a refused visitor goes. A guest signs in and comes back to the page; a signed-in member
 * goes to sign-in with home as the way back, because returning them to the admin page would send
 * them round again for as long as the provider keeps them signed in.
 */
export function adminRedirect(user: AuthUser | null, target: string, here: string): string {
  if (target !== "login") return target;
  return user ? loginHref("/") : loginHref(here);
}

/**
 * Shows `children(user)` to admins only. The server checks the role on every admin call; this is
 * the reader-facing half: the spec's toast and text, then a redirect after 2 s.
 */
export function AdminGate({
  children,
  redirectTo = "login",
  deniedToast = ADMIN_DENIED_TOAST,
  deniedText = ADMIN_DENIED_TEXT,
  go = (href) => window.location.assign(href),
}: {
  children: (user: AuthUser) => ReactNode;
  /** "login" for the panel; a path (the editor and trash use "/admin"). */
  redirectTo?: "login" | string;
  /** The editor and the trash page have their own texts (assistant-plans-admin.md §2, §8). */
  deniedToast?: string;
  deniedText?: string;
  /** Leaves the page; a full navigation, since sign-in is served by the Worker. */
  go?: (href: string) => void;
}) {
  const { data, isLoading, isError, refetch } = useQuery(authUserQuery());
  const user = data ?? null;
  const denied = !isLoading && !isError && user?.role !== "admin";
  const { pathname, search } = useLocation();
  const here = `${pathname}${search}`;

  useEffect(() => {
    if (!denied) return;
    toast({ title: deniedToast, variant: "destructive" });
    const href = adminRedirect(user, redirectTo, here);
    const timer = window.setTimeout(() => go(href), ADMIN_REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [denied, user, redirectTo, go, here, deniedToast]);

  if (isLoading) {
    return (
      <div className="container page" role="status" aria-busy="true" aria-label="Checking your access">
        <Skeleton height={40} />
        <Skeleton height={240} />
      </div>
    );
  }
  if (isError) {
    return (
      <div className="container page">
        <Notice tone="error">
          We could not check your access. <Button onClick={() => void refetch()}>Try again</Button>
        </Notice>
      </div>
    );
  }
  if (!user || denied) {
    return (
      <div className="container page">
        <Notice tone="error">{deniedText}</Notice>
      </div>
    );
  }
  return children(user);
}
