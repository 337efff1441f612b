(* The longest chains of 1..n for n = 1..200 (OEIS A337125 over the range of the OEIS's own
   b-file), from the first data file alone: `make -C formal chains-200`, which CI runs. The
   whole range, n <= 1000, is Chains.v's (`make -C formal chains`). *)
From Coq Require Import NArith List Bool.
From JG Require Import ChainRules ChainCheck ChainSound.
From JG.data.chains Require Import Chains1 Terms.
Open Scope N_scope.

Lemma first_covered : forallb (covered_by chains_1 a337125_terms) (upto 1 200) = true.
Proof. vm_compute. reflexivity. Qed.

Theorem a337125_200 : forall n, 1 <= n <= 200 ->
  longest_chain n (nth (N.to_nat n) a337125_terms 0).
Proof.
  intros n Hn. apply (covered_sound chains_1); [exact chains_1_ok|].
  exact (proj1 (forallb_forall _ _) first_covered n (proj2 (in_upto n 1 200) Hn)).
Qed.
