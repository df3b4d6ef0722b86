-- When a customer's user was invited (or first signed in); report e-mails go only to them. Users already here count as invited.
ALTER TABLE "users" ADD COLUMN "invited_at" timestamp with time zone DEFAULT now();
