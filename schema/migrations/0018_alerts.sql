CREATE TABLE `alert_cursors` (
	`name` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `alert_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`alert_id` integer,
	`event_key` text NOT NULL,
	`kind` text NOT NULL,
	`symbol` text NOT NULL,
	`title` text NOT NULL,
	`body` text NOT NULL,
	`href` text NOT NULL,
	`as_of` text NOT NULL,
	`mailed` integer DEFAULT false NOT NULL,
	`read_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`alert_id`) REFERENCES `alerts`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `alert_events_once_idx` ON `alert_events` (`alert_id`,`event_key`);--> statement-breakpoint
CREATE INDEX `alert_events_user_idx` ON `alert_events` (`user_id`,`id`);--> statement-breakpoint
CREATE INDEX `alert_events_unread_idx` ON `alert_events` (`user_id`) WHERE read_at IS NULL;--> statement-breakpoint
CREATE INDEX `alert_events_created_idx` ON `alert_events` (`created_at`);--> statement-breakpoint
CREATE TABLE `alert_settings` (
	`user_id` text PRIMARY KEY NOT NULL,
	`alert_mail` integer DEFAULT true NOT NULL,
	`digest` text DEFAULT 'off' NOT NULL,
	`digest_due_at` text,
	`digest_sent_at` text,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `alert_settings_due_idx` ON `alert_settings` (`digest_due_at`) WHERE digest <> 'off';--> statement-breakpoint
CREATE TABLE `alerts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`coin_id` text NOT NULL,
	`symbol` text NOT NULL,
	`coin_name` text NOT NULL,
	`kind` text NOT NULL,
	`threshold` real NOT NULL,
	`armed` integer DEFAULT true NOT NULL,
	`paused` integer DEFAULT false NOT NULL,
	`last_fired_at` text,
	`fire_count` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "alerts_threshold_range" CHECK("alerts"."threshold" >= 0)
);
--> statement-breakpoint
CREATE INDEX `alerts_eval_idx` ON `alerts` (`coin_id`,`kind`,`armed`,`threshold`) WHERE paused = 0;--> statement-breakpoint
CREATE UNIQUE INDEX `alerts_unique_idx` ON `alerts` (`user_id`,`coin_id`,`kind`,`threshold`);