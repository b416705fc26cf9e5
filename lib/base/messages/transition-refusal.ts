/** A lifecycle refusal as the lifecycle table words it: stored with notes (notApplied) and carried by DomainError. */
export type TransitionRefusal = {
  trackingCode: string;
  from: string;
  to: string;
  /** Who asked, as the lifecycle table names actors. */
  actor: string;
  /** Who the table lets make this move instead (empty: nobody, there is no such move). */
  allowed: string[];
  /**
   * Why, in one word: no such move, not this actor, a guard, the amount, the binding to a gateway, the
   * bank's payment as evidence, the bank's reference, a second admin (four eyes) still to confirm it, or an
   * admin whose account cannot be that second person (four-eyes eligibility).
   */
  why: "no_move" | "actor" | "guard" | "amount" | "binding" | "evidence" | "reference" | "four_eyes" | "second_person";
};
