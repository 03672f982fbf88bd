import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { OutboxChannel, OutboxItem } from "#schema/contracts/outbox.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Card } from "#web/components/ui/card.tsx";
import { RowList } from "#web/components/ui/data-table.tsx";
import { Notice } from "#web/components/ui/notice.tsx";
import { LoadFailed, LoadingRows } from "#web/components/ui/query-states.tsx";
import { utcDateTime } from "#web/lib/format.ts";
import { OUTBOX_PAGE, outboxQuery } from "../api/outbox.ts";
import { MailQueueTable } from "./mail-queue-table.tsx";
import styles from "./outbox.module.css";

const CHANNELS: { key: OutboxChannel | "all"; label: string }[] = [
  { key: "all", label: "All" },
  { key: "email", label: "Email" },
  { key: "social", label: "Social posts" },
];

/** One captured message: who it was for, then its parts on demand. */
function Message({ item }: { item: OutboxItem }) {
  const headers = Object.entries(item.headers);
  return (
    <li className={styles.item}>
      <details>
        <summary className={styles.summary}>
          <span className={styles.chevron} aria-hidden="true">
            ›
          </span>
          <span className={styles.head}>
            <span className={styles.subject}>{item.subject ?? item.text.slice(0, 80)}</span>
            <span className={styles.meta}>
              <span className={styles.channel}>{item.channel === "email" ? "Email" : "Social"}</span> to {item.recipient} ·{" "}
              <time dateTime={item.createdAt}>{utcDateTime(item.createdAt)}</time>
            </span>
          </span>
        </summary>
        <div className={styles.body}>
          {headers.length ? (
            <dl className={styles.headers}>
              {headers.map(([name, value]) => (
                <div key={name}>
                  <dt>{name}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          ) : null}
          <h4 className={styles.partTitle}>Plain text</h4>
          <pre className={styles.text}>{item.text}</pre>
          {item.html ? (
            <>
              <h4 className={styles.partTitle}>HTML</h4>
              {/* An empty sandbox: the mail's markup is shown, never run, and cannot reach this page. */}
              <iframe className={styles.preview} title={`HTML part of message ${item.id}`} sandbox="" srcDoc={item.html} />
            </>
          ) : null}
        </div>
      </details>
    </li>
  );
}

/**
 * The admin's view of mail: what went through the mail queue, and what the offline mail and social
 * adapters captured instead of sending (confirmation mails, the daily newsletter, posts): the way
 * to follow a signup or a send locally.
 */
export function OutboxTab() {
  const [channel, setChannel] = useState<OutboxChannel | "all">("all");
  const { data, isLoading, isError, isFetching, refetch } = useQuery(outboxQuery(channel));
  return (
    <Card title="Outbox" aria-label="Outbox">
      <div className={styles.toolbar}>
        <fieldset className={styles.filter}>
          <legend className="visually-hidden">Channel</legend>
          {CHANNELS.map((c) => (
            <Button
              key={c.key}
              size="sm"
              variant={c.key === channel ? "primary" : "outline"}
              aria-pressed={c.key === channel}
              onClick={() => setChannel(c.key)}
            >
              {c.label}
            </Button>
          ))}
        </fieldset>
        <Button size="sm" variant="ghost" disabled={isFetching} onClick={() => void refetch()}>
          {isFetching ? "Refreshing…" : "Refresh"}
        </Button>
      </div>
      {data?.mailLive ? (
        <p className={styles.hint}>Mail goes out through the mail provider; only messages captured while it was offline are listed.</p>
      ) : (
        <p className={styles.hint}>Offline: mail and social posts land here instead of being sent. Newest first, up to {OUTBOX_PAGE}.</p>
      )}
      {data ? <MailQueueTable days={data.queue} /> : null}
      {isLoading ? (
        <LoadingRows label="Loading the outbox" height={56} />
      ) : isError || !data ? (
        <LoadFailed what="the outbox" onRetry={() => void refetch()} />
      ) : data.items.length === 0 ? (
        <Notice>
          {channel === "all" ? "The outbox is empty." : `No ${channel === "email" ? "email" : "social posts"} in the outbox.`}
        </Notice>
      ) : (
        <RowList>
          {data.items.map((item) => (
            <Message key={item.id} item={item} />
          ))}
        </RowList>
      )}
    </Card>
  );
}
