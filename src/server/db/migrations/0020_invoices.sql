CREATE TABLE "billing_runs" (
	"period_start" date PRIMARY KEY NOT NULL,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created" integer NOT NULL,
	"updated" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"number" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"tax_cents" integer DEFAULT 0 NOT NULL,
	"reason" text NOT NULL,
	"issued_on" date NOT NULL,
	"created_by" uuid,
	"sent_at" timestamp with time zone,
	"exported_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_notes_number_unique" UNIQUE("number"),
	CONSTRAINT "credit_notes_amount_check" CHECK ("credit_notes"."amount_cents" > 0 and "credit_notes"."tax_cents" between 0 and "credit_notes"."amount_cents")
);
--> statement-breakpoint
CREATE TABLE "customer_billing_contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"email" text NOT NULL,
	"name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_numbers" (
	"series" text NOT NULL,
	"year" integer NOT NULL,
	"last" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "document_numbers_series_year_pk" PRIMARY KEY("series","year"),
	CONSTRAINT "document_numbers_series_check" CHECK ("document_numbers"."series" in ('invoice', 'credit_note'))
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"service_date" date NOT NULL,
	"visit_id" uuid,
	"agreement_line_id" uuid,
	"quantity_milli" integer DEFAULT 1000 NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"tax_class" text NOT NULL,
	"tax_rate_bp" integer NOT NULL,
	"tax_cents" integer DEFAULT 0 NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"note" text,
	"added_by" uuid,
	"removed_at" timestamp with time zone,
	"removed_by" uuid,
	"removal_reason" text,
	"voided" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_lines_kind_check" CHECK ("invoice_lines"."kind" in ('visit', 'month', 'one_time', 'hours', 'credit', 'adjustment')),
	CONSTRAINT "invoice_lines_quantity_check" CHECK ("invoice_lines"."quantity_milli" between 0 and 100000000),
	CONSTRAINT "invoice_lines_tax_check" CHECK ("invoice_lines"."tax_rate_bp" between 0 and 10000),
	CONSTRAINT "invoice_lines_removed_check" CHECK (("invoice_lines"."removed_at" is null) = ("invoice_lines"."removal_reason" is null))
);
--> statement-breakpoint
CREATE TABLE "invoice_reminders" (
	"invoice_id" uuid NOT NULL,
	"offset_days" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_reminders_invoice_id_offset_days_pk" PRIMARY KEY("invoice_id","offset_days")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"property_id" uuid,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"number" text,
	"payment_terms" text NOT NULL,
	"issued_on" date,
	"due_on" date,
	"subtotal_cents" integer DEFAULT 0 NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"tax_cents" integer DEFAULT 0 NOT NULL,
	"total_cents" integer DEFAULT 0 NOT NULL,
	"approved_by" uuid,
	"sent_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"voided_by" uuid,
	"void_reason" text,
	"exported_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_number_unique" UNIQUE("number"),
	CONSTRAINT "invoices_status_check" CHECK ("invoices"."status" in ('draft', 'sent', 'void')),
	CONSTRAINT "invoices_terms_check" CHECK ("invoices"."payment_terms" in ('due_on_receipt', 'net_15', 'net_30', 'net_45', 'net_60')),
	CONSTRAINT "invoices_number_check" CHECK (("invoices"."status" = 'draft') = ("invoices"."number" is null)),
	CONSTRAINT "invoices_void_check" CHECK (("invoices"."status" = 'void') = ("invoices"."void_reason" is not null)),
	CONSTRAINT "invoices_period_check" CHECK ("invoices"."period_end" >= "invoices"."period_start"),
	CONSTRAINT "invoices_total_check" CHECK ("invoices"."total_cents" = "invoices"."subtotal_cents" - "invoices"."discount_cents" + "invoices"."tax_cents")
);
--> statement-breakpoint
CREATE TABLE "late_fees" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"applied_on" date NOT NULL,
	"waived_at" timestamp with time zone,
	"waived_by" uuid,
	"exported_at" timestamp with time zone,
	CONSTRAINT "late_fees_invoice_id_unique" UNIQUE("invoice_id"),
	CONSTRAINT "late_fees_amount_check" CHECK ("late_fees"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_allocations" (
	"payment_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	CONSTRAINT "payment_allocations_payment_id_invoice_id_pk" PRIMARY KEY("payment_id","invoice_id"),
	CONSTRAINT "payment_allocations_amount_check" CHECK ("payment_allocations"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"method" text NOT NULL,
	"reference" text,
	"received_on" date NOT NULL,
	"amount_cents" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" uuid,
	"exported_at" timestamp with time zone,
	"idempotency_key" text,
	CONSTRAINT "payments_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "payments_method_check" CHECK ("payments"."method" in ('check', 'ach', 'card', 'cash')),
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount_cents" > 0 and "payments"."amount_cents" <= 100000000)
);
--> statement-breakpoint
ALTER TABLE "billing_settings" ADD COLUMN "credit_company_skips" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_settings" ADD COLUMN "ach_instructions" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_settings" ADD COLUMN "reminder_days_before" integer DEFAULT 3;--> statement-breakpoint
ALTER TABLE "billing_settings" ADD COLUMN "reminder_days_after" integer[] DEFAULT '{7,14,30}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_settings" ADD COLUMN "late_fee_kind" text DEFAULT 'off' NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_settings" ADD COLUMN "late_fee_flat_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_settings" ADD COLUMN "late_fee_percent_bp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_settings" ADD COLUMN "late_fee_grace_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_settings" ADD COLUMN "extra_cleanup_service_id" uuid;--> statement-breakpoint
ALTER TABLE "billing_settings" ADD COLUMN "callout_service_id" uuid;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "payment_terms" text DEFAULT 'net_30' NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "invoice_per_property" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "billing_address" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "reminders_paused" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_billing_contacts" ADD CONSTRAINT "customer_billing_contacts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_agreement_line_id_agreement_lines_id_fk" FOREIGN KEY ("agreement_line_id") REFERENCES "public"."agreement_lines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_removed_by_users_id_fk" FOREIGN KEY ("removed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_reminders" ADD CONSTRAINT "invoice_reminders_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_voided_by_users_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "late_fees" ADD CONSTRAINT "late_fees_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "late_fees" ADD CONSTRAINT "late_fees_waived_by_users_id_fk" FOREIGN KEY ("waived_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_notes_invoice_idx" ON "credit_notes" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_billing_contacts_email_idx" ON "customer_billing_contacts" USING btree ("customer_id","email");--> statement-breakpoint
CREATE INDEX "invoice_lines_invoice_idx" ON "invoice_lines" USING btree ("invoice_id","property_id","service_date");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_lines_visit_once_idx" ON "invoice_lines" USING btree ("visit_id","kind") WHERE "invoice_lines"."visit_id" is not null and not "invoice_lines"."voided";--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_lines_month_once_idx" ON "invoice_lines" USING btree ("agreement_line_id","service_date") WHERE "invoice_lines"."kind" = 'month' and not "invoice_lines"."voided";--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_lines_one_time_once_idx" ON "invoice_lines" USING btree ("agreement_line_id") WHERE "invoice_lines"."kind" = 'one_time' and not "invoice_lines"."voided";--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_one_per_period_idx" ON "invoices" USING btree ("customer_id",coalesce("property_id", '00000000-0000-0000-0000-000000000000'::uuid),"period_start") WHERE "invoices"."status" <> 'void';--> statement-breakpoint
CREATE INDEX "invoices_customer_idx" ON "invoices" USING btree ("customer_id","period_start" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "invoices_open_idx" ON "invoices" USING btree ("due_on") WHERE "invoices"."status" = 'sent';--> statement-breakpoint
CREATE INDEX "payment_allocations_invoice_idx" ON "payment_allocations" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "payments_customer_idx" ON "payments" USING btree ("customer_id","received_on" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "billing_settings" ADD CONSTRAINT "billing_settings_extra_cleanup_service_id_price_book_services_id_fk" FOREIGN KEY ("extra_cleanup_service_id") REFERENCES "public"."price_book_services"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_settings" ADD CONSTRAINT "billing_settings_callout_service_id_price_book_services_id_fk" FOREIGN KEY ("callout_service_id") REFERENCES "public"."price_book_services"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_settings" ADD CONSTRAINT "billing_settings_late_fee_check" CHECK ("billing_settings"."late_fee_kind" in ('off', 'flat', 'percent') and "billing_settings"."late_fee_flat_cents" between 0 and 100000000 and "billing_settings"."late_fee_percent_bp" between 0 and 10000 and "billing_settings"."late_fee_grace_days" between 0 and 365);--> statement-breakpoint
ALTER TABLE "billing_settings" ADD CONSTRAINT "billing_settings_reminder_check" CHECK ("billing_settings"."reminder_days_before" is null or "billing_settings"."reminder_days_before" between 1 and 60);--> statement-breakpoint
-- The price book's own services bill extra cleanups and callouts until the owner chooses others.
UPDATE "billing_settings" SET
  "extra_cleanup_service_id" = (SELECT "id" FROM "price_book_services" WHERE lower("name") = 'parking lot cleaning'),
  "callout_service_id" = (SELECT "id" FROM "price_book_services" WHERE lower("name") = 'emergency callout');
