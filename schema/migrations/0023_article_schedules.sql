CREATE TABLE `article_schedules` (
	`article_id` integer PRIMARY KEY NOT NULL,
	`instance_id` text NOT NULL,
	`publish_at` text NOT NULL,
	`created_by` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `article_schedules_publish_at_idx` ON `article_schedules` (`publish_at`);