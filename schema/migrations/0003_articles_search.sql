-- Full-text search over articles (public-site.md §5: case-insensitive substring on title, excerpt
-- and content). The trigram tokenizer indexes every 3-character window, so a quoted phrase query is
-- a substring match. External-content tables store no second copy of the text: the triggers below
-- keep the indexes in step with every insert, edit and delete.
-- articles_fts covers all three fields (matching and counting); articles_head_fts only the short
-- ones, so "which articles have it in the title?" does not walk every body that mentions it.
CREATE VIRTUAL TABLE articles_fts USING fts5(
  title,
  excerpt,
  content,
  content = 'articles',
  content_rowid = 'id',
  tokenize = 'trigram'
);
--> statement-breakpoint
CREATE VIRTUAL TABLE articles_head_fts USING fts5(
  title,
  excerpt,
  content = 'articles',
  content_rowid = 'id',
  tokenize = 'trigram'
);
--> statement-breakpoint
CREATE TRIGGER articles_fts_after_insert AFTER INSERT ON articles BEGIN
  INSERT INTO articles_fts (rowid, title, excerpt, content) VALUES (new.id, new.title, new.excerpt, new.content);
  INSERT INTO articles_head_fts (rowid, title, excerpt) VALUES (new.id, new.title, new.excerpt);
END;
--> statement-breakpoint
CREATE TRIGGER articles_fts_after_delete AFTER DELETE ON articles BEGIN
  INSERT INTO articles_fts (articles_fts, rowid, title, excerpt, content) VALUES ('delete', old.id, old.title, old.excerpt, old.content);
  INSERT INTO articles_head_fts (articles_head_fts, rowid, title, excerpt) VALUES ('delete', old.id, old.title, old.excerpt);
END;
--> statement-breakpoint
-- Only the indexed columns: status, vote and publish changes leave the indexes alone.
CREATE TRIGGER articles_fts_after_update AFTER UPDATE OF title, excerpt, content ON articles BEGIN
  INSERT INTO articles_fts (articles_fts, rowid, title, excerpt, content) VALUES ('delete', old.id, old.title, old.excerpt, old.content);
  INSERT INTO articles_fts (rowid, title, excerpt, content) VALUES (new.id, new.title, new.excerpt, new.content);
  INSERT INTO articles_head_fts (articles_head_fts, rowid, title, excerpt) VALUES ('delete', old.id, old.title, old.excerpt);
  INSERT INTO articles_head_fts (rowid, title, excerpt) VALUES (new.id, new.title, new.excerpt);
END;
--> statement-breakpoint
-- Index whatever rows already exist (a database migrated after articles were written).
INSERT INTO articles_fts (articles_fts) VALUES ('rebuild');
--> statement-breakpoint
INSERT INTO articles_head_fts (articles_head_fts) VALUES ('rebuild');
