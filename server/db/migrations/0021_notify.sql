ALTER TABLE "notification_outbox" ADD COLUMN "sms_fallback_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD COLUMN "unacked_since" timestamp with time zone;