(* Every n of 1..10^12 from the certificates (formal/data, checked by Checker.v, and
   by Interval.v from n = 1322069428 on): they follow one another with no gap, and
   each claims the winner the theorem states. No hypothesis: this part rests on the
   rules and Coq's logic only.

   The main theorem needs the certificates only below N0 (Tail.v proves every n >= N0):
   those of Data1.v, the ones whose first n is below N0 (`jg formal-data` puts them there),
   so that its proof uses no other data file (nor the prime certificates of Data5.v), and
   `make coqchk` re-checks the whole of it. *)
From Coq Require Import NArith List Bool Lia.
Import ListNotations.
From JG Require Import Rules Checker Interval Tail.
From JG.data Require Import Data1 DataAll.
Open Scope N_scope.

(* The next n after certificates that start at [from] and follow one another. *)
Fixpoint chain (l : list cert) (from : N) : option N :=
  match l with
  | [] => Some from
  | c :: t => if (c_lo c =? from) && (c_lo c <=? c_hi c) then chain t (c_hi c + 1) else None
  end.

Lemma chain_covers l : forall from e, chain l from = Some e ->
  forall m, from <= m < e -> exists c, In c l /\ c_lo c <= m <= c_hi c.
Proof.
  induction l as [|c t IH]; simpl; intros from e H m Hm.
  - injection H as <-. lia.
  - destruct ((c_lo c =? from) && (c_lo c <=? c_hi c)) eqn:E; [|discriminate].
    apply andb_true_iff in E as [E1 E2]. apply N.eqb_eq in E1. apply N.leb_le in E2.
    destruct (N.le_gt_cases m (c_hi c)).
    + exists c. split; [left; reflexivity|lia].
    + destruct (IH _ _ H m) as [c' [H1 H2]]; [lia|]. exists c'. split; [right; exact H1|exact H2].
Qed.

(* A certificate claims what the set [S] says: a second-player win for one n of
   [S], or first-player wins for an interval that meets no number of [S]. *)
Definition agrees (S : list N) (c : cert) : bool :=
  if c_open c =? 0 then (c_lo c =? c_hi c) && memb (c_lo c) S
  else forallb (fun k => negb ((c_lo c <=? k) && (k <=? c_hi c))) S.

(* Certificates that each prove what they claim, follow one another from 1 to e - 1 and
   agree with [S] settle every n of 1..e - 1. *)
Theorem outcome_of (l : list cert) (S : list N) e :
  (forall c, In c l -> cert_sound c) ->
  forallb (agrees S) l = true -> chain l 1 = Some e ->
  forall n, 1 <= n < e ->
  (second_player_wins n /\ In n S) \/ (first_player_wins n /\ ~ In n S).
Proof.
  intros Hok Hag Hch n Hn.
  destruct (chain_covers _ _ _ Hch n Hn) as [c [Hc Hcn]].
  pose proof (proj1 (forallb_forall _ _) Hag c Hc) as Ha.
  pose proof (Hok c Hc n Hcn) as Hw. unfold agrees in Ha.
  destruct (c_open c =? 0).
  - left. split; [exact Hw|].
    apply andb_true_iff in Ha as [E Hm]. apply N.eqb_eq in E. apply memb_In in Hm.
    replace n with (c_lo c) by lia. exact Hm.
  - right. split; [exact Hw|]. intro HS.
    pose proof (proj1 (forallb_forall _ _) Ha n HS) as Hk.
    apply negb_true_iff, andb_false_iff in Hk as [Hk|Hk]; apply N.leb_gt in Hk; lia.
Qed.

Theorem certified_outcome (S : list N) e :
  forallb (agrees S) certificates = true -> chain certificates 1 = Some e ->
  forall n, 1 <= n < e ->
  (second_player_wins n /\ In n S) \/ (first_player_wins n /\ ~ In n S).
Proof. exact (outcome_of certificates S e certificates_ok). Qed.

(* The certificates the main theorem rests on (Data1.v) reach N0. *)
Lemma part_1_reach : exists e, chain part_1 1 = Some e /\ N0 <= e.
Proof. exists 420092. split; [vm_compute; reflexivity|unfold N0; lia]. Qed.

Theorem below_N0_outcome (S : list N) :
  forallb (agrees S) part_1 = true ->
  forall n, 1 <= n < N0 ->
  (second_player_wins n /\ In n S) \/ (first_player_wins n /\ ~ In n S).
Proof.
  intros Hag n Hn. destruct part_1_reach as [e [Hch He]].
  apply (outcome_of part_1 S e (check_part_sound _ part_1_ok) Hag Hch). lia.
Qed.
