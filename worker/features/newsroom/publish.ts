import { type ClaimReport, checkClaims, heldSentences, renderClaims, reviewText } from "#worker/lib/grounding/index.ts";
import { logger } from "#worker/lib/log.ts";
import type { ArticleBrief, Draft, TokenUsage } from "#worker/ports/llm/llm.ts";
import { type GeneratedArticle, type GenerationRecord, type SaveResult, type Source, saveGenerated } from "./articles.ts";
import { claimInput } from "./briefs.ts";
import type { NewsroomDeps } from "./deps.ts";
import { guardProduction } from "./task-errors.ts";
import { recordUsage, spendable } from "./token-budget.ts";

const log = logger("newsroom");

const part = (draft: Draft) => `${draft.title}\n\n${draft.excerpt}\n\n${draft.body}`;

/** Checks a draft's title, excerpt and body: every claim against the fact it cites. */
export function checkDraft(brief: ArticleBrief, draft: Draft): ClaimReport {
  return checkClaims(part(draft), claimInput(brief));
}

/** The draft readers see: citations written out as the facts' display text. */
export function renderDraft(brief: ArticleBrief, draft: Draft): Draft {
  const input = claimInput(brief);
  return {
    ...draft,
    title: renderClaims(draft.title, input),
    excerpt: renderClaims(draft.excerpt, input),
    body: renderClaims(draft.body, input),
  };
}

function addUsage(a: TokenUsage | undefined, b: TokenUsage | undefined): TokenUsage | undefined {
  if (!a) return b;
  if (!b) return a;
  return { promptTokens: a.promptTokens + b.promptTokens, completionTokens: a.completionTokens + b.completionTokens };
}

async function write(deps: NewsroomDeps, brief: ArticleBrief, repair?: Parameters<NewsroomDeps["writer"]["write"]>[1]): Promise<Draft> {
  // A writer that costs tokens stops cleanly once the day's budget is spent (the task fails as a validation error).
  if (deps.writer.source !== "offline") await spendable(deps);
  const draft = await deps.writer.write(brief, repair);
  if (draft.usage) await recordUsage(deps, draft.usage);
  return draft;
}

/**
 * Writes, checks and saves one article. A draft that fails the check goes back to the writer once
 * with its problem list; failing again, it is saved for review with its reasons and the per-figure
 * table, never published.
 */
export async function writeAndSave(
  deps: NewsroomDeps,
  brief: ArticleBrief,
  article: Omit<GeneratedArticle, "draft" | "grounding" | "dataAsOf" | "sources" | "generation">,
  sources: Source[],
): Promise<SaveResult & { problems: string[] }> {
  // The last gate before anything is written: production never publishes demo or modelled data.
  const market = sources.find((s) => s.role === "market");
  const social = sources.find((s) => s.role === "social");
  guardProduction(deps, {
    market: market?.kind === "live" ? "coingecko" : "offline",
    social: social ? (social.kind === "live" ? "lunarcrush" : "offline") : null,
  });
  const first = await write(deps, brief);
  let draft = first;
  let report = checkDraft(brief, first);
  let attempts = 1;
  if (!report.ok) {
    log.warn("draft failed the claim check; repairing", { key: article.key, repair: report.problems });
    // The repair quotes each held sentence with why, and the frame form of each fact it cites.
    draft = await write(deps, brief, { previous: first, problems: report.problems, held: heldSentences(part(first), claimInput(brief)) });
    report = checkDraft(brief, draft);
    attempts = 2;
  }
  if (!report.ok) {
    log.warn("repaired draft still fails the claim check; held for review", {
      key: article.key,
      held: "review",
      problems: report.problems,
    });
  }
  const generation: GenerationRecord = {
    writer: deps.writer.source,
    model: draft.model,
    attempts,
    usage: attempts === 2 ? (addUsage(first.usage, draft.usage) ?? null) : (draft.usage ?? null),
    promptHash: draft.promptHash ?? null,
    raw: draft.raw ?? null,
    ...(attempts === 2 ? { firstProblems: reviewText(checkDraft(brief, first)) } : {}),
  };
  const saved = await saveGenerated(
    deps.db,
    deps.env,
    {
      ...article,
      draft: renderDraft(brief, draft),
      grounding: report,
      claimInput: claimInput(brief),
      dataAsOf: brief.asOf,
      sources,
      generation,
    },
    new Date(deps.now()),
  );
  if (saved.status === "published" && saved.id !== null) deps.published?.(saved.id);
  return { ...saved, problems: report.problems };
}
