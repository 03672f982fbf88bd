-- The newsroom wrote its covers' paths without the covers folder until 2026-11-26, so those
-- articles (and their saved versions) drew a broken hero image. Only those two exact paths change.
UPDATE `articles` SET `image_url` = '/images/covers/daily-roundup.svg' WHERE `image_url` = '/images/daily-roundup.svg';--> statement-breakpoint
UPDATE `articles` SET `image_url` = '/images/covers/trending-analysis.svg' WHERE `image_url` = '/images/trending-analysis.svg';--> statement-breakpoint
UPDATE `article_versions` SET `image_url` = '/images/covers/daily-roundup.svg' WHERE `image_url` = '/images/daily-roundup.svg';--> statement-breakpoint
UPDATE `article_versions` SET `image_url` = '/images/covers/trending-analysis.svg' WHERE `image_url` = '/images/trending-analysis.svg';
