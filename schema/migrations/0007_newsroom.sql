CREATE TABLE `generation_runs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`task` text NOT NULL,
	`date` text NOT NULL,
	`status` text DEFAULT 'not_started' NOT NULL,
	`trigger` text DEFAULT 'schedule' NOT NULL,
	`current_step` text,
	`completed_steps` integer DEFAULT 0 NOT NULL,
	`total_steps` integer DEFAULT 0 NOT NULL,
	`steps_json` text DEFAULT '[]' NOT NULL,
	`state_json` text DEFAULT '{}' NOT NULL,
	`started_at` text,
	`heartbeat_at` text,
	`completed_at` text,
	`retry_count` integer DEFAULT 0 NOT NULL,
	`next_retry_at` text,
	`error_category` text,
	`error_message` text,
	`error_at` text,
	`error_stack` text,
	`error_suggested_action` text,
	`lease_id` text,
	`lease_until` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `generation_runs_task_date_idx` ON `generation_runs` (`task`,`date`);--> statement-breakpoint
CREATE INDEX `generation_runs_status_idx` ON `generation_runs` (`status`);--> statement-breakpoint
CREATE TABLE `sentiment_snapshots` (
	`date` text NOT NULL,
	`coin_id` text NOT NULL,
	`rank` integer NOT NULL,
	`symbol` text NOT NULL,
	`name` text NOT NULL,
	`price` real NOT NULL,
	`change_24h` real,
	`change_7d` real,
	`market_cap` real NOT NULL,
	`volume_24h` real NOT NULL,
	`galaxy_score` real,
	`galaxy_score_previous` real,
	`alt_rank` integer,
	`alt_rank_previous` integer,
	`sentiment` real,
	`social_volume_24h` real,
	`interactions_24h` real,
	`social_dominance` real,
	`market_dominance` real,
	`categories` text DEFAULT '[]' NOT NULL,
	`source` text NOT NULL,
	`market_as_of` text NOT NULL,
	`fetched_at` text NOT NULL,
	PRIMARY KEY(`date`, `coin_id`)
);
--> statement-breakpoint
CREATE INDEX `sentiment_snapshots_rank_idx` ON `sentiment_snapshots` (`date`,`rank`);