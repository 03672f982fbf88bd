CREATE TABLE `coins` (
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
	`volume_24h` real DEFAULT 0 NOT NULL,
	`circulating_supply` real,
	`total_supply` real,
	`max_supply` real,
	`last_updated` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `coins_symbol_idx` ON `coins` (`symbol`);--> statement-breakpoint
CREATE INDEX `coins_rank_idx` ON `coins` (`rank`);--> statement-breakpoint
CREATE TABLE `price_history` (
	`coin_id` text NOT NULL,
	`ts` integer NOT NULL,
	`price` real NOT NULL,
	`market_cap` real,
	`volume_24h` real,
	PRIMARY KEY(`coin_id`, `ts`)
);
--> statement-breakpoint
CREATE INDEX `price_history_ts_idx` ON `price_history` (`ts`);