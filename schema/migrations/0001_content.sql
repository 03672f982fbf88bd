CREATE TABLE `article_versions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`article_id` integer NOT NULL,
	`version_number` integer NOT NULL,
	`title` text NOT NULL,
	`excerpt` text DEFAULT '' NOT NULL,
	`content` text NOT NULL,
	`image_url` text DEFAULT '' NOT NULL,
	`category_id` integer NOT NULL,
	`author_notes` text DEFAULT '' NOT NULL,
	`created_by` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `article_versions_number_idx` ON `article_versions` (`article_id`,`version_number`);--> statement-breakpoint
CREATE TABLE `articles` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`slug` text NOT NULL,
	`title` text NOT NULL,
	`excerpt` text DEFAULT '' NOT NULL,
	`content` text NOT NULL,
	`content_format` text DEFAULT 'markdown' NOT NULL,
	`image_url` text DEFAULT '' NOT NULL,
	`category_id` integer NOT NULL,
	`crypto_symbol` text,
	`crypto_name` text,
	`rank` integer,
	`status` text DEFAULT 'draft' NOT NULL,
	`published_at` text,
	`read_time` integer DEFAULT 1 NOT NULL,
	`comment_count` integer DEFAULT 0 NOT NULL,
	`upvotes` integer DEFAULT 0 NOT NULL,
	`downvotes` integer DEFAULT 0 NOT NULL,
	`twitter_posted` integer DEFAULT false NOT NULL,
	`author_id` text,
	`seo_json` text,
	`data_as_of` text,
	`sources_json` text,
	`review_reason` text,
	`generation_key` text,
	`deleted_at` text,
	`deleted_by` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`category_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `articles_slug_unique` ON `articles` (`slug`);--> statement-breakpoint
CREATE UNIQUE INDEX `articles_generation_key_unique` ON `articles` (`generation_key`);--> statement-breakpoint
CREATE INDEX `articles_public_idx` ON `articles` (`status`,`deleted_at`,`published_at`);--> statement-breakpoint
CREATE INDEX `articles_category_idx` ON `articles` (`category_id`,`published_at`);--> statement-breakpoint
CREATE TABLE `categories` (
	`id` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`slug` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`kind` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `categories_slug_unique` ON `categories` (`slug`);