CREATE TABLE `tag_slug_redirects` (
	`slug` text PRIMARY KEY NOT NULL,
	`tag_id` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`tag_id`) REFERENCES `tags`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `tag_slug_redirects_tag_idx` ON `tag_slug_redirects` (`tag_id`);