(* A computable checker for closed pairings (one n, either winner) and interval
   closed pairings (every n of [lo, hi], first player), proved sound against
   the rules through Pairing.v. *)
From Coq Require Import NArith List Bool Lia.
Import ListNotations.
From JG Require Import Rules Pairing.
Open Scope N_scope.

(* A certificate: the boards lo..hi it claims, the winner's opening (0 when the
   winner is the second player), the pairs, and the closure (every number the
   loser may be about to name). *)
Record cert := Cert { c_lo : N; c_hi : N; c_open : N;
                      c_pairs : list (N * N); c_closure : list N }.

Fixpoint all_from (f : N -> bool) (i : N) (k : nat) : bool :=
  match k with O => true | S k' => f i && all_from f (N.succ i) k' end.

Lemma all_from_spec f k : forall i, all_from f i k = true ->
  forall j, i <= j < i + N.of_nat k -> f j = true.
Proof.
  induction k as [|k IH]; intros i H j Hj; simpl in *; [lia|].
  apply andb_true_iff in H as [H1 H2].
  destruct (N.eq_dec j i) as [->|Hne]; [exact H1|].
  apply (IH (N.succ i) H2). lia.
Qed.

Definition memb (x : N) (l : list N) : bool := existsb (N.eqb x) l.

Lemma memb_In x l : memb x l = true <-> In x l.
Proof.
  unfold memb. rewrite existsb_exists. split.
  - intros [y [Hy E]]. apply N.eqb_eq in E. subst. exact Hy.
  - intros H. exists x. split; [exact H|apply N.eqb_refl].
Qed.

Fixpoint partner (pairs : list (N * N)) (x : N) : option N :=
  match pairs with
  | [] => None
  | (a, b) :: t => if a =? x then Some b else if b =? x then Some a else partner t x
  end.

Definition flat (pairs : list (N * N)) : list N := flat_map (fun ab => [fst ab; snd ab]) pairs.

Fixpoint nodupb (l : list N) : bool :=
  match l with [] => true | x :: t => negb (memb x t) && nodupb t end.

Definition pair_ok (lo : N) (ab : N * N) : bool :=
  (1 <=? fst ab) && (fst ab <? snd ab) && (snd ab <=? lo) && (snd ab mod fst ab =? 0).

(* May the loser be about to name [z]? (It is [y] itself, or the opening, or in the closure.) *)
Definition allowed (o : N) (L : list N) (y z : N) : bool := (z =? y) || (z =? o) || memb z L.

(* Every divisor and every multiple (up to hi) of [y] is allowed: divisors by trial
   division up to the square root, multiples c*y for c = 2 .. hi/y. *)
Definition nb_ok (hi o : N) (L : list N) (y : N) : bool :=
  all_from (fun d => if y mod d =? 0 then allowed o L y d && allowed o L y (y / d) else true)
           1 (N.to_nat (N.sqrt y)) &&
  all_from (fun c => allowed o L y (c * y)) 2 (N.to_nat (hi / y - 1)).

Definition check (c : cert) : bool :=
  let '(Cert lo hi o pairs L) := c in
  (1 <=? lo) && (lo <=? hi) &&
  forallb (pair_ok lo) pairs && nodupb (flat pairs) &&
  (if o =? 0
   then all_from (fun x => if N.even x then memb x L else true) 1 (N.to_nat hi)
   else N.even o && (1 <=? o) && (o <=? lo) && negb (memb o (flat pairs)) && nb_ok hi o L o) &&
  forallb (fun x => match partner pairs x with None => false | Some y => nb_ok hi o L y end) L.

(* ---- Soundness ---- *)

Lemma nb_ok_spec hi o L y m : 1 <= y -> m <= hi -> nb_ok hi o L y = true ->
  forall z, 1 <= z <= m -> (z | y) \/ (y | z) -> allowed o L y z = true.
