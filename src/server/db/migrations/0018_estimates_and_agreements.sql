CREATE SEQUENCE "public"."estimate_numbers" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1001 CACHE 1;--> statement-breakpoint
CREATE TABLE "agreement_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agreement_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"estimate_line_id" uuid,
	"plan_id" uuid,
	"service_id" uuid,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"unit" text NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"tax_class" text NOT NULL,
	"tax_rate_bp" integer NOT NULL,
	"rrule" text,
	CONSTRAINT "agreement_lines_price_check" CHECK ("agreement_lines"."unit_price_cents" between 0 and 100000000)
);
--> statement-breakpoint
CREATE TABLE "billing_settings" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"month_to_month_discount_bp" integer DEFAULT 0 NOT NULL,
	"six_month_discount_bp" integer DEFAULT 500 NOT NULL,
	"twelve_month_discount_bp" integer DEFAULT 1000 NOT NULL,
	"state_tax_bp" integer DEFAULT 500 NOT NULL,
	"milwaukee_county_tax_bp" integer DEFAULT 90 NOT NULL,
	"milwaukee_city_tax_bp" integer DEFAULT 200 NOT NULL,
	"waukesha_county_tax_bp" integer DEFAULT 50 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "billing_settings_one_row_check" CHECK ("billing_settings"."id"),
	CONSTRAINT "billing_settings_bp_check" CHECK (least("billing_settings"."month_to_month_discount_bp", "billing_settings"."six_month_discount_bp", "billing_settings"."twelve_month_discount_bp", "billing_settings"."state_tax_bp", "billing_settings"."milwaukee_county_tax_bp", "billing_settings"."milwaukee_city_tax_bp", "billing_settings"."waukesha_county_tax_bp") >= 0 and greatest("billing_settings"."month_to_month_discount_bp", "billing_settings"."six_month_discount_bp", "billing_settings"."twelve_month_discount_bp", "billing_settings"."state_tax_bp", "billing_settings"."milwaukee_county_tax_bp", "billing_settings"."milwaukee_city_tax_bp", "billing_settings"."waukesha_county_tax_bp") <= 10000)
);
--> statement-breakpoint
CREATE TABLE "estimate_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"estimate_property_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"service_id" uuid,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"unit" text NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"tax_class" text NOT NULL,
	"rrule" text,
	"optional" boolean DEFAULT false NOT NULL,
	"checklist" text[] DEFAULT '{}'::text[] NOT NULL,
	CONSTRAINT "estimate_lines_price_check" CHECK ("estimate_lines"."unit_price_cents" between 0 and 100000000),
	CONSTRAINT "estimate_lines_unit_check" CHECK ("estimate_lines"."unit" in ('visit', 'month', 'hour', 'once')),
	CONSTRAINT "estimate_lines_tax_class_check" CHECK ("estimate_lines"."tax_class" in ('exempt', 'taxable'))
);
--> statement-breakpoint
CREATE TABLE "estimate_properties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"estimate_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"property_id" uuid,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"zip_code" text NOT NULL,
	"property_type" text NOT NULL,
	"parking_spaces" integer,
	"square_feet" integer,
	"tax_jurisdiction" text NOT NULL,
	"tax_rate_bp" integer NOT NULL,
	"crew_user_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	CONSTRAINT "estimate_properties_size_check" CHECK (coalesce("estimate_properties"."parking_spaces", 0) >= 0 and coalesce("estimate_properties"."square_feet", 0) >= 0),
	CONSTRAINT "estimate_properties_tax_check" CHECK ("estimate_properties"."tax_rate_bp" between 0 and 10000),
	CONSTRAINT "estimate_properties_jurisdiction_check" CHECK ("estimate_properties"."tax_jurisdiction" in ('milwaukee-city', 'milwaukee-county', 'waukesha-county', 'wisconsin'))
);
--> statement-breakpoint
CREATE TABLE "estimates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"superseded_by_id" uuid,
	"quote_request_id" uuid,
	"customer_id" uuid,
	"company_name" text NOT NULL,
	"contact_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"request_message" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"terms_offered" text[] NOT NULL,
	"term_discounts" jsonb NOT NULL,
	"proposed_start_date" date NOT NULL,
	"valid_until" date NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"token_hash" text,
	"sent_at" timestamp with time zone,
	"first_viewed_at" timestamp with time zone,
	"responded_at" timestamp with time zone,
	"response_message" text,
	"accepted_name" text,
	"accepted_title" text,
	"accepted_ip" text,
	"accepted_user_agent" text,
	"accepted_choices" jsonb,
	"accepted_hash" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "estimates_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "estimates_status_check" CHECK ("estimates"."status" in ('draft', 'sent', 'viewed', 'changes_requested', 'accepted', 'declined', 'superseded')),
	CONSTRAINT "estimates_terms_check" CHECK (cardinality("estimates"."terms_offered") between 1 and 3),
	CONSTRAINT "estimates_dates_check" CHECK ("estimates"."valid_until" >= "estimates"."proposed_start_date" - 366),
	CONSTRAINT "estimates_acceptance_check" CHECK (("estimates"."status" = 'accepted') = ("estimates"."accepted_hash" is not null and "estimates"."accepted_choices" is not null and "estimates"."accepted_name" is not null))
);
--> statement-breakpoint
CREATE TABLE "price_book_services" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"unit" text NOT NULL,
	"price_cents" integer NOT NULL,
	"tax_class" text NOT NULL,
	"checklist" text[] DEFAULT '{}'::text[] NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_book_services_unit_check" CHECK ("price_book_services"."unit" in ('visit', 'month', 'hour', 'once')),
	CONSTRAINT "price_book_services_tax_class_check" CHECK ("price_book_services"."tax_class" in ('exempt', 'taxable')),
	CONSTRAINT "price_book_services_price_check" CHECK ("price_book_services"."price_cents" between 0 and 100000000)
);
--> statement-breakpoint
CREATE TABLE "service_agreements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"estimate_id" uuid NOT NULL,
	"term" text NOT NULL,
	"discount_bp" integer NOT NULL,
	"start_date" date NOT NULL,
	"term_end_date" date,
	"status" text DEFAULT 'active' NOT NULL,
	"notice_given_at" timestamp with time zone,
	"ends_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_agreements_estimate_id_unique" UNIQUE("estimate_id"),
	CONSTRAINT "service_agreements_status_check" CHECK ("service_agreements"."status" in ('active', 'ending', 'ended')),
	CONSTRAINT "service_agreements_discount_check" CHECK ("service_agreements"."discount_bp" between 0 and 10000),
	CONSTRAINT "service_agreements_ending_check" CHECK (("service_agreements"."status" = 'active') = ("service_agreements"."ends_on" is null))
);
--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "tax_jurisdiction" text DEFAULT 'wisconsin' NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "po_number" text;--> statement-breakpoint
ALTER TABLE "agreement_lines" ADD CONSTRAINT "agreement_lines_agreement_id_service_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."service_agreements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_lines" ADD CONSTRAINT "agreement_lines_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_lines" ADD CONSTRAINT "agreement_lines_estimate_line_id_estimate_lines_id_fk" FOREIGN KEY ("estimate_line_id") REFERENCES "public"."estimate_lines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_lines" ADD CONSTRAINT "agreement_lines_plan_id_service_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."service_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_lines" ADD CONSTRAINT "agreement_lines_service_id_price_book_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."price_book_services"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_settings" ADD CONSTRAINT "billing_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_lines" ADD CONSTRAINT "estimate_lines_estimate_property_id_estimate_properties_id_fk" FOREIGN KEY ("estimate_property_id") REFERENCES "public"."estimate_properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_lines" ADD CONSTRAINT "estimate_lines_service_id_price_book_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."price_book_services"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_properties" ADD CONSTRAINT "estimate_properties_estimate_id_estimates_id_fk" FOREIGN KEY ("estimate_id") REFERENCES "public"."estimates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_properties" ADD CONSTRAINT "estimate_properties_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_superseded_by_id_estimates_id_fk" FOREIGN KEY ("superseded_by_id") REFERENCES "public"."estimates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_quote_request_id_quote_requests_id_fk" FOREIGN KEY ("quote_request_id") REFERENCES "public"."quote_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_agreements" ADD CONSTRAINT "service_agreements_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_agreements" ADD CONSTRAINT "service_agreements_estimate_id_estimates_id_fk" FOREIGN KEY ("estimate_id") REFERENCES "public"."estimates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agreement_lines_agreement_idx" ON "agreement_lines" USING btree ("agreement_id");--> statement-breakpoint
CREATE INDEX "agreement_lines_property_idx" ON "agreement_lines" USING btree ("property_id");--> statement-breakpoint
CREATE UNIQUE INDEX "estimate_lines_position_idx" ON "estimate_lines" USING btree ("estimate_property_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "estimate_properties_position_idx" ON "estimate_properties" USING btree ("estimate_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "estimates_number_version_idx" ON "estimates" USING btree ("number","version");--> statement-breakpoint
CREATE INDEX "estimates_quote_request_idx" ON "estimates" USING btree ("quote_request_id");--> statement-breakpoint
CREATE INDEX "estimates_customer_idx" ON "estimates" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "estimates_list_idx" ON "estimates" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "price_book_services_name_idx" ON "price_book_services" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "service_agreements_customer_idx" ON "service_agreements" USING btree ("customer_id");--> statement-breakpoint
-- The billing settings' one row, with the defaults (docs/operations.md).
INSERT INTO "billing_settings" ("id") VALUES (true) ON CONFLICT DO NOTHING;--> statement-breakpoint
-- The price book starts with the company's services: the four on the site, the dumpster areas, the
-- initial cleanup and the emergency callout. Wisconsin taxes landscaping, not cleaning (Wis. Stat. 77.52(2)(a)10 and 20).
INSERT INTO "price_book_services" ("name", "description", "unit", "price_cents", "tax_class", "checklist", "position") VALUES
  ('Parking Lot Cleaning', 'Litter and debris picked up across the lot, curbs, islands and light-pole bases; cart corrals cleared.', 'visit', 8500, 'exempt', ARRAY['Walk the whole lot and pick up litter', 'Clear curb lines, islands and light-pole bases', 'Clear cart corrals and drive lanes'], 1),
  ('Sidewalks & Building Entrances', 'Walks, entrances and smoking areas swept and picked up; cigarette butts cleared from receptacles.', 'visit', 4500, 'exempt', ARRAY['Sweep entrances and walks', 'Pick up litter along the building', 'Empty and wipe ash urns'], 2),
  ('Trash Receptacle Maintenance', 'Outdoor trash cans emptied, bags replaced and lids wiped.', 'visit', 3500, 'exempt', ARRAY['Empty every outdoor receptacle', 'Replace liners', 'Wipe lids and openings'], 3),
  ('Landscaped Area Cleanup', 'Litter and windblown debris removed from beds, lawns and landscaped islands.', 'visit', 6000, 'taxable', ARRAY['Pick litter out of beds and lawn edges', 'Clear debris from landscaped islands'], 4),
  ('Dumpster & Waste Areas', 'Overflow and loose trash around dumpsters and enclosures picked up; enclosure swept.', 'visit', 4000, 'exempt', ARRAY['Pick up loose trash around the dumpsters', 'Sweep the enclosure', 'Report overflowing or damaged containers'], 5),
  ('Initial Cleanup', 'A one-time deep cleanup before regular service starts: built-up litter, leaves and debris across the whole site.', 'once', 35000, 'exempt', ARRAY['Remove built-up litter across the site', 'Clear leaves and debris from corners and fence lines', 'Photograph the site before and after'], 6),
  ('Emergency Callout', 'A crew on site for an urgent cleanup (after an event, a storm or illegal dumping), billed by the hour.', 'hour', 9500, 'exempt', ARRAY['Photograph the site on arrival', 'Clear the hazard first', 'Photograph the site when done'], 7);--> statement-breakpoint
-- Existing properties: their tax jurisdiction from their city (src/shared/tax-jurisdictions.ts guessTaxJurisdiction).
UPDATE "properties" SET "tax_jurisdiction" = CASE
  WHEN lower(btrim("city")) = 'milwaukee' THEN 'milwaukee-city'
  WHEN lower(btrim("city")) IN ('wauwatosa', 'west allis', 'greenfield', 'oak creek', 'franklin', 'cudahy', 'south milwaukee', 'glendale', 'shorewood', 'whitefish bay', 'brown deer', 'greendale', 'hales corners', 'st. francis', 'st francis', 'saint francis', 'fox point', 'river hills', 'bayside', 'west milwaukee') THEN 'milwaukee-county'
  WHEN lower(btrim("city")) IN ('waukesha', 'brookfield', 'new berlin', 'menomonee falls', 'pewaukee', 'oconomowoc', 'muskego', 'delafield', 'hartland', 'sussex', 'mukwonago', 'elm grove', 'lannon', 'butler', 'big bend', 'dousman', 'north prairie', 'wales', 'chenequa', 'lac la belle', 'merton', 'nashotah', 'oconomowoc lake', 'summit', 'vernon', 'genesee', 'eagle', 'ottawa', 'lisbon') THEN 'waukesha-county'
  ELSE 'wisconsin' END;
