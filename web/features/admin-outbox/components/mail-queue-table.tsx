import type { MailQueueDay } from "#schema/contracts/outbox.ts";
import { DataTable } from "#web/components/ui/data-table.tsx";
import styles from "./outbox.module.css";

const KINDS: Record<MailQueueDay["kind"], string> = {
  daily: "Daily newsletter",
  notice: "Confirmations and notices",
  member: "Alerts and watchlist digests",
};

/**
 * What went through the mail queue in the last days, in recipients: queued by the daily send or a
 * signup, sent by the queue's consumer, retried after the provider refused them, dead-lettered
 * once their retries were spent (those need someone to look at the mail provider).
 */
export function MailQueueTable({ days }: { days: MailQueueDay[] }) {
  return (
    <section className={styles.queue} aria-labelledby="mail-queue-title">
      <h3 id="mail-queue-title" className={styles.queueTitle}>
        Mail queue
      </h3>
      {days.length === 0 ? (
        <p className={styles.hint}>Nothing went through the mail queue in the last 7 days.</p>
      ) : (
        <DataTable columns={["Day (UTC)", "Mail", "Queued", "Sent", "Retried", "Dead-lettered"]} align="middle">
          {days.map((d) => (
            <tr key={`${d.date}-${d.kind}`}>
              <td>{d.date}</td>
              <td>{KINDS[d.kind]}</td>
              <td>{d.queued}</td>
              <td>{d.sent}</td>
              <td>{d.retried}</td>
              <td className={d.deadLettered > 0 ? styles.dead : undefined}>{d.deadLettered}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}
