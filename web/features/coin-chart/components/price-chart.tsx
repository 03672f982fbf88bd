import {
  AreaSeries,
  ColorType,
  CrosshairMode,
  createChart,
  type IChartApi,
  type ISeriesApi,
  type MouseEventParams,
  type UTCTimestamp,
} from "lightweight-charts";
import { useEffect, useRef, useState } from "react";
import { useTheme } from "#web/lib/theme.ts";
import { needsMarkers, priceUnder } from "../api/history.ts";
import styles from "./chart.module.css";
import { axisUsd, ChartLegend } from "./chart-legend.tsx";
import { CHART_HEIGHT, type ChartProps } from "./price-sketch.tsx";

function css(name: string, fallback: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

function colours(line: string, theme: string) {
  const fill = theme === "dark" ? "40" : "55";
  return { lineColor: line, topColor: `${line}${fill}`, bottomColor: `${line}05`, lastValueVisible: false, priceLineVisible: false };
}

/** Our own price chart (TradingView's open-source lightweight-charts), 400 px high, themed with the site. */
export default function PriceChart({ points, range, label, replay }: ChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const series = useRef<ISeriesApi<"Area">[]>([]);
  const [theme] = useTheme();
  const [hover, setHover] = useState<{ price: number | null; time: number } | null>(null);
  // The crosshair's handler is made once; it reads the points drawn now.
  const drawn = useRef(points);
  const marked = needsMarkers(points);

  useEffect(() => {
    if (!box.current) return;
    const c = createChart(box.current, {
      autoSize: true,
      height: CHART_HEIGHT,
      crosshair: { mode: CrosshairMode.Normal },
      // Room above the line for the legend; a price label the pane's edge would cut is left out, not cut.
      rightPriceScale: { borderVisible: false, entireTextOnly: true, scaleMargins: { top: 0.2, bottom: 0.1 } },
      timeScale: { borderVisible: false, timeVisible: true, secondsVisible: false },
      localization: { priceFormatter: axisUsd },
    });
    chart.current = c;
    // The legend follows the pointer over every slot, empty ones included (see priceUnder).
    const onMove = (p: MouseEventParams) => setHover(p.time ? priceUnder(drawn.current, p.time as number) : null);
    c.subscribeCrosshairMove(onMove);
    return () => {
      c.unsubscribeCrosshairMove(onMove);
      c.remove();
      chart.current = null;
      series.current = [];
    };
  }, []);

  // Colours follow the site's theme (the class on <html>), read from its CSS variables.
  useEffect(() => {
    const text = css("--text-muted", "#64748b");
    const border = css("--border", "#e2e8f0");
    const line = css("--brand", "#4f46e5");
    chart.current?.applyOptions({
      layout: { background: { type: ColorType.Solid, color: "transparent" }, textColor: text, attributionLogo: false },
      grid: { vertLines: { color: border }, horzLines: { color: border } },
    });
    for (const s of series.current) s.applyOptions(colours(line, theme));
  }, [theme]);

  // The chart joins every point of one series, so each run between gaps is its own series and a gap
  // stays empty. The empty slots that keep time even on the axis ride on a series of their own, which
  // draws nothing: inside a run they would break its line.
  useEffect(() => {
    const c = chart.current;
    drawn.current = points;
    if (!c) return;
    for (const s of series.current) c.removeSeries(s);
    const runs: { time: UTCTimestamp; value: number }[][] = [[]];
    const empty: { time: UTCTimestamp }[] = [];
    for (const p of points) {
      if (p.value == null) {
        empty.push({ time: p.time as UTCTimestamp });
        if (p.gap && runs.at(-1)?.length) runs.push([]);
      } else runs.at(-1)?.push({ time: p.time as UTCTimestamp, value: p.value });
    }
    const line = css("--brand", "#4f46e5");
    const options = {
      lineWidth: 2 as const,
      priceFormat: { type: "custom" as const, formatter: axisUsd, minMove: 1e-10 },
      ...colours(line, document.documentElement.classList.contains("dark") ? "dark" : "light"),
    };
    const slots = c.addSeries(AreaSeries, options);
    slots.setData(empty);
    series.current = [
      slots,
      ...runs
        .filter((run) => run.length > 0)
        .map((run) => {
          // A lone point between gaps would be invisible as a line; sparse prices are each marked.
          const s = c.addSeries(AreaSeries, { ...options, pointMarkersVisible: marked || run.length === 1 });
          s.setData(run);
          return s;
        }),
    ];
    c.timeScale().fitContent();
  }, [points, marked]);

  return (
    <div className={styles.chartBox}>
      <ChartLegend points={points} range={range} hover={hover} replay={replay} />
      <div
        ref={box}
        role="img"
        aria-label={label}
        data-testid="price-chart"
        data-mode="live"
        data-range={range}
        data-points={points.filter((p) => p.value != null).length}
        data-markers={marked}
        style={{ height: CHART_HEIGHT }}
      />
    </div>
  );
}
