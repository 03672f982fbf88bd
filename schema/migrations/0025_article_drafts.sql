CREATE TABLE `article_drafts` (
	`article_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`form` text NOT NULL,
	`base_revision` integer NOT NULL,
	`saved_at` text NOT NULL,
	PRIMARY KEY(`article_id`, `user_id`),
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
