import { z } from "zod";
import { dbIdSchema } from "./common";

export const createConsoleUserSchema = z
  .strictObject({
    email: z.string().trim().toLowerCase().pipe(z.email("email must be a valid email address")),
    password: z.string().min(10, "password must be at least 10 characters").max(200),
    role: z.enum(["admin", "dealer", "provider"], { error: "role must be admin, dealer or provider" }),
    dealerId: dbIdSchema.optional(),
    providerId: dbIdSchema.optional(),
  })
  .refine((u) => u.role !== "dealer" || u.dealerId, { message: "a dealer user needs --dealer ID", path: ["dealer"] })
  .refine((u) => u.role !== "provider" || u.providerId, {
    message: "a provider user needs --provider ID",
    path: ["provider"],
  })
  .refine((u) => u.role === "dealer" || !u.dealerId, {
    message: "--dealer only applies to role dealer",
    path: ["dealer"],
  })
  .refine((u) => u.role === "provider" || !u.providerId, {
    message: "--provider only applies to role provider",
    path: ["provider"],
  });
export type CreateConsoleUserInput = z.input<typeof createConsoleUserSchema>;

/** Admins (de)activate a console user and may set a new password; role and tenant are fixed at creation. */
export const updateConsoleUserSchema = z.strictObject({
  isActive: z.boolean({ error: "active must be true or false" }).optional(),
  password: z
    .string()
    .min(10, "password must be at least 10 characters")
    .max(200, "password must be at most 200 characters")
    .optional(),
});
export type UpdateConsoleUserInput = z.input<typeof updateConsoleUserSchema>;
