(* Juniper Green, solved for every n: the main theorem. Open this file first.

   The game is defined in Rules.v (read it: it is the statement to trust).
   [second_player_set] is the set of n for which the second player wins. *)
From Coq Require Import NArith List Lia.
Import ListNotations.
From JG Require Import Rules Pairing Checker Certified Tail.
From JG.data Require Import Data1 DataAll.
Open Scope N_scope.

Definition second_player_set : list N :=
  [1; 2; 4; 5; 6; 7; 9; 10; 11; 15; 18; 19; 21; 22; 23; 25; 26; 28; 29; 32; 35; 42; 43;
   45; 46; 47; 51; 54; 56; 72; 73; 74; 76; 78; 79; 81; 82; 83; 85; 86; 92; 110; 117; 118].

(* The theorem, in the form "exactly one of the two players wins". *)
Definition solved (n : N) : Prop :=
  (second_player_wins n <-> In n second_player_set) /\
  (first_player_wins n <-> ~ In n second_player_set).

Lemma certificates_agree : forallb (agrees second_player_set) certificates = true.
Proof. vm_compute. reflexivity. Qed.

Lemma certificates_chain : chain certificates 1 = Some 1000000000001.
Proof. vm_compute. reflexivity. Qed.

Lemma below_N0_agree : forallb (agrees second_player_set) part_1 = true.
Proof. vm_compute. reflexivity. Qed.

Lemma solved_of n :
  (second_player_wins n /\ In n second_player_set) \/
  (first_player_wins n /\ ~ In n second_player_set) -> solved n.
Proof.
  intros [[Hw Hi]|[Hw Hi]]; unfold solved.
  - split; split; try tauto. intro H. exfalso. exact (not_both_win n (conj H Hw)).
  - split; split; try tauto. intro H. exfalso. exact (not_both_win n (conj Hw H)).
Qed.

(* Every n up to 10^12 (past N0 of Tail.v), from all the certificates alone: its own
   theorem, beside the main one, which needs them only below N0. *)
Theorem juniper_green_certified (n : N) : 1 <= n <= 1000000000000 -> solved n.
Proof.
  intros Hn. apply solved_of.
  apply (certified_outcome second_player_set 1000000000001 certificates_agree certificates_chain).
  lia.
Qed.

(* The main theorem: every n >= 1. Below N0 = 393216 by the certificates that start
   there (Data1.v), from N0 on by Tail.v (Chebyshev's argument, Chebyshev.v); no
   hypothesis. The certificates past N0 (to 10^12) are [juniper_green_certified]'s. *)
Theorem juniper_green (n : N) : 1 <= n -> solved n.
Proof.
  intros Hn. apply solved_of. destruct (N.lt_ge_cases n N0) as [Hs|Hl].
  - apply (below_N0_outcome second_player_set below_N0_agree). lia.
  - right. split.
    + apply tail_first_player_wins. exact Hl.
    + intro H. repeat (destruct H as [<-|H]; [unfold N0 in Hl; lia|]). destruct H.
Qed.
