ALTER TABLE `coins` ADD `fully_diluted_valuation` real;--> statement-breakpoint
ALTER TABLE `coins` ADD `high_24h` real;--> statement-breakpoint
ALTER TABLE `coins` ADD `low_24h` real;--> statement-breakpoint
ALTER TABLE `coins` ADD `ath` real;--> statement-breakpoint
ALTER TABLE `coins` ADD `ath_date` text;--> statement-breakpoint
ALTER TABLE `coins` ADD `atl` real;--> statement-breakpoint
ALTER TABLE `coins` ADD `atl_date` text;