CREATE TABLE `llm_usage` (
	`date` text PRIMARY KEY NOT NULL,
	`prompt_tokens` integer DEFAULT 0 NOT NULL,
	`completion_tokens` integer DEFAULT 0 NOT NULL,
	`calls` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_coins` (
	`id` text PRIMARY KEY NOT NULL,
	`symbol` text NOT NULL,
	`name` text NOT NULL,
	`rank` integer NOT NULL,
	`image_url` text DEFAULT '' NOT NULL,
	`price` real NOT NULL,
	`change_1h` real,
	`change_24h` real,
	`change_7d` real,
	`market_cap` real DEFAULT 0 NOT NULL,
	`volume_24h` real,
	`circulating_supply` real,
	`total_supply` real,
	`max_supply` real,
	`last_updated` text NOT NULL
);
--> statement-breakpoint
INSERT INTO `__new_coins`("id", "symbol", "name", "rank", "image_url", "price", "change_1h", "change_24h", "change_7d", "market_cap", "volume_24h", "circulating_supply", "total_supply", "max_supply", "last_updated") SELECT "id", "symbol", "name", "rank", "image_url", "price", "change_1h", "change_24h", "change_7d", "market_cap", "volume_24h", "circulating_supply", "total_supply", "max_supply", "last_updated" FROM `coins`;--> statement-breakpoint
DROP TABLE `coins`;--> statement-breakpoint
ALTER TABLE `__new_coins` RENAME TO `coins`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `coins_symbol_idx` ON `coins` (`symbol`);--> statement-breakpoint
CREATE INDEX `coins_rank_idx` ON `coins` (`rank`);--> statement-breakpoint
CREATE TABLE `__new_sentiment_snapshots` (
	`date` text NOT NULL,
	`coin_id` text NOT NULL,
	`rank` integer NOT NULL,
	`symbol` text NOT NULL,
	`name` text NOT NULL,
	`price` real NOT NULL,
	`change_24h` real,
	`change_7d` real,
	`market_cap` real NOT NULL,
	`volume_24h` real,
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
INSERT INTO `__new_sentiment_snapshots`("date", "coin_id", "rank", "symbol", "name", "price", "change_24h", "change_7d", "market_cap", "volume_24h", "galaxy_score", "galaxy_score_previous", "alt_rank", "alt_rank_previous", "sentiment", "social_volume_24h", "interactions_24h", "social_dominance", "market_dominance", "categories", "source", "market_as_of", "fetched_at") SELECT "date", "coin_id", "rank", "symbol", "name", "price", "change_24h", "change_7d", "market_cap", "volume_24h", "galaxy_score", "galaxy_score_previous", "alt_rank", "alt_rank_previous", "sentiment", "social_volume_24h", "interactions_24h", "social_dominance", "market_dominance", "categories", "source", "market_as_of", "fetched_at" FROM `sentiment_snapshots`;--> statement-breakpoint
DROP TABLE `sentiment_snapshots`;--> statement-breakpoint
ALTER TABLE `__new_sentiment_snapshots` RENAME TO `sentiment_snapshots`;--> statement-breakpoint
CREATE INDEX `sentiment_snapshots_rank_idx` ON `sentiment_snapshots` (`date`,`rank`);--> statement-breakpoint
ALTER TABLE `articles` ADD `grounding_json` text;--> statement-breakpoint
ALTER TABLE `articles` ADD `generation_json` text;