-- CreateTable
CREATE TABLE "work_leases" (
    "name" TEXT NOT NULL,
    "holder" TEXT,
    "token" UUID,
    "leased_until" TIMESTAMPTZ(3),
    "due_at" TIMESTAMPTZ(3) NOT NULL,
    "started_at" TIMESTAMPTZ(3),
    "finished_at" TIMESTAMPTZ(3),
    "runs" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "work_leases_pkey" PRIMARY KEY ("name")
);
