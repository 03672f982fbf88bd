CREATE TABLE `newsletter_send_messages` (
	`edition_date` text NOT NULL,
	`first_subscriber_id` integer NOT NULL,
	`subscriber_ids_json` text NOT NULL,
	`status` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`claim_id` text,
	`sent_count` integer DEFAULT 0 NOT NULL,
	`error` text,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	PRIMARY KEY(`edition_date`, `first_subscriber_id`)
);
--> statement-breakpoint
ALTER TABLE `newsletter_editions` ADD `queued_through` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
UPDATE `newsletter_editions` SET `queued_through` = COALESCE((SELECT max(`subscriber_id`) FROM `newsletter_deliveries` d WHERE d.`edition_date` = `newsletter_editions`.`edition_date`), 0);
