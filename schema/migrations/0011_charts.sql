CREATE TABLE `tradingview_mappings` (
	`symbol` text PRIMARY KEY NOT NULL,
	`coin_name` text NOT NULL,
	`tradingview_symbol` text NOT NULL,
	`is_hidden` integer DEFAULT false NOT NULL,
	`updated_at` text NOT NULL,
	`updated_by` text
);
--> statement-breakpoint
CREATE INDEX `tradingview_mappings_hidden_idx` ON `tradingview_mappings` (`is_hidden`);