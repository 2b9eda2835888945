CREATE TABLE "security_device_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	"action" text NOT NULL,
	"outcome" text NOT NULL,
	"detail" text
);
--> statement-breakpoint
CREATE TABLE "security_push_agents" (
	"subscription_id" integer PRIMARY KEY NOT NULL,
	"browser" text NOT NULL,
	"system" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "security_seen_browsers" (
	"user_id" integer NOT NULL,
	"browser" text NOT NULL,
	"system" text NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "security_seen_browsers_user_id_browser_system_pk" PRIMARY KEY("user_id","browser","system")
);
--> statement-breakpoint
CREATE TABLE "security_sessions" (
	"grant_id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"browser" text NOT NULL,
	"system" text NOT NULL,
	"trusted_device_hash" text,
	"first_used_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trusted_devices" ADD COLUMN "last_used_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "security_device_events" ADD CONSTRAINT "security_device_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_push_agents" ADD CONSTRAINT "security_push_agents_subscription_id_push_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "push_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_seen_browsers" ADD CONSTRAINT "security_seen_browsers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_sessions" ADD CONSTRAINT "security_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "security_device_events_user_idx" ON "security_device_events" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "security_sessions_user_idx" ON "security_sessions" USING btree ("user_id","last_used_at");