import { afterAll, inject } from "vitest";
import { disconnectPrisma } from "@/lib/base/db/prisma";

// Domain helpers in the tests (fixtures) talk to the same database, with the same encryption key.
Object.assign(process.env, inject("stackEnv"));

afterAll(async () => {
  await disconnectPrisma();
});
