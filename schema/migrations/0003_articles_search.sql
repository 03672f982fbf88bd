-- Full-text search over articles (public-site.md §5: case-insensitive substring on title, excerpt
-- and content). The trigram tokenizer indexes every 3-character window, so a quoted phrase query is
-- a substring match; bm25() ranks the hits. An external-content table stores no second copy of the
-- text: the triggers below keep the index in step with every insert, edit and delete.
CREATE VIRTUAL TABLE articles_fts USING fts5(
  title,
  excerpt,
  content,
  content = 'articles',
  content_rowid = 'id',
  tokenize = 'trigram'
);
--> statement-breakpoint
CREATE TRIGGER articles_fts_after_insert AFTER INSERT ON articles BEGIN
  INSERT INTO articles_fts (rowid, title, excerpt, content) VALUES (new.id, new.title, new.excerpt, new.content);
END;
--> statement-breakpoint
CREATE TRIGGER articles_fts_after_delete AFTER DELETE ON articles BEGIN
  INSERT INTO articles_fts (articles_fts, rowid, title, excerpt, content) VALUES ('delete', old.id, old.title, old.excerpt, old.content);
END;
--> statement-breakpoint
-- Only the indexed columns: status, vote and publish changes leave the index alone.
CREATE TRIGGER articles_fts_after_update AFTER UPDATE OF title, excerpt, content ON articles BEGIN
  INSERT INTO articles_fts (articles_fts, rowid, title, excerpt, content) VALUES ('delete', old.id, old.title, old.excerpt, old.content);
  INSERT INTO articles_fts (rowid, title, excerpt, content) VALUES (new.id, new.title, new.excerpt, new.content);
END;
--> statement-breakpoint
-- Index whatever rows already exist (a database migrated after articles were written).
INSERT INTO articles_fts (articles_fts) VALUES ('rebuild');
