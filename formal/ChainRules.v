(* The longest chains of 1..n (OEIS A337125): the statement to trust, on its own.

   A chain of 1..n is a list of distinct numbers of 1..n in which every number and the
   next one are related: one of them divides the other. [longest_chain n L] says that
   some chain of 1..n has L numbers and that no chain of 1..n has more.
   Numbers are [N] (binary natural numbers: 0, 1, 2, ...). *)
From Coq Require Import NArith List.
Open Scope N_scope.

(* Every number of the list and the one after it: one divides the other. *)
Fixpoint linked (c : list N) : Prop :=
  match c with
  | a :: ((b :: _) as rest) => ((a | b) \/ (b | a)) /\ linked rest
  | _ => True
  end.

Definition chain (n : N) (c : list N) : Prop :=
  NoDup c /\ (forall x, In x c -> 1 <= x <= n) /\ linked c.

Definition longest_chain (n L : N) : Prop :=
  (exists c, chain n c /\ N.of_nat (length c) = L) /\
  (forall c, chain n c -> N.of_nat (length c) <= L).
