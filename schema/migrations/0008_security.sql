ALTER TABLE `users` ADD `role_source` text DEFAULT 'default' NOT NULL;--> statement-breakpoint
-- Until now only ADMIN_EMAILS made admins (there was no role editor): mark them so the list can take it back.
UPDATE `users` SET `role_source` = 'admin-emails' WHERE `role` = 'admin';
