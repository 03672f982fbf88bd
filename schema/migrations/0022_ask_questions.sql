CREATE TABLE `ask_questions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`question` text NOT NULL,
	`plan_json` text NOT NULL,
	`response` text NOT NULL,
	`tables_json` text NOT NULL,
	`as_of` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `ask_questions_user_created_idx` ON `ask_questions` (`user_id`,`created_at`,`id`);