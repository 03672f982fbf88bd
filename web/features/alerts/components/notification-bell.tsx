import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import type { Notification } from "#schema/contracts/alerts.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Dropdown } from "#web/components/ui/dropdown.tsx";
import { LoadFailed, LoadingRows } from "#web/components/ui/query-states.tsx";
import { useAuth } from "#web/lib/auth.ts";
import { timeAgo } from "#web/lib/format.ts";
import { notificationsQuery, useMarkRead } from "../api/alerts.ts";
import styles from "./alerts.module.css";
import { BellIcon } from "./bell-icon.tsx";

function Item({ item, onOpen }: { item: Notification; onOpen: () => void }) {
  return (
    <li>
      <Link to={item.href} className={`dropdown-item ${styles.note}`} onClick={onOpen}>
        <span className={item.read ? styles.readDot : styles.unreadDot} aria-hidden="true" />
        <span>
          <span className={styles.noteTitle}>
            {item.title}
            {item.read ? null : <span className="visually-hidden"> (unread)</span>}
          </span>{" "}
          <span className={styles.noteBody}>{item.body}</span> <span className={styles.noteTime}>{timeAgo(item.createdAt)}</span>
        </span>
      </Link>
    </li>
  );
}

/**
 * The header's bell: the unread count on the button and the newest alert events in its panel, each
 * linking to the coin page or the article. Members only: a guest has no bell.
 */
export function NotificationBell() {
  const { isAuthenticated } = useAuth();
  const notes = useQuery(notificationsQuery(isAuthenticated));
  const markRead = useMarkRead();
  if (!isAuthenticated) return null;
  const unread = notes.data?.unread ?? 0;
  const items = notes.data?.items ?? [];
  return (
    <Dropdown
      className={styles.bell}
      label={unread > 0 ? `Notifications, ${unread} unread` : "Notifications"}
      trigger={
        <>
          <BellIcon />
          {unread > 0 ? (
            <span className={styles.count} aria-hidden="true">
              {unread > 9 ? "9+" : unread}
            </span>
          ) : null}
        </>
      }
    >
      <div className={styles.panelHead}>
        <strong>Notifications</strong>
        {unread > 0 ? (
          <Button
            variant="ghost"
            size="sm"
            disabled={markRead.isPending}
            // The panel stays open (the dropdown closes on any other button or link chosen in it).
            onClick={(e) => {
              e.stopPropagation();
              markRead.mutate({ all: true });
            }}
          >
            Mark all read
          </Button>
        ) : null}
      </div>
      {notes.isLoading ? <LoadingRows label="Loading notifications" height={48} /> : null}
      {notes.isError ? (
        // Retrying keeps the panel open, so the answer shows where the reader is looking.
        // biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: only stops the button's click from closing the panel
        <div onClick={(e) => e.stopPropagation()}>
          <LoadFailed what="notifications" onRetry={() => notes.refetch()} />
        </div>
      ) : null}
      {notes.data && items.length === 0 ? (
        <p className={`muted ${styles.panelEmpty}`}>
          No notifications yet. Set alerts on <Link to="/markets?tab=watchlist">your watchlist</Link> or a coin page.
        </p>
      ) : null}
      {items.length > 0 ? (
        <ul className={styles.notes}>
          {items.map((item) => (
            <Item key={item.id} item={item} onOpen={() => (item.read ? undefined : markRead.mutate({ ids: [item.id] }))} />
          ))}
        </ul>
      ) : null}
      <div className="dropdown-separator" />
      <Link to="/markets?tab=watchlist" className="dropdown-item">
        Manage alerts
      </Link>
    </Dropdown>
  );
}
