(* The one hypothesis of the formal proof: an explicit prime-gap theorem.

   P. Dusart, "Explicit estimates of some functions over primes",
   The Ramanujan Journal 45 (2018), 227-251, Proposition 5.4:
   for every real x >= 89693 there is a prime p with x < p <= x (1 + 1 / ln^3 x).
   (ln^3 x is (ln x)^3; ln is the natural logarithm; the primes are Coq's
   [Znumtheory.prime].) It is stated here exactly as published and is not
   proved in Coq: [Print Assumptions] shows it by this name. *)
From Coq Require Import Reals ZArith Znumtheory.
Open Scope R_scope.

Axiom dusart_2018_prop_5_4 : forall x : R, 89693 <= x ->
  exists p : Z, prime p /\ x < IZR p <= x * (1 + 1 / (ln x) ^ 3).
