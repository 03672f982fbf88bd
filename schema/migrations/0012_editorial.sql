ALTER TABLE `article_versions` ADD `content_format` text DEFAULT 'markdown' NOT NULL;--> statement-breakpoint
ALTER TABLE `articles` ADD `twitter_post_id` text;--> statement-breakpoint
ALTER TABLE `articles` ADD `twitter_claimed_at` text;--> statement-breakpoint
ALTER TABLE `articles` ADD `revision` integer DEFAULT 1 NOT NULL;