CREATE TABLE "crew_actions" (
	"key" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"visit_id" uuid,
	"action" text NOT NULL,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"name" text NOT NULL,
	"rrule" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"window_start" time,
	"window_end" time,
	"checklist" text[] DEFAULT '{}'::text[] NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"crew_user_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"generated_through" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_plans_window_check" CHECK (("service_plans"."window_start" is null) = ("service_plans"."window_end" is null) and ("service_plans"."window_start" is null or "service_plans"."window_start" < "service_plans"."window_end")),
	CONSTRAINT "service_plans_dates_check" CHECK ("service_plans"."end_date" is null or "service_plans"."end_date" >= "service_plans"."start_date")
);
--> statement-breakpoint
CREATE TABLE "site_issues" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"visit_id" uuid NOT NULL,
	"issue_type" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"reported_by" uuid,
	"reported_at" timestamp with time zone DEFAULT now() NOT NULL,
	"idempotency_key" text,
	CONSTRAINT "site_issues_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "visit_checklist_items" (
	"visit_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"label" text NOT NULL,
	"done_at" timestamp with time zone,
	"done_by" uuid,
	CONSTRAINT "visit_checklist_items_visit_id_position_pk" PRIMARY KEY("visit_id","position")
);
--> statement-breakpoint
CREATE TABLE "visit_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"visit_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"plan_id" uuid,
	"occurrence_date" date,
	"scheduled_date" date NOT NULL,
	"window_start" time,
	"window_end" time,
	"instructions" text DEFAULT '' NOT NULL,
	"crew_user_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"skip_reason" text,
	"skip_note" text,
	"customized" boolean DEFAULT false NOT NULL,
	"checked_in_at" timestamp with time zone,
	"checked_in_by" uuid,
	"check_in_latitude" double precision,
	"check_in_longitude" double precision,
	"check_in_accuracy_meters" double precision,
	"check_in_distance_meters" double precision,
	"check_in_location_status" text,
	"checked_out_at" timestamp with time zone,
	"checked_out_by" uuid,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visits_status_check" CHECK ("visits"."status" in ('scheduled', 'in_progress', 'completed', 'skipped', 'missed')),
	CONSTRAINT "visits_skip_check" CHECK (("visits"."status" = 'skipped') = ("visits"."skip_reason" is not null)),
	CONSTRAINT "visits_window_check" CHECK (("visits"."window_start" is null) = ("visits"."window_end" is null))
);
--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "visit_id" uuid;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "site_issue_id" uuid;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "uploaded_by" uuid;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "location_source" text;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "proposed_latitude" double precision;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "proposed_longitude" double precision;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "proposed_by_visit_id" uuid;--> statement-breakpoint
ALTER TABLE "crew_actions" ADD CONSTRAINT "crew_actions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crew_actions" ADD CONSTRAINT "crew_actions_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_plans" ADD CONSTRAINT "service_plans_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_issues" ADD CONSTRAINT "site_issues_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_issues" ADD CONSTRAINT "site_issues_reported_by_users_id_fk" FOREIGN KEY ("reported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_checklist_items" ADD CONSTRAINT "visit_checklist_items_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_checklist_items" ADD CONSTRAINT "visit_checklist_items_done_by_users_id_fk" FOREIGN KEY ("done_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_events" ADD CONSTRAINT "visit_events_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_events" ADD CONSTRAINT "visit_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_plan_id_service_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."service_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_checked_in_by_users_id_fk" FOREIGN KEY ("checked_in_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_checked_out_by_users_id_fk" FOREIGN KEY ("checked_out_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_plans_property_idx" ON "service_plans" USING btree ("property_id");--> statement-breakpoint
CREATE INDEX "site_issues_visit_idx" ON "site_issues" USING btree ("visit_id");--> statement-breakpoint
CREATE INDEX "visit_events_visit_idx" ON "visit_events" USING btree ("visit_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "visits_plan_occurrence_idx" ON "visits" USING btree ("plan_id","occurrence_date");--> statement-breakpoint
CREATE INDEX "visits_date_idx" ON "visits" USING btree ("scheduled_date");--> statement-breakpoint
CREATE INDEX "visits_property_date_idx" ON "visits" USING btree ("property_id","scheduled_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "visits_crew_idx" ON "visits" USING gin ("crew_user_ids");--> statement-breakpoint
CREATE INDEX "visits_open_idx" ON "visits" USING btree ("scheduled_date") WHERE status in ('scheduled', 'in_progress');--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_site_issue_id_site_issues_id_fk" FOREIGN KEY ("site_issue_id") REFERENCES "public"."site_issues"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "photos_visit_idx" ON "photos" USING btree ("visit_id");--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_idempotency_key_unique" UNIQUE("idempotency_key");--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_latitude_check" CHECK ("properties"."latitude" between -90 and 90);--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_longitude_check" CHECK ("properties"."longitude" between -180 and 180);--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_location_pair_check" CHECK (("properties"."latitude" is null) = ("properties"."longitude" is null));