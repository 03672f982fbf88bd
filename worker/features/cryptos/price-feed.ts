import { DurableObject } from "cloudflare:workers";
import { logger } from "#worker/lib/log.ts";
import { createMarketData } from "#worker/ports/market/create-market-data.ts";
import type { MarketCoin, MarketDataPort } from "#worker/ports/market/market-data.ts";
import { PRICES_KEY, PRICES_STATUS_KEY } from "./cache-keys.ts";
import { REFRESH_MS, type RefreshResult, type TickSubscriber, TOP_COUNT } from "./feed.ts";
import { presentAll } from "./present.ts";
import { type FeedStatus, type PriceSnapshot, readSnapshot, toMarketCoin, writeSnapshot } from "./price-snapshot.ts";
import { historyBucket, writeTick } from "./price-store.ts";
import { recordVolumeDayAgo } from "./volume-day-ago.ts";

const log = logger("price-feed");

/** An answer with fewer coins than this is treated as a failed fetch, never published. */
const MIN_COINS = 100;

/**
 * The one writer of prices. Its alarm fetches the top 500 every 30 s, publishes one KV snapshot
 * that every price read serves, and once per 5-minute bucket writes the latest rows and a history
 * point to D1 (the ticks between add only coins new to the top list). A failed
 * fetch keeps the last good snapshot in place and is recorded in the feed status. After each good
 * tick it hands the tick to its subscribers (feed.ts, TickSubscriber).
 *
 * Abstract because the runtime, not our code, constructs a Durable Object: the subscribers cannot be
 * a constructor argument, and a module-level list filled in by the entry would depend on load order.
 * The entry (worker/index.ts) exports `class PriceFeed extends PriceFeedBase` with the list as a
 * field: the name wrangler.toml binds, with the wiring where the arrows already run entry → features.
 */
