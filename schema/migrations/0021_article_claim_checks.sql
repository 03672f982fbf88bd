ALTER TABLE `articles` ADD `claim_input_json` text;--> statement-breakpoint
ALTER TABLE `articles` ADD `check_json` text;--> statement-breakpoint
ALTER TABLE `articles` ADD `override_json` text;