-- pg_trgm is a trusted extension (PostgreSQL 13+), and PGlite loads it at start (src/server/db/database.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "quote_requests_submitted_at_idx";--> statement-breakpoint
DROP INDEX "quote_requests_status_submitted_idx";--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "contact_name" text;--> statement-breakpoint
ALTER TABLE "quote_requests" ADD COLUMN "urgent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The requests already stored, judged by the rule of src/shared/urgency.ts (written here in SQL once, for the backfill).
UPDATE "quote_requests" SET "urgent" = true WHERE "service" = 'Emergency Cleanup'
  OR ("message" || ' ' || coalesce("urgency", '')) ~* '\m(urgent|urgently|asap|today|tonight|emergency|immediately|right away)\M';--> statement-breakpoint
ALTER TABLE "quote_requests" ADD COLUMN "pinned" boolean GENERATED ALWAYS AS (urgent and status = 'new') STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "quote_requests" ADD COLUMN "customer_id" uuid;--> statement-breakpoint
ALTER TABLE "sign_in_tokens" ADD COLUMN "purpose" text DEFAULT 'sign-in' NOT NULL;--> statement-breakpoint
ALTER TABLE "sign_in_tokens" ADD COLUMN "invited_by" uuid;--> statement-breakpoint
ALTER TABLE "quote_requests" ADD CONSTRAINT "quote_requests_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_in_tokens" ADD CONSTRAINT "sign_in_tokens_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quote_requests_list_idx" ON "quote_requests" USING btree ("pinned" DESC NULLS LAST,"submitted_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "quote_requests_status_list_idx" ON "quote_requests" USING btree ("status","pinned" DESC NULLS LAST,"submitted_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "quote_requests_new_waiting_idx" ON "quote_requests" USING btree ("submitted_at") WHERE status = 'new';--> statement-breakpoint
CREATE INDEX "quote_requests_customer_idx" ON "quote_requests" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "quote_requests_search_idx" ON "quote_requests" USING gin ((lower(name) || ' ' || lower(email) || ' ' || coalesce(phone, '') || ' ' || lower(message)) gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "sign_in_tokens" ADD CONSTRAINT "sign_in_tokens_purpose_check" CHECK ("sign_in_tokens"."purpose" in ('sign-in', 'invitation'));