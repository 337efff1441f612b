(* Why a closed pairing is a winning strategy (the soundness of the closure
   check), stated for any pairing relation and any closure, once and for all.
   Also: the two players cannot both win. *)
From Coq Require Import NArith List Lia.
Import ListNotations.
From JG Require Import Rules.
Open Scope N_scope.

(* ---- The two winners exclude each other. ---- *)
Scheme wins_min := Minimality for wins Sort Prop
  with loses_min := Minimality for loses Sort Prop.

Lemma wins_not_loses n : forall p, wins n p -> ~ loses n p.
Proof.
  apply (wins_min n (fun p => ~ loses n p) (fun p => ~ wins n p)).
  - intros p x Hl _ IH Hlos. inversion Hlos as [p' H]; subst. exact (IH (H x Hl)).
  - intros p _ IH Hw. inversion Hw as [p' x Hl Hlo]; subst. exact (IH x Hl Hlo).
Qed.

Theorem not_both_win n : ~ (first_player_wins n /\ second_player_wins n).
Proof. intros [H1 H2]. exact (wins_not_loses n [] H1 H2). Qed.

(* ---- Positions whose numbers are distinct and in 1..m have at most m numbers. ---- *)
Lemma nodup_range_length m (P : list N) :
  NoDup P -> (forall w, In w P -> 1 <= w <= m) -> (length P <= N.to_nat m)%nat.
Proof.
  intros Hnd Hr.
  assert (Hincl : incl P (map N.of_nat (seq 1 (N.to_nat m)))).
  { intros w Hw. apply in_map_iff. exists (N.to_nat w). split.
    - apply Nnat.N2Nat.id.
    - apply in_seq. specialize (Hr w Hw). lia. }
  pose proof (NoDup_incl_length Hnd Hincl) as H.
  rewrite map_length, seq_length in H. exact H.
Qed.

(* ---- Closed pairings. ---- *)
Section Pairing.
Variable m : N.                 (* the board 1..m *)
Variable o : option N.          (* the winner's opening: [Some v] when the winner moves first *)
Variable Pr : N -> N -> Prop.   (* [Pr x y]: y is the partner of x *)
Variable L : N -> Prop.         (* the closure: every number the loser may be about to name *)

Definition base : list N := match o with None => [] | Some v => [v] end.

Hypothesis Psym : forall a b, Pr a b -> Pr b a.
Hypothesis Pfun : forall a b c, Pr a b -> Pr a c -> b = c.
Hypothesis Pirr : forall a b, Pr a b -> a <> b.
Hypothesis Pdiv : forall a b, Pr a b -> (a | b) \/ (b | a).
Hypothesis Prange : forall a b, Pr a b -> 1 <= b <= m.
Hypothesis Popen : forall v b, o = Some v -> ~ Pr v b.
Hypothesis Start : forall x, legal m base x -> L x.
Hypothesis Close : forall x, L x -> exists y, Pr x y /\
  forall z, 1 <= z <= m -> (z | y) \/ (y | z) -> z <> y -> o <> Some z -> L z.
Hypothesis Base_range : forall w, In w base -> 1 <= w <= m.

(* The positions where the loser is to move: the base, then pairs (x, partner of x). *)
Inductive inv : list N -> Prop :=
  | inv_base : inv base
  | inv_step : forall P x y, inv P -> L x -> Pr x y -> inv (y :: x :: P).

Lemma inv_open P : inv P -> forall v, o = Some v -> In v P.
Proof.
  induction 1; intros v Hv.
  - unfold base. rewrite Hv. left. reflexivity.
  - right. right. auto.
Qed.

Lemma inv_paired P : inv P -> forall w, In w P ->
  o = Some w \/ exists w', Pr w w' /\ In w' P.
Proof.
  induction 1 as [|P x y HP IH Hx Hxy]; intros w Hw.
  - unfold base in Hw. destruct o as [v|]; [|contradiction].
    destruct Hw as [<-|[]]. left. reflexivity.
  - destruct Hw as [<-|[<-|Hw]].
    + right. exists x. split; [apply Psym; exact Hxy | right; left; reflexivity].
    + right. exists y. split; [exact Hxy | left; reflexivity].
    + destruct (IH w Hw) as [H|[w' [H1 H2]]]; [left; exact H|].
      right. exists w'. split; [exact H1 | right; right; exact H2].
Qed.

Lemma inv_legal_closure P x : inv P -> legal m P x -> L x.
Proof.
  intros HP Hx. destruct HP as [|P' x' y HP' Hx' Hxy].
  - apply Start. exact Hx.
  - destruct Hx as [Hr [Hnin Hd]].
    destruct (Close x' Hx') as [y' [Hxy' Hcl]].
    assert (E' := Pfun x' y y' Hxy Hxy'); subst y'.
    apply Hcl; [exact Hr| | |].
    + destruct Hd as [Hd|Hd]; [left|right]; exact Hd.
    + intro E. apply Hnin. rewrite E. left. reflexivity.
    + intro E. apply Hnin. apply (inv_open _ (inv_step P' x' y HP' Hx' Hxy)). exact E.
Qed.

Lemma inv_loses : forall k P, (N.to_nat m - length P <= k)%nat -> inv P -> NoDup P ->
  (forall w, In w P -> 1 <= w <= m) -> loses m P.
Proof.
  induction k as [|k IH]; intros P Hk HP Hnd Hr; constructor; intros x Hx.
  - exfalso. destruct Hx as [Hxr [Hnin _]].
    assert (H := nodup_range_length m (x :: P) (NoDup_cons x Hnin Hnd)).
    simpl in H. assert (H' : (S (length P) <= N.to_nat m)%nat).
    { apply H. intros w [<-|Hw]; auto. }
    lia.
  - pose proof (inv_legal_closure P x HP Hx) as HLx.
    destruct (Close x HLx) as [y [Hxy _]].
    destruct Hx as [Hxr [Hnin Hd]].
    assert (Hyn : ~ In y (x :: P)).
    { intros [E|Hy].
      - exact (Pirr x y Hxy E).
      - destruct (inv_paired P HP y Hy) as [Ho|[w' [Hyw Hw]]].
        + exact (Popen y x Ho (Psym x y Hxy)).
        + rewrite (Pfun y w' x Hyw (Psym x y Hxy)) in Hw. exact (Hnin Hw). }
    apply win_by with (x := y).
    + split; [exact (Prange x y Hxy)|]. split; [exact Hyn|].
      destruct (Pdiv x y Hxy) as [H|H]; [right|left]; exact H.
    + apply IH.
      * simpl. lia.
      * apply inv_step; assumption.
      * constructor; [exact Hyn|]. constructor; assumption.
      * intros w [<-|[<-|Hw]]; [exact (Prange x y Hxy)|exact Hxr|auto].
Qed.

Lemma base_loses : loses m base.
Proof.
  apply (inv_loses (N.to_nat m)); [lia|constructor| |exact Base_range].
  unfold base. destruct o; repeat constructor. intros [].
Qed.

End Pairing.

(* The two forms used: the second player answers every move by its partner, or
   the first player opens with [v] and then does so. *)
Theorem closed_pairing_second m (Pr : N -> N -> Prop) (L : N -> Prop) :
  (forall a b, Pr a b -> Pr b a) -> (forall a b c, Pr a b -> Pr a c -> b = c) ->
  (forall a b, Pr a b -> a <> b) -> (forall a b, Pr a b -> (a | b) \/ (b | a)) ->
  (forall a b, Pr a b -> 1 <= b <= m) ->
  (forall x, legal m [] x -> L x) ->
  (forall x, L x -> exists y, Pr x y /\
     forall z, 1 <= z <= m -> (z | y) \/ (y | z) -> z <> y -> L z) ->
  second_player_wins m.
Proof.
  intros Hs Hf Hi Hd Hr Hst Hc.
  apply (base_loses m None Pr L); auto; try discriminate.
  - intros x Hx. destruct (Hc x Hx) as [y [H1 H2]]. exists y. split; auto.
  - intros w [].
Qed.

Theorem closed_pairing_first m v (Pr : N -> N -> Prop) (L : N -> Prop) :
  (forall a b, Pr a b -> Pr b a) -> (forall a b c, Pr a b -> Pr a c -> b = c) ->
  (forall a b, Pr a b -> a <> b) -> (forall a b, Pr a b -> (a | b) \/ (b | a)) ->
  (forall a b, Pr a b -> 1 <= b <= m) ->
  (forall b, ~ Pr v b) -> legal m [] v ->
  (forall x, legal m [v] x -> L x) ->
  (forall x, L x -> exists y, Pr x y /\
     forall z, 1 <= z <= m -> (z | y) \/ (y | z) -> z <> y -> z <> v -> L z) ->
  first_player_wins m.
Proof.
  intros Hs Hf Hi Hd Hr Ho Hv Hst Hc.
  apply win_by with (x := v); [exact Hv|].
  apply (base_loses m (Some v) Pr L); auto.
  - intros v' b E. injection E as <-. apply Ho.
  - intros x Hx. destruct (Hc x Hx) as [y [H1 H2]]. exists y. split; [exact H1|].
    intros z Hz Hd' Hzy Hzo. apply H2; auto. intro E. apply Hzo. rewrite E. reflexivity.
  - intros w [<-|[]]. apply Hv.
Qed.
