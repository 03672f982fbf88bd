CREATE TABLE `llm_usage` (
	`date` text PRIMARY KEY NOT NULL,
	`prompt_tokens` integer DEFAULT 0 NOT NULL,
	`completion_tokens` integer DEFAULT 0 NOT NULL,
	`calls` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE `articles` ADD `grounding_json` text;--> statement-breakpoint
ALTER TABLE `articles` ADD `generation_json` text;