import { useEffect, useId, useRef } from "react";

/** TradingView's embed script; the CSP allows exactly this script host and the widget's frame host. */
const TV_SCRIPT = "https://s3.tradingview.com/tv.js";
/** A widget that has not drawn by then is treated as unavailable (blocked, offline, slow network). */
const LOAD_TIMEOUT_MS = 8_000;

type TradingViewGlobal = { widget: new (options: Record<string, unknown>) => unknown };
declare global {
  interface Window {
    TradingView?: TradingViewGlobal;
  }
}

let loading: Promise<TradingViewGlobal> | null = null;

function loadTradingView(): Promise<TradingViewGlobal> {
  if (window.TradingView) return Promise.resolve(window.TradingView);
  loading ??= new Promise<TradingViewGlobal>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = TV_SCRIPT;
    script.async = true;
    script.onload = () => (window.TradingView ? resolve(window.TradingView) : reject(new Error("TradingView did not start")));
    script.onerror = () => reject(new Error("TradingView could not be loaded"));
    document.head.append(script);
  }).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/**
 * TradingView's chart widget as assistant-plans-admin.md §2 sets it: daily interval, light theme, UTC, 400 px high.
 * `onFail` hands the panel back to our own chart when the widget cannot load.
 */
export function TradingViewWidget({ symbol, onFail }: { symbol: string; onFail: () => void }) {
  const id = `tv-${useId().replace(/[^a-zA-Z0-9]/g, "")}`;
  const failed = useRef(onFail);
  failed.current = onFail;

  useEffect(() => {
    let live = true;
    const timer = window.setTimeout(() => {
      const frame = document.getElementById(id)?.querySelector("iframe");
      if (live && !frame) failed.current();
    }, LOAD_TIMEOUT_MS);
    loadTradingView()
      .then((tv) => {
        if (!live) return;
        new tv.widget({
          container_id: id,
          symbol,
          interval: "D",
          timezone: "Etc/UTC",
          theme: "light",
          style: "1",
          locale: "en",
          width: "100%",
          height: 400,
          allow_symbol_change: false,
          hide_side_toolbar: true,
          save_image: false,
        });
      })
      .catch(() => live && failed.current());
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [id, symbol]);

  return <div id={id} style={{ height: 400 }} data-testid="tradingview-widget" data-symbol={symbol} />;
}
