CREATE TABLE `ask_answers` (
	`user_id` text NOT NULL,
	`symbol` text NOT NULL,
	`question_type` text NOT NULL,
	`response` text NOT NULL,
	`as_of` text NOT NULL,
	`answered_at` text NOT NULL,
	PRIMARY KEY(`user_id`, `symbol`, `question_type`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `complimentary` integer DEFAULT false NOT NULL;