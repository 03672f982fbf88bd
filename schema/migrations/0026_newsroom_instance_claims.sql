-- A start's new instance id is the claim's version on its rows (worker/features/newsroom/runs.ts,
-- claimRun); the per-day start counter and each row's start number are gone.
DROP TABLE `newsroom_starts`;--> statement-breakpoint
ALTER TABLE `generation_runs` DROP COLUMN `attempt`;