Proof.
  intros Hy Hm H z Hz Hd. unfold nb_ok in H. apply andb_true_iff in H as [Hdiv Hmul].
  pose proof (all_from_spec _ _ _ Hdiv) as Hdiv'. pose proof (all_from_spec _ _ _ Hmul) as Hmul'.
  clear Hdiv Hmul.
  pose proof (N.sqrt_spec y (N.le_0_l y)) as [Hs1 Hs2].
  set (s := N.sqrt y) in *.
  assert (Hns : N.of_nat (N.to_nat s) = s) by apply Nnat.N2Nat.id.
  destruct Hd as [[c Hc]|[c Hc]].
  - (* z divides y: y = c * z *)
    assert (Hc1 : 1 <= c) by (destruct c; [simpl in Hc; lia|lia]).
    assert (Hmod_z : y mod z = 0) by (rewrite Hc; apply N.mod_mul; lia).
    assert (Hmod_c : y mod c = 0) by (rewrite Hc, N.mul_comm; apply N.mod_mul; lia).
    destruct (N.le_gt_cases z s) as [Hzs|Hzs].
    + specialize (Hdiv' z ltac:(lia)). simpl in Hdiv'. rewrite Hmod_z in Hdiv'. simpl in Hdiv'.
      apply andb_true_iff in Hdiv' as [H1 _]. exact H1.
    + assert (Hcs : c <= s).
      { destruct (N.le_gt_cases c s) as [H|H]; [exact H|].
        exfalso. assert (N.succ s * N.succ s <= c * z) by (apply N.mul_le_mono; lia). lia. }
      specialize (Hdiv' c ltac:(lia)). simpl in Hdiv'. rewrite Hmod_c in Hdiv'. simpl in Hdiv'.
      apply andb_true_iff in Hdiv' as [_ H2].
      assert (E : y / c = z) by (rewrite Hc, N.mul_comm; apply N.div_mul; lia).
      rewrite E in H2. exact H2.
  - (* z is a multiple of y: z = c * y *)
    assert (Hc1 : 1 <= c) by (destruct c; [simpl in Hc; lia|lia]).
    destruct (N.eq_dec c 1) as [->|Hc2].
    + unfold allowed. rewrite Hc, N.mul_1_l, N.eqb_refl. reflexivity.
    + assert (Hq : c <= hi / y) by (apply N.div_le_lower_bound; lia).
      rewrite Hc. apply Hmul'.
      assert (N.of_nat (N.to_nat (hi / y - 1)) = hi / y - 1) by apply Nnat.N2Nat.id. lia.
Qed.

Lemma partner_in pairs x y : partner pairs x = Some y -> In x (flat pairs) /\ In y (flat pairs).
Proof.
  induction pairs as [|[a b] t IH]; simpl; [discriminate|].
  destruct (N.eqb_spec a x) as [<-|Ha]; [intros [=<-]; tauto|].
  destruct (N.eqb_spec b x) as [<-|Hb]; [intros [=<-]; tauto|].
  intros H. destruct (IH H). tauto.
Qed.

Lemma nodupb_cons x l : nodupb (x :: l) = true -> ~ In x l /\ nodupb l = true.
Proof.
  change (nodupb (x :: l)) with (negb (memb x l) && nodupb l).
  rewrite andb_true_iff, negb_true_iff. intros [H1 H2]. split; [|exact H2].
  intro H. apply memb_In in H. congruence.
Qed.

Lemma partner_props lo pairs :
  forallb (pair_ok lo) pairs = true -> nodupb (flat pairs) = true ->
  forall x y, partner pairs x = Some y ->
  partner pairs y = Some x /\ x <> y /\ ((x | y) \/ (y | x)) /\ 1 <= y <= lo.
Proof.
  induction pairs as [|[a b] t IH]; [discriminate|].
  intros Hok Hnd x y.
  change (flat ((a, b) :: t)) with (a :: b :: flat t) in Hnd.
  apply nodupb_cons in Hnd as [Ha' Hnd]. apply nodupb_cons in Hnd as [Hb' Hnd].
  change (forallb (pair_ok lo) ((a, b) :: t)) with (pair_ok lo (a, b) && forallb (pair_ok lo) t) in Hok.
  apply andb_true_iff in Hok as [Hab Hok]. unfold pair_ok in Hab. simpl in Hab.
  repeat rewrite andb_true_iff in Hab. destruct Hab as [[[H1 H2] H3] H4].
  apply N.leb_le in H1. apply N.ltb_lt in H2. apply N.leb_le in H3. apply N.eqb_eq in H4.
  assert (Hdv : (a | b)) by (apply N.mod_divide; lia).
  simpl partner.
  destruct (N.eqb_spec a x) as [<-|Hax].
  - intros [=<-]. destruct (N.eqb_spec a b); [lia|]. rewrite N.eqb_refl.
    repeat split; try lia. left. exact Hdv.
  - destruct (N.eqb_spec b x) as [<-|Hbx].
    + intros [=<-]. rewrite N.eqb_refl. repeat split; try lia. right. exact Hdv.
    + intros H. destruct (partner_in _ _ _ H) as [Hx Hy].
      destruct (IH Hok Hnd x y H) as [E [Hne [Hd Hr]]].
      destruct (N.eqb_spec a y) as [<-|_]; [exfalso; apply Ha'; right; exact Hy|].
      destruct (N.eqb_spec b y) as [<-|_]; [exfalso; apply Hb'; exact Hy|].
      repeat split; try assumption; lia.
Qed.

Theorem check_sound c : check c = true -> forall m, c_lo c <= m <= c_hi c ->
  if c_open c =? 0 then second_player_wins m else first_player_wins m.
Proof.
  destruct c as [lo hi o pairs L]. simpl. intros H m Hm.
  repeat rewrite andb_true_iff in H. destruct H as [[[[[Hlo Hhi] Hok] Hnd] Hstart] Hclose].
  apply N.leb_le in Hlo. apply N.leb_le in Hhi.
  pose proof (partner_props lo pairs Hok Hnd) as Hp.
  set (Pr := fun a b => partner pairs a = Some b).
  set (Lp := fun x => In x L).
  assert (Psym : forall a b, Pr a b -> Pr b a) by (intros a b Hab; apply (Hp a b Hab)).
  assert (Pfun : forall a b c, Pr a b -> Pr a c -> b = c)
    by (unfold Pr; intros a b c E1 E2; rewrite E1 in E2; congruence).
  assert (Pirr : forall a b, Pr a b -> a <> b) by (intros a b Hab; apply (Hp a b Hab)).
  assert (Pdiv : forall a b, Pr a b -> (a | b) \/ (b | a)) by (intros a b Hab; apply (Hp a b Hab)).
  assert (Prange : forall a b, Pr a b -> 1 <= b <= m)
    by (intros a b Hab; destruct (Hp a b Hab) as [_ [_ [_ Hr]]]; lia).
  rewrite forallb_forall in Hclose.
  assert (Hcl : forall x, Lp x -> exists y, Pr x y /\
     forall z, 1 <= z <= m -> (z | y) \/ (y | z) -> z <> y -> z <> o -> Lp z).
  { intros x Hx. specialize (Hclose x Hx). unfold Pr.
    destruct (partner pairs x) as [y|] eqn:E; [|discriminate].
    exists y. split; [reflexivity|]. intros z Hz Hd Hzy Hzo.
    assert (Hy1 : 1 <= y) by (destruct (Hp x y E) as [_ [_ [_ Hr]]]; lia).
    pose proof (nb_ok_spec hi o L y m Hy1 ltac:(lia) Hclose z Hz Hd) as A.
    unfold allowed in A. destruct (N.eqb_spec z y); [contradiction|].
    destruct (N.eqb_spec z o); [contradiction|]. apply memb_In in A. exact A. }
  destruct (N.eqb_spec o 0) as [->|Ho].
  - apply (closed_pairing_second m Pr Lp Psym Pfun Pirr Pdiv Prange).
    + intros x [Hx [_ Hev]]. apply memb_In.
      pose proof (all_from_spec _ _ _ Hstart x) as A.
      assert (N.of_nat (N.to_nat hi) = hi) by apply Nnat.N2Nat.id.
      specialize (A ltac:(lia)). simpl in A. rewrite (proj2 (N.even_spec x) Hev) in A. exact A.
    + intros x Hx. destruct (Hcl x Hx) as [y [H1 H2]]. exists y. split; [exact H1|].
      intros z Hz Hd Hzy. apply H2; auto. lia.
  - repeat rewrite andb_true_iff in Hstart. destruct Hstart as [[[[Hev Ho1] Ho2] Hof] Hnb].
    apply N.leb_le in Ho1, Ho2. apply negb_true_iff in Hof.
    apply (closed_pairing_first m o Pr Lp Psym Pfun Pirr Pdiv Prange).
    + intros b Hb. destruct (partner_in _ _ _ Hb) as [Hin _].
      apply memb_In in Hin. congruence.
    + split; [lia|]. split; [intros []|]. apply N.even_spec. exact Hev.
    + intros x [Hx [Hnin Hd]]. simpl in Hd.
      pose proof (nb_ok_spec hi o L o m ltac:(lia) ltac:(lia) Hnb x Hx) as A.
      assert (Hxo : x <> o) by (intro E; apply Hnin; left; auto).
      unfold allowed in A. destruct (N.eqb_spec x o); [contradiction|].
      simpl in A. apply memb_In in A. apply A. destruct Hd; [left|right]; assumption.
    + exact Hcl.
Qed.