export abstract class PriceFeedBase extends DurableObject<Env> {
  /** The features each tick feeds, in the order they run (named by the entry's subclass). */
  protected abstract readonly subscribers: readonly TickSubscriber[];
  private port: MarketDataPort;
  private last: MarketCoin[] | null = null;
  private inflight: Promise<RefreshResult> | null = null;
  /** The last 5-minute bucket whose rows and history point this instance wrote (ticks inside it skip them). */
  private historyWritten: number | null = null;
  /** The id of the last published tick (kept in storage): live messages carry it so readers can tell a gap. */
  private tick: number | null = null;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.port = createMarketData(env);
  }

  /** Tests swap the source; production never calls this. */
  useSource(port: MarketDataPort): void {
    this.port = port;
  }

  /** Starts the alarm loop unless it is already running. Called by cron every minute and by reads. */
  async ensureRunning(): Promise<boolean> {
    const next = await this.ctx.storage.getAlarm();
    if (next !== null && next > Date.now() - REFRESH_MS) return false;
    await this.ctx.storage.setAlarm(Date.now() + 100);
    return true;
  }

  /** Refreshes now; concurrent callers share one fetch. */
  refresh(): Promise<RefreshResult> {
    this.inflight ??= this.doRefresh().finally(() => {
      this.inflight = null;
    });
    return this.inflight;
  }

  /**
   * Local runs only (the alerts feature's dev route checks APP_ENV): moves one coin's last price by
   * `factor` and ticks, so the offline walk goes on from there. After any refresh in flight, so its
   * result cannot overwrite the moved price.
   */
  async movePrice(coinId: string, factor: number): Promise<RefreshResult> {
    await this.inflight;
    this.last = (await this.previousCoins())?.map((c) => (c.id === coinId ? { ...c, price: c.price * factor } : c)) ?? null;
    return this.refresh();
  }

  async status(): Promise<FeedStatus> {
    return (await this.ctx.storage.get<FeedStatus>("status")) ?? emptyStatus(this.port.source);
  }

  override async alarm(): Promise<void> {
    try {
      if ((await this.refresh()).ok) for (const { afterAlarm } of this.subscribers) afterAlarm?.(this.env);
    } finally {
      await this.ctx.storage.setAlarm(Date.now() + REFRESH_MS);
    }
  }

  private async doRefresh(): Promise<RefreshResult> {
    const at = Date.now();
    const status = await this.status();
    try {
      const coins = await this.port.fetchTop(TOP_COUNT, await this.previousCoins());
      if (coins.length < MIN_COINS) throw new Error(`only ${coins.length} coins in the answer`);
      const snapshot: PriceSnapshot = { updatedAt: new Date(at).toISOString(), source: this.port.source, coins: presentAll(coins) };
      await writeSnapshot(this.env.KV, snapshot);
      // Open pages get the tick now; the D1 writes and the `written` subscribers below do not hold it up.
      const published = this.publish(snapshot);
      const bucket = historyBucket(at);
      this.historyWritten ??= (await this.ctx.storage.get<number>("historyBucket")) ?? null;
      // The coins table takes the figures once per history bucket; the ticks between write only coins new to it.
      const bucketTick = this.historyWritten !== bucket;
      await writeTick(this.env.DB, coins, at, { bucket: bucketTick });
      if (bucketTick) {
        this.historyWritten = bucket;
        await this.ctx.storage.put("historyBucket", bucket);
        // The strip's volume change needs a day ago's volumes: read once a bucket here, kept in KV.
        await recordVolumeDayAgo(this.env, at).catch((err: Error) =>
          log.error("volumes a day ago not recorded", { event: "volume-day-ago", error: err }),
        );
      }
      this.last = coins;
      await this.saveStatus({ ...status, source: this.port.source, lastSuccessAt: snapshot.updatedAt, consecutiveFailures: 0 });
      // This tick's own figures (alerts); a failure is logged and never fails the tick.
      for (const { name, written } of this.subscribers)
        if (written) await this.guarded(name, "written", () => written(this.env, coins, at));
      await published;
      return { ok: true, snapshot };
    } catch (err) {
      const error = (err as Error).message;
      log.error("tick failed", { source: this.port.source, error: err });
      await this.saveStatus({
        ...status,
        source: this.port.source,
        lastFailureAt: new Date(at).toISOString(),
        lastError: error,
        consecutiveFailures: status.consecutiveFailures + 1,
      });
      return { ok: false, error, snapshot: await readSnapshot(this.env.KV) };
    }
  }

  /** Numbers the tick and hands it to the `published` subscribers; a failure is logged and never fails the tick. */
  private async publish(snapshot: PriceSnapshot): Promise<void> {
    let id: number;
    try {
      id = (this.tick ?? (await this.ctx.storage.get<number>("tick")) ?? 0) + 1;
      this.tick = id;
      await this.ctx.storage.put("tick", id);
    } catch (err) {
      log.error("tick not numbered", { error: err });
      return;
    }
    const tick = { id, snapshot };
    await Promise.all(
      this.subscribers.map(({ name, published }) => published && this.guarded(name, "published", () => published(this.env, tick))),
    );
  }

  private async guarded(subscriber: string, moment: "published" | "written", run: () => Promise<void>): Promise<void> {
    try {
      await run();
    } catch (err) {
      log.error("tick subscriber failed", { subscriber, moment, error: err });
    }
  }

  private async previousCoins(): Promise<MarketCoin[] | undefined> {
    if (this.last) return this.last;
    const stored = await this.env.KV.get<PriceSnapshot>(PRICES_KEY, "json");
    return stored?.coins.map(toMarketCoin);
  }

  private async saveStatus(status: FeedStatus): Promise<void> {
    await this.ctx.storage.put("status", status);
    await this.env.KV.put(PRICES_STATUS_KEY, JSON.stringify(status));
  }
}

function emptyStatus(source: string): FeedStatus {
  return { source, lastSuccessAt: null, lastFailureAt: null, lastError: null, consecutiveFailures: 0 };
}
