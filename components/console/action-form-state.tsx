"use client";

import { createContext, use } from "react";
import type { ActionState } from "@/lib/edge/auth/action-user";

/** The outcome of the form a field sits in, for fields that show their own refusal (ActionForm provides it). */
const FormState = createContext<ActionState>({});

export const ActionFormState = FormState.Provider;

/** This field's refusal in the last outcome of its form, or null. */
export function useFieldError(key: string): string | null {
  return use(FormState).fields?.[key] ?? null;
}
