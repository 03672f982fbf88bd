import { z } from "zod";
import { tagName } from "./article-meta.ts";

/**
 * The desk's Tags tab (docs/decisions/editorial/tags.md): every tag with how many articles carry it,
 * renamed (its address follows its name, the old one leads to the new), merged into another, or deleted.
 */
export const adminTagSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  /** Articles that carry it, drafts and held ones included (not the trash). */
  articles: z.number().int(),
  /** Of those, the ones readers see: its page lists them. */
  publicArticles: z.number().int(),
  createdAt: z.string(),
});
export type AdminTag = z.infer<typeof adminTagSchema>;

export const adminTagListSchema = z.object({ tags: z.array(adminTagSchema) });
export type AdminTagList = z.infer<typeof adminTagListSchema>;

export const tagIdParam = z.object({
  tagId: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 31),
});

export const tagRenameBody = z.object({ name: tagName }).strict();

export const tagMergeBody = z
  .object({
    into: z
      .number()
      .int()
      .min(1)
      .max(2 ** 31),
  })
  .strict();

/** A rename's or a merge's result: the tag as it is now, and what the desk says about it. */
export const tagChangeSchema = z.object({ success: z.literal(true), message: z.string(), tag: adminTagSchema });
export type TagChange = z.infer<typeof tagChangeSchema>;

export const TAG_NOT_FOUND_ADMIN = "Tag not found. It may have been merged or deleted: reload the list.";
export const TAG_ADDRESS_TAKEN = "Another tag already has this address. Merge the two instead.";
export const TAG_MERGE_SELF = "A tag cannot be merged into itself.";
