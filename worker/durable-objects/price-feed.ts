import { DurableObject } from "cloudflare:workers";
import { alertsOnTick } from "#worker/features/alerts/index.ts";
import {
  type FeedStatus,
  historyBucket,
  PRICES_KEY,
  PRICES_STATUS_KEY,
  type PriceSnapshot,
  presentAll,
  REFRESH_MS,
  type RefreshResult,
  readSnapshot,
  recordVolumeDayAgo,
  TOP_COUNT,
  toMarketCoin,
  writeSnapshot,
  writeTick,
} from "#worker/features/cryptos/index.ts";
import { publishLive } from "#worker/features/live/index.ts";
import { renderTickPagesAhead } from "#worker/features/pages/index.ts";
import { logger } from "#worker/lib/log.ts";
import { createMarketData } from "#worker/ports/market/create-market-data.ts";
import type { MarketCoin, MarketDataPort } from "#worker/ports/market/market-data.ts";

const log = logger("price-feed");

/** An answer with fewer coins than this is treated as a failed fetch, never published. */
const MIN_COINS = 100;

/**
 * The one writer of prices. Its alarm fetches the top 500 every 30 s, publishes one KV snapshot
 * that every price read serves, and once per 5-minute bucket writes the latest rows and a history
 * point to D1 (the ticks between add only coins new to the top list). A failed
 * fetch keeps the last good snapshot in place and is recorded in the feed status.
 */
export class PriceFeed extends DurableObject<Env> {
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
      // `/` and `/markets` for the new tick, rendered after it and outside it (features/pages/render-ahead.ts).
      if ((await this.refresh()).ok) void renderTickPagesAhead(this.env);
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
      // Open pages get the tick now; the D1 writes and alerts below do not hold it up.
      const live = this.publishLive(snapshot);
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
      // Alerts read this tick's own figures; they log their failures and never fail the tick.
      await alertsOnTick(this.env, coins, at);
      await live;
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

  /** Numbers the tick and hands it to the live hubs; a failure is logged and never fails the tick. */
  private async publishLive(snapshot: PriceSnapshot): Promise<void> {
    try {
      this.tick = (this.tick ?? (await this.ctx.storage.get<number>("tick")) ?? 0) + 1;
      await this.ctx.storage.put("tick", this.tick);
      await publishLive(this.env, this.tick, snapshot.updatedAt, snapshot.coins);
    } catch (err) {
      log.error("live tick not published", { live: true, error: err });
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
