import type { ArticleBrief, Draft } from "#worker/ports/llm/llm.ts";
import { type GeneratedArticle, type SaveResult, type Source, saveGenerated } from "./articles.ts";
import { allFacts, namesOf } from "./briefs.ts";
import type { NewsroomDeps } from "./deps.ts";
import { checkGrounding, type GroundingResult } from "./grounding.ts";

/** Checks a draft's title, excerpt and body against the facts of its brief. */
export function groundDraft(brief: ArticleBrief, draft: Draft): GroundingResult {
  const text = `${draft.title}\n\n${draft.excerpt}\n\n${draft.body}`;
  return checkGrounding(text, allFacts(brief), { allowed: brief.allowedNumbers, names: namesOf(brief) });
}

/**
 * Writes, checks and saves one article. The writer only ever sees the brief; a draft that fails
 * the check is saved for review, never published.
 */
export async function writeAndSave(
  deps: NewsroomDeps,
  brief: ArticleBrief,
  article: Omit<GeneratedArticle, "draft" | "grounding" | "dataAsOf" | "sources">,
  sources: Source[],
): Promise<SaveResult & { problems: string[] }> {
  const draft = await deps.writer.write(brief);
  const grounding = groundDraft(brief, draft);
  if (!grounding.ok) {
    console.warn(JSON.stringify({ level: "warn", job: "newsroom", key: article.key, held: "review", problems: grounding.problems }));
  }
  const saved = await saveGenerated(
    deps.db,
    deps.env,
    { ...article, draft, grounding, dataAsOf: brief.asOf, sources },
    new Date(deps.now()),
  );
  return { ...saved, problems: grounding.problems };
}
