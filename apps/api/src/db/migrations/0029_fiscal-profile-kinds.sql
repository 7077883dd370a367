-- An account keeps two fiscal profiles: the person's own ('persona', every row so far) and the
-- institution of its last team purchase invoiced ('institucion'), so a hospital's RFC given at
-- a team checkout never replaces the buyer's own fiscal data.
CREATE TYPE "public"."fiscal_profile_kind" AS ENUM('persona', 'institucion');--> statement-breakpoint
ALTER TABLE "fiscal_profiles" ADD COLUMN "kind" "fiscal_profile_kind" DEFAULT 'persona' NOT NULL;--> statement-breakpoint
ALTER TABLE "fiscal_profiles" DROP CONSTRAINT "fiscal_profiles_pkey";--> statement-breakpoint
ALTER TABLE "fiscal_profiles" ADD CONSTRAINT "fiscal_profiles_user_id_kind_pk" PRIMARY KEY("user_id","kind");
