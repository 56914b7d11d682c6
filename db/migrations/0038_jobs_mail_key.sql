DROP INDEX "jobs_kind_created_idx";--> statement-breakpoint
CREATE INDEX "jobs_mail_key_idx" ON "jobs" USING btree ("unique_key") WHERE kind = 'mail';--> statement-breakpoint
CREATE INDEX "jobs_failed_idx" ON "jobs" USING btree ("kind","finished_at") WHERE status = 'failed';