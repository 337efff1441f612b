(* The longest chains of 1..n for every n of 1..1000 (OEIS A337125), proved from ChainRules.v.

   Every certificate of certificates/chains/ (data/chains/, written by `jg formal-data`) is
   accepted by the checker of ChainCheck.v, which ChainSound.v proves sound, and each term of
   the b-file certificates/oeis/b337125.txt (data/chains/Terms.v) is the length that the
   certificate of its n proves. `make -C formal chains` builds it. *)
From Coq Require Import NArith List Bool.
From JG Require Import ChainRules ChainCheck ChainSound.
From JG.data.chains Require Import ChainsAll Terms.
Open Scope N_scope.

Lemma all_covered : forallb (covered_by chain_certificates a337125_terms) (upto 1 1000) = true.
Proof. vm_compute. reflexivity. Qed.

Theorem a337125 : forall n, 1 <= n <= 1000 ->
  longest_chain n (nth (N.to_nat n) a337125_terms 0).
Proof.
  intros n Hn. apply (covered_sound chain_certificates); [exact chain_certificates_ok|].
  exact (proj1 (forallb_forall _ _) all_covered n (proj2 (in_upto n 1 1000) Hn)).
Qed.
