-- Hand edited (the backfill between ADD and DROP): each delivery's attempts, last answer and times move into one
-- outcome per delivery in "outcomes"; retries stay with the "webhook" jobs, which are not touched. Only the last
-- attempt's answer was ever kept, so a delivery attempted before keeps that one as an outcome numbered with its old
-- count of attempts. It names the job whose attempt it was (the latest job, unless that one has not run yet: a
-- Redeliver waiting), so that job's next attempt neither repeats a delivery nor reports a lost attempt. Its time is
-- that attempt's: a waiting retry's run_at less its back-off, or when the delivery or its job ended (the delivery's
-- creation when neither is known any more).
ALTER TABLE "webhook_deliveries" ADD COLUMN "outcomes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
UPDATE "webhook_deliveries" d SET "outcomes" = jsonb_build_array(jsonb_strip_nulls(jsonb_build_object(
	'job', CASE WHEN j.attempts > 0 THEN j.id END,
	'jobAttempt', CASE WHEN j.attempts > 0 THEN j.attempts END,
	'attempt', greatest(d.attempts, 1),
	'at', to_char((CASE
		WHEN j.status = 'pending' AND j.attempts > 0
			THEN j.run_at - (ARRAY[5000, 300000, 1800000, 7200000, 18000000, 36000000])[least(j.attempts, 6)] * interval '1 millisecond'
		ELSE coalesce(d.delivered_at, f.finished_at, d.created_at)
	END) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
	) || jsonb_build_object('statusCode', d.last_status_code, 'error', d.last_error))
FROM "webhook_deliveries" d0
LEFT JOIN LATERAL (
	SELECT id, status, attempts, run_at FROM "jobs"
	WHERE kind = 'webhook' AND unique_key = 'webhook:' || d0.id::text ORDER BY created_at DESC LIMIT 1
) j ON true
LEFT JOIN LATERAL (
	SELECT max(finished_at) AS finished_at FROM "jobs"
	WHERE kind = 'webhook' AND unique_key = 'webhook:' || d0.id::text AND status IN ('done', 'failed')
) f ON true
WHERE d.id = d0.id AND (d0.attempts > 0 OR d0.last_error IS NOT NULL);--> statement-breakpoint
ALTER TABLE "webhook_deliveries" DROP COLUMN "status";--> statement-breakpoint
ALTER TABLE "webhook_deliveries" DROP COLUMN "attempts";--> statement-breakpoint
ALTER TABLE "webhook_deliveries" DROP COLUMN "last_status_code";--> statement-breakpoint
ALTER TABLE "webhook_deliveries" DROP COLUMN "last_error";--> statement-breakpoint
ALTER TABLE "webhook_deliveries" DROP COLUMN "next_attempt_at";--> statement-breakpoint
ALTER TABLE "webhook_deliveries" DROP COLUMN "delivered_at";--> statement-breakpoint
DROP TYPE "public"."webhook_delivery_status";
