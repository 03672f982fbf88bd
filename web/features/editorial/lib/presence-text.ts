import type { ArticleChange, PresencePerson } from "#schema/contracts/presence.ts";

/** What the editor's presence says: the strip's times, the warning before a first edit, the stale notice. */

/** "12:03" in the admin's own time. */
export function clock(iso: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : at.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
}

/** "Ava", "Ava and Ben", "Ava, Ben and Cy". */
export function namesOf(people: PresencePerson[]): string {
  const names = [...new Set(people.map((p) => p.name))];
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/** The warning's first sentence: editing if any of them types, else only open. */
export function warningTitle(people: PresencePerson[]): string {
  const verb = new Set(people.map((p) => p.name)).size > 1 ? "are" : "is";
  return people.some((p) => p.editing)
    ? `${namesOf(people)} ${verb} editing this article.`
    : `${namesOf(people)} ${verb} viewing this article.`;
}
export const WARNING_TEXT = "If you both save, the second save will be refused and must be merged by hand.";

const STATUS: Record<NonNullable<ArticleChange["status"]>, string> = {
  published: "now published",
  draft: "now a draft",
  review: "now held for review",
};

/** "This article was changed by Ava at 12:03 (now published)", and the like for each kind of change. */
export function changeSentence(c: ArticleChange): string {
  const who = c.by?.name ?? "someone";
  const at = clock(c.at);
  const status = c.status ? ` (${STATUS[c.status]})` : "";
  switch (c.kind) {
    case "saved":
      return c.by ? `This article was changed by ${who} at ${at}${status}.` : `This article was changed at ${at}${status}.`;
    case "restored":
      return `${who} restored an earlier version of this article at ${at}${status}.`;
    case "published":
      return `${who} published this article at ${at}.`;
    case "scheduled":
      return c.status === "published"
        ? `This article was published by its schedule at ${at}.`
        : `This article's schedule ran at ${at} and held it for review.`;
    case "untrashed":
      return `${who} restored this article from the trash at ${at}.`;
    case "trashed":
      return `${who} moved this article to the trash at ${at}. Your text is still in the form: copy what you need.`;
    case "regenerated":
      return `${who} regenerated this article at ${at}: this held draft was replaced by a new one. Your text is still in the form: copy what you need.`;
  }
}
