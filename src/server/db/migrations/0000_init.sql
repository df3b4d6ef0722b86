CREATE TABLE "contact_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"service" text NOT NULL,
	"property_size" text,
	"urgency" text,
	"message" text NOT NULL,
	"consent" boolean NOT NULL,
	"consent_text" text NOT NULL,
	"consented_at" timestamp with time zone NOT NULL,
	"client_ip" text,
	"user_agent" text,
	"is_spam" boolean DEFAULT false NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "contact_requests_submitted_at_idx" ON "contact_requests" USING btree ("submitted_at" DESC NULLS LAST,"id" DESC NULLS LAST);