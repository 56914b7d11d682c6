ALTER TABLE "services" ADD COLUMN "questions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "answers" jsonb DEFAULT '[]'::jsonb NOT NULL;