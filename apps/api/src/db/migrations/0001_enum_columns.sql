CREATE TYPE "public"."product_category" AS ENUM('Conferencias', 'Paneles', 'Estudios de caso');--> statement-breakpoint
CREATE TYPE "public"."discount_type" AS ENUM('percent', 'fixed');--> statement-breakpoint
CREATE TYPE "public"."product_level" AS ENUM('Basico', 'Intermedio', 'Avanzado');--> statement-breakpoint
CREATE TYPE "public"."order_status" AS ENUM('pendiente', 'pagado', 'cancelado', 'reembolsado');--> statement-breakpoint
CREATE TYPE "public"."outbox_status" AS ENUM('pending', 'sent', 'failed');--> statement-breakpoint
CREATE TYPE "public"."payment_method" AS ENUM('paypal', 'free', 'stripe', 'cod');--> statement-breakpoint
CREATE TYPE "public"."user_role" AS ENUM('customer', 'admin');--> statement-breakpoint
CREATE TYPE "public"."user_type" AS ENUM('general', 'especialista', 'residente', 'enfermeria', 'estudiante', 'personal_hospital');--> statement-breakpoint
ALTER TABLE "coupons" ALTER COLUMN "discount_type" SET DATA TYPE "public"."discount_type" USING "discount_type"::"public"."discount_type";--> statement-breakpoint
ALTER TABLE "coupons" ALTER COLUMN "user_types" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "coupons" ALTER COLUMN "user_types" SET DATA TYPE "public"."user_type"[] USING "user_types"::"public"."user_type"[];--> statement-breakpoint
ALTER TABLE "coupons" ALTER COLUMN "user_types" SET DEFAULT '{}'::"public"."user_type"[];--> statement-breakpoint
ALTER TABLE "email_outbox" ALTER COLUMN "status" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "email_outbox" ALTER COLUMN "status" SET DATA TYPE "public"."outbox_status" USING "status"::"public"."outbox_status";--> statement-breakpoint
ALTER TABLE "email_outbox" ALTER COLUMN "status" SET DEFAULT 'pending'::"public"."outbox_status";--> statement-breakpoint
ALTER TABLE "order_days" ALTER COLUMN "status" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "order_days" ALTER COLUMN "status" SET DATA TYPE "public"."order_status" USING "status"::"public"."order_status";--> statement-breakpoint
ALTER TABLE "order_days" ALTER COLUMN "status" SET DEFAULT 'pendiente'::"public"."order_status";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "status" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "status" SET DATA TYPE "public"."order_status" USING "status"::"public"."order_status";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "status" SET DEFAULT 'pendiente'::"public"."order_status";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "payment_method" SET DATA TYPE "public"."payment_method" USING "payment_method"::"public"."payment_method";--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "category" SET DATA TYPE "public"."product_category" USING "category"::"public"."product_category";--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "sub_category" SET DATA TYPE "public"."product_level" USING "sub_category"::"public"."product_level";--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "user_type" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "user_type" SET DATA TYPE "public"."user_type" USING "user_type"::"public"."user_type";--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "user_type" SET DEFAULT 'general'::"public"."user_type";--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "role" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "role" SET DATA TYPE "public"."user_role" USING "role"::"public"."user_role";--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "role" SET DEFAULT 'customer'::"public"."user_role";
