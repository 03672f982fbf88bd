CREATE TABLE `mail_queue_stats` (
	`date` text NOT NULL,
	`kind` text NOT NULL,
	`queued` integer DEFAULT 0 NOT NULL,
	`sent` integer DEFAULT 0 NOT NULL,
	`retried` integer DEFAULT 0 NOT NULL,
	`dead` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`date`, `kind`)
);
--> statement-breakpoint
CREATE TABLE `newsroom_starts` (
	`date` text PRIMARY KEY NOT NULL,
	`last` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE `generation_runs` DROP COLUMN `heartbeat_at`;--> statement-breakpoint
ALTER TABLE `generation_runs` DROP COLUMN `lease_id`;--> statement-breakpoint
ALTER TABLE `generation_runs` DROP COLUMN `lease_until`;--> statement-breakpoint
ALTER TABLE `generation_runs` ADD `instance_id` text;--> statement-breakpoint
ALTER TABLE `generation_runs` ADD `attempt` integer DEFAULT 0 NOT NULL;