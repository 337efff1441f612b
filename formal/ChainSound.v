(* The chain checker of ChainCheck.v is sound: [check c = true] proves [longest_chain n L]
   (ChainRules.v) for the certificate's n and L. Spec.md §6.4 is the argument: a chain of
   L + 1 numbers of 1..n is one of 1..M, the reduction moves it into H, its point satisfies
   every row, and the leaf of the tree its point reaches bounds its length by L. *)
From Coq Require Import NArith ZArith List Bool Lia.
Import ListNotations.
From JG Require Import ChainRules ChainTrie ChainCheck.
Open Scope N_scope.

(* ---- Lists of numbers, ranges, keys. ---- *)

Lemma in_range x s c : In x (range s c) <-> s <= x < s + N.of_nat c.
Proof.
  revert s. induction c as [|c IH]; intros s; simpl; [lia|]. rewrite IH. lia.
Qed.

Lemma in_upto x a b : In x (upto a b) <-> a <= x <= b.
Proof. unfold upto. rewrite in_range. lia. Qed.

Lemma memb_In x l : memb x l = true <-> In x l.
Proof.
  unfold memb. rewrite existsb_exists. split.
  - intros [y [Hy E]]. apply N.eqb_eq in E. subst. exact Hy.
  - intros H. exists x. split; [exact H|apply N.eqb_refl].
Qed.

Lemma ykey_inj a b : ykey a = ykey b -> a = b.
Proof.
  unfold ykey. intros H. injection H as H.
  apply (f_equal Npos) in H. rewrite !N.succ_pos_spec in H. lia.
Qed.

Lemma ykey_eqb a b : Pos.eqb (ykey a) (ykey b) = (a =? b).
Proof.
  destruct (a =? b) eqn:E.
  - apply N.eqb_eq in E. subst. apply Pos.eqb_refl.
  - apply Pos.eqb_neq. intro H. apply ykey_inj in H. apply N.eqb_neq in E. contradiction.
Qed.

Lemma nodupN_sound l : nodupN l = true -> NoDup l.
Proof.
  unfold nodupN. intros H. apply nodup_from_sound in H as [H _]. exact (NoDup_map_inv _ _ H).
Qed.

Lemma nodup_ekey_sound l : nodup_from TL (map ekey l) = true -> NoDup l.
Proof. intros H. apply nodup_from_sound in H as [H _]. exact (NoDup_map_inv _ _ H). Qed.

Lemma related_sound a b : 1 <= a -> 1 <= b -> related a b = true -> (a | b) \/ (b | a).
Proof.
  unfold related. intros Ha Hb H. apply orb_true_iff in H as [H|H]; apply N.eqb_eq in H.
  - left. apply N.mod_divide; [lia|exact H].
  - right. apply N.mod_divide; [lia|exact H].
Qed.

Lemma linkedb_sound c : (forall x, In x c -> 1 <= x) -> linkedb c = true -> linked c.
Proof.
  induction c as [|a t IH]; intros Hr H; [exact I|].
  destruct t as [|b c]; [exact I|].
  change (linkedb (a :: b :: c)) with (related a b && linkedb (b :: c)) in H.
  change (linked (a :: b :: c)) with (((a | b) \/ (b | a)) /\ linked (b :: c)).
  apply andb_true_iff in H as [H1 H2]. split.
  - apply related_sound; [apply Hr; left; reflexivity|apply Hr; right; left; reflexivity|exact H1].
  - apply IH; [intros x Hx; apply Hr; right; exact Hx|exact H2].
Qed.

Lemma chain_okb_sound n c : chain_okb n c = true -> chain n c.
Proof.
  unfold chain_okb. intros H. apply andb_true_iff in H as [H H3]. apply andb_true_iff in H as [H1 H2].
  rewrite forallb_forall in H2.
  assert (Hr : forall x, In x c -> 1 <= x <= n).
  { intros x Hx. specialize (H2 x Hx). apply andb_true_iff in H2 as [A B].
    apply N.leb_le in A. apply N.leb_le in B. lia. }
  split; [exact (nodupN_sound _ H1)|split; [exact Hr|]].
  apply linkedb_sound; [intros x Hx; apply Hr; exact Hx|exact H3].
Qed.

(* ---- The point of a chain P: y_v = 1 on P, x_e = the times e joins two neighbours of P. ---- *)

Fixpoint pairs (c : list N) : list (N * N) :=
  match c with a :: ((b :: _) as rest) => norm a b :: pairs rest | _ => [] end.

Definition peq : forall x y : N * N, {x = y} + {x <> y}.
Proof. decide equality; apply N.eq_dec. Defined.

Definition w (P : list N) (k : positive) : Z :=
  match k with
  | xO p => if memb (N.pred (Npos p)) P then 1%Z else 0%Z
  | xI p => let c := N.pred (Npos p) in Z.of_nat (count_occ peq (pairs P) (c / K, c mod K))
  | xH => 0%Z
  end.

Lemma w_y P v : w P (ykey v) = if memb v P then 1%Z else 0%Z.
Proof.
  change (w P (ykey v)) with (if memb (N.pred (Npos (N.succ_pos v))) P then 1%Z else 0%Z).
  rewrite N.succ_pos_spec, N.pred_succ. reflexivity.
Qed.

Lemma w_e P e : snd e < K -> w P (ekey e) = Z.of_nat (count_occ peq (pairs P) e).
Proof.
  destruct e as [a b]. cbn [snd]. intros Hb.
  change (w P (ekey (a, b))) with (let c := N.pred (Npos (N.succ_pos (a * K + b))) in
    Z.of_nat (count_occ peq (pairs P) (c / K, c mod K))).
  cbv zeta. rewrite (N.succ_pos_spec (a * K + b)), N.pred_succ.
  replace ((a * K + b) / K) with a. replace ((a * K + b) mod K) with b. reflexivity.
  - rewrite N.add_comm, N.mod_add by (unfold K; lia). rewrite N.mod_small; auto.
  - rewrite N.add_comm, N.div_add by (unfold K; lia). rewrite N.div_small; auto.
Qed.

Lemma pairs_in l e : In e (pairs l) -> In (fst e) l /\ In (snd e) l.
Proof.
  induction l as [|a [|b l] IH]; simpl; try tauto.
  intros [<-|H].
  - unfold norm. simpl. split; [destruct (N.min_spec a b)|destruct (N.max_spec a b)];
      destruct H as [_ ->]; tauto.
  - destruct (IH H) as [H1 H2]. simpl in H1, H2. tauto.
Qed.

Lemma norm_has a b : fst (norm a b) = a \/ snd (norm a b) = a.
Proof. unfold norm. simpl. lia. Qed.

Lemma pairs_nodup l : NoDup l -> NoDup (pairs l).
Proof.
  induction l as [|a t IH]; intros Hn; [constructor|].
  destruct t as [|b l]; [constructor|].
  change (pairs (a :: b :: l)) with (norm a b :: pairs (b :: l)).
  apply NoDup_cons_iff in Hn as [Ha Hn]. constructor.
  - intro H. apply pairs_in in H. destruct (norm_has a b) as [E|E]; rewrite E in H; tauto.
  - apply IH. exact Hn.
Qed.

Lemma pairs_length l : l <> [] -> S (length (pairs l)) = length l.
Proof.
  induction l as [|a t IH]; intros H; [congruence|].
  destruct t as [|b l]; [reflexivity|].
  change (pairs (a :: b :: l)) with (norm a b :: pairs (b :: l)).
  specialize (IH ltac:(discriminate)). cbn [length] in *. rewrite IH. reflexivity.
Qed.

Lemma w_bin P k : NoDup P -> (0 <= w P k <= 1)%Z.
Proof.
  intros Hn. destruct k as [p|p|]; simpl; [|destruct (memb _ P)|]; try lia.
  rewrite (count_nodup _ peq _ _ (pairs_nodup _ Hn)). destruct (in_dec _ _ _); simpl; lia.
Qed.

(* ---- Counting along a chain. ---- *)

Definition touches (v : N) (e : N * N) : bool := (fst e =? v) || (snd e =? v).

Lemma touches_norm v a b : touches v (norm a b) = (a =? v) || (b =? v).
Proof.
  unfold touches, norm. simpl. destruct (N.le_ge_cases a b).
  - rewrite N.min_l, N.max_r by lia. reflexivity.
  - rewrite N.min_r, N.max_l by lia. apply orb_comm.
Qed.

Lemma filter_none {A} (f : A -> bool) X : (forall x, In x X -> f x = false) ->
  length (filter f X) = 0%nat.
Proof.
  induction X as [|x X IH]; intros H; simpl; [reflexivity|].
  rewrite (H x (or_introl eq_refl)). apply IH. intros y Hy. apply H. right. exact Hy.
Qed.

Lemma touch_none v l : ~ In v l -> length (filter (touches v) (pairs l)) = 0%nat.
Proof.
  intros Hv. apply filter_none. intros e He. apply pairs_in in He as [H1 H2].
  unfold touches. apply orb_false_iff. split; apply N.eqb_neq; intros E; subst v; tauto.
Qed.

Lemma touch_le2 v l : NoDup l ->
  (length (filter (touches v) (pairs l)) <= if memb v l then 2 else 0)%nat.
Proof.
  induction l as [|a t IH]; intros Hn; [simpl; lia|].
  destruct t as [|b t]; [simpl; lia|].
  change (pairs (a :: b :: t)) with (norm a b :: pairs (b :: t)).
  apply NoDup_cons_iff in Hn as [Ha Hn]. specialize (IH Hn).
  cbn [filter]. rewrite touches_norm. unfold memb in *. cbn [existsb] in *.
  destruct (N.eqb_spec a v) as [<-|Hav].
  - rewrite N.eqb_refl. cbn [orb length]. rewrite (touch_none a (b :: t) Ha). lia.
  - destruct (N.eqb_spec b v) as [<-|Hbv].
    + apply NoDup_cons_iff in Hn as [Hb _]. rewrite N.eqb_refl.
      rewrite !orb_true_r. cbn [orb].
      destruct t as [|c t]; [simpl; lia|].
      change (pairs (b :: c :: t)) with (norm b c :: pairs (c :: t)). cbn [filter].
      rewrite touches_norm, N.eqb_refl. cbn [orb length]. rewrite (touch_none b (c :: t) Hb). lia.
    + rewrite ?(proj2 (N.eqb_neq a v)), ?(proj2 (N.eqb_neq b v)) by congruence.
      rewrite ?(proj2 (N.eqb_neq v a)) by congruence. cbn [orb] in *. exact IH.
Qed.

Lemma touch_some v l : In v l -> (2 <= length l)%nat ->
  exists e, In e (pairs l) /\ touches v e = true.
Proof.
  induction l as [|a t IH]; intros Hv Hl; [destruct Hv|].
  destruct t as [|b t]; [simpl in Hl; lia|].
  change (pairs (a :: b :: t)) with (norm a b :: pairs (b :: t)).
  destruct (N.eq_dec a v) as [<-|Hav].
  - exists (norm a b). split; [left; reflexivity|]. rewrite touches_norm, N.eqb_refl. reflexivity.
  - destruct (N.eq_dec b v) as [<-|Hbv].
    + exists (norm a b). split; [left; reflexivity|]. rewrite touches_norm, N.eqb_refl, orb_true_r. reflexivity.
    + destruct Hv as [Hv|[Hv|Hv]]; try congruence.
      destruct t as [|c t]; [destruct Hv|].
      destruct (IH (or_intror Hv) ltac:(simpl; lia)) as [e [He Ht]].
      exists e. split; [right; exact He|exact Ht].
Qed.

Lemma cut_path (f : N -> bool) l :
  (length (filter (fun e => f (fst e) && f (snd e)) (pairs l)) +
   (if existsb f l then 1 else 0) <= length (filter f l))%nat.
Proof.
  induction l as [|a t IH]; [simpl; lia|].
  destruct t as [|b t]; [simpl; destruct (f a); simpl; lia|].
  change (pairs (a :: b :: t)) with (norm a b :: pairs (b :: t)).
  assert (Hn : f (fst (norm a b)) && f (snd (norm a b)) = f a && f b).
  { unfold norm. simpl. destruct (N.le_ge_cases a b).
    - rewrite N.min_l, N.max_r by lia. reflexivity.
    - rewrite N.min_r, N.max_l by lia. apply andb_comm. }
  cbn [filter existsb] in *. rewrite Hn.
  destruct (f a), (f b); simpl in *; lia.
Qed.

Lemma filter_but (f : N -> bool) k l : NoDup l ->
  (length (filter f l) <= length (filter (fun v => f v && negb (N.eqb v k)) l) +
   (if existsb f l then 1 else 0))%nat.
Proof.
  induction l as [|a t IH]; intros Hn; [simpl; lia|].
  apply NoDup_cons_iff in Hn as [Ha Hn]. specialize (IH Hn). cbn [filter existsb].
  destruct (f a) eqn:Ef; simpl.
  - destruct (N.eqb_spec a k) as [<-|Hak]; simpl.
    + assert (length (filter f t) <= length (filter (fun v => f v && negb (N.eqb v a)) t))%nat.
      { apply filter_length_le. intros x Hx Hf. rewrite Hf. simpl.
        apply negb_true_iff, N.eqb_neq. intros ->. contradiction. }
      lia.
    + destruct (existsb f t); lia.
  - exact IH.
Qed.

(* ---- The reduction: a number whose only neighbour in 1..M is 1. ---- *)

Definition alone (M p : N) : Prop :=
  forall y, 1 <= y <= M -> y <> p -> (y | p) \/ (p | y) -> y = 1.

Lemma lonely_sound M p : lonely M p = true -> 2 <= p /\ alone M p.
Proof.
  unfold lonely. destruct ((2 <=? p) && (M <? 2 * p)) eqn:E; [|discriminate].
  apply andb_true_iff in E as [E1 E2]. apply N.leb_le in E1. apply N.ltb_lt in E2.
  intros H. rewrite forallb_forall in H. split; [exact E1|].
  intros y Hy Hyp [[q Hq]|[q Hq]].
  - destruct (N.eq_dec y 1) as [|Hy1]; [assumption|exfalso].
    assert (Hq2 : 2 <= q).
    { destruct (N.le_gt_cases q 1) as [Hq1|Hq1]; [|lia].
      assert (q = 0 \/ q = 1) as [Hq0|Hq0] by lia; subst q; [simpl in Hq; lia|].
      rewrite N.mul_1_l in Hq. congruence. }
    assert (Hsmall : forall d, 2 <= d -> d * d <= p -> (d | p) -> False).
    { intros d Hd2 Hdd Hdp. assert (Hd : In d (upto 2 (N.sqrt p))).
      { apply in_upto. split; [lia|]. apply N.sqrt_le_square. exact Hdd. }
      specialize (H d Hd). apply negb_true_iff, N.eqb_neq in H. apply H.
      apply N.mod_divide; [lia|exact Hdp]. }
    destruct (N.le_ge_cases y q).
    + apply (Hsmall y); [lia|nia|exists q; exact Hq].
    + apply (Hsmall q); [lia|nia|exists y; lia].
  - exfalso. assert (q <> 0) by (intros ->; lia). assert (q <> 1) by (intros ->; lia). nia.
Qed.

Definition hangs (P : list N) (p : N) : Prop := forall y, In y P -> y <> p -> (y | p) \/ (p | y) -> y = 1.

(* A number of a chain whose only neighbour can be 1 is at one end of it, next to 1. *)
Lemma at_an_end P x : NoDup P -> linked P -> In x P -> hangs P x -> (2 <= length P)%nat ->
  (exists t, P = x :: 1 :: t) \/ (exists h, P = h ++ [1; x]).
Proof.
  induction P as [|a t IH]; intros Hn Hl Hx Hh Hlen; [destruct Hx|].
  destruct t as [|b t]; [simpl in Hlen; lia|].
  destruct Hl as [Hab Hl]. apply NoDup_cons_iff in Hn as [Ha Hn].
  assert (Hh' : hangs (b :: t) x) by (intros y Hy; apply Hh; right; exact Hy).
  destruct (N.eq_dec a x) as [<-|Hax].
  - left. exists t. f_equal. f_equal. apply Hh; [right; left; reflexivity| |].
    + intros ->. apply Ha. left. reflexivity.
    + destruct Hab; [right|left]; assumption.
  - destruct Hx as [Hx|Hx]; [congruence|].
    destruct t as [|c t].
    + destruct Hx as [<-|[]]. right. exists []. simpl. f_equal.
      apply Hh; [left; reflexivity|exact Hax|exact Hab].
    + destruct (IH Hn Hl Hx Hh' ltac:(simpl; lia)) as [[t' E]|[h E]].
      * injection E as <- Ec Et. subst. exfalso. apply Ha.
        replace a with 1 by (symmetry; apply Hh; [left; reflexivity|exact Hax|exact Hab]).
        right. left. reflexivity.
      * right. exists (a :: h). rewrite E. reflexivity.
Qed.

(* Two numbers that hang on 1 alone are not both in a chain of 4 numbers or more. *)
Lemma two_ends P x y : NoDup P -> linked P -> In x P -> In y P -> x <> y ->
  hangs P x -> hangs P y -> (4 <= length P)%nat -> False.
Proof.
  intros Hn Hl Hx Hy Hxy Hhx Hhy Hlen.
  destruct (at_an_end P x Hn Hl Hx Hhx ltac:(lia)) as [[t Ex]|[h Ex]];
  destruct (at_an_end P y Hn Hl Hy Hhy ltac:(lia)) as [[t' Ey]|[h' Ey]].
  - rewrite Ex in Ey. injection Ey. congruence.
  - (* P = x :: 1 :: t = h' ++ [1; y]: 1 twice *)
    rewrite Ex in Ey, Hlen, Hn. destruct h' as [|u [|u' h']];
      [apply (f_equal (@length N)) in Ey; simpl in Ey, Hlen; lia
      |apply (f_equal (@length N)) in Ey; simpl in Ey, Hlen; lia|].
    simpl in Ey. injection Ey as Eu Eu' E. subst t. apply NoDup_cons_iff in Hn as [_ Hn].
    apply NoDup_cons_iff in Hn as [Hn _]. apply Hn. apply in_or_app. right. left. reflexivity.
  - rewrite Ey in Ex, Hlen, Hn. destruct h as [|u [|u' h]];
      [apply (f_equal (@length N)) in Ex; simpl in Ex, Hlen; lia
      |apply (f_equal (@length N)) in Ex; simpl in Ex, Hlen; lia|].
    simpl in Ex. injection Ex as Eu Eu' E. subst t'. apply NoDup_cons_iff in Hn as [_ Hn].
    apply NoDup_cons_iff in Hn as [Hn _]. apply Hn. apply in_or_app. right. left. reflexivity.
  - rewrite Ex in Ey.
    replace (h ++ [1; x]) with ((h ++ [1]) ++ [x]) in Ey by (rewrite <- app_assoc; reflexivity).
    replace (h' ++ [1; y]) with ((h' ++ [1]) ++ [y]) in Ey by (rewrite <- app_assoc; reflexivity).
    apply app_inj_tail in Ey as [_ E]. congruence.
Qed.


Lemma NoDup_map_on {A B} (f : A -> B) l : (forall x y, In x l -> In y l -> f x = f y -> x = y) ->
  NoDup l -> NoDup (map f l).
Proof.
  induction l as [|a l IH]; intros Hi Hn; simpl; [constructor|].
  apply NoDup_cons_iff in Hn as [Ha Hn]. constructor.
  - intros H. apply in_map_iff in H as [y [Hy Hin]].
    assert (y = a) by (apply Hi; [right; exact Hin|left; reflexivity|exact Hy]). subst. contradiction.
  - apply IH; [|exact Hn]. intros x y Hx Hy. apply Hi; right; assumption.
Qed.

Lemma linked_map (f : N -> N) P :
  (forall a b, In a P -> In b P -> (a | b) \/ (b | a) -> (f a | f b) \/ (f b | f a)) ->
  linked P -> linked (map f P).
Proof.
  induction P as [|a t IH]; intros Hr Hl; [exact I|].
  destruct t as [|b t]; [exact I|].
  destruct Hl as [Hab Hl]. change (map f (a :: b :: t)) with (f a :: f b :: map f t). split.
  - apply Hr; [left; reflexivity|right; left; reflexivity|exact Hab].
  - apply IH; [|exact Hl]. intros x y Hx Hy. apply Hr; right; assumption.
Qed.

(* The reduction of spec.md §6.2: a chain of 4 numbers or more of 1..M can be moved off the
   numbers of R (each hanging on 1 alone) to one as long, by the keeper k (also alone). *)
Lemma reduce M P R k : chain M P -> (4 <= length P)%nat ->
  (forall p, In p R -> 2 <= p /\ alone M p) -> 2 <= k <= M -> alone M k -> ~ In k R ->
  exists P', chain M P' /\ length P' = length P /\ forall x, In x P' -> ~ In x R.
Proof.
  intros [Hn [Hr Hl]] Hlen HR Hk Hak HkR.
  assert (Hh : forall p, alone M p -> hangs P p).
  { intros p Hp y Hy. apply Hp. apply Hr. exact Hy. }
  destruct (existsb (fun x => memb x R) P) eqn:E.
  2: { exists P. split; [split; [|split]; assumption|split; [reflexivity|]].
       intros x Hx HxR. assert (existsb (fun x => memb x R) P = true) by
         (apply existsb_exists; exists x; split; [exact Hx|apply memb_In; exact HxR]). congruence. }
  apply existsb_exists in E as [l [HlP HlR]]. apply memb_In in HlR.
  destruct (HR l HlR) as [Hl2 Hal].
  assert (HkP : ~ In k P).
  { intros HkP. apply (two_ends P l k Hn Hl HlP HkP); auto. intros ->. contradiction. }
  assert (Hother : forall x, In x P -> x <> l -> ~ In x R).
  { intros x Hx Hxl HxR. apply (two_ends P x l Hn Hl Hx HlP Hxl); auto. apply Hh. apply HR. exact HxR. }
  set (f := fun x => if x =? l then k else x).
  exists (map f P). split; [split; [|split]|split].
  - apply NoDup_map_on; [|exact Hn]. intros x y Hx Hy. unfold f.
    destruct (N.eqb_spec x l), (N.eqb_spec y l); intros E; subst; try reflexivity; contradiction.
  - intros x Hx. apply in_map_iff in Hx as [y [<- Hy]]. unfold f.
    destruct (N.eqb_spec y l); [lia|apply Hr; exact Hy].
  - apply linked_map; [|exact Hl]. intros a b Ha Hb Hab. unfold f.
    assert (H1l : (1 =? l) = false) by (apply N.eqb_neq; lia).
    destruct (N.eqb_spec a l) as [->|Hal']; destruct (N.eqb_spec b l) as [->|Hbl'].
    + left. apply N.divide_refl.
    + assert (b = 1) as -> by (apply (Hh l Hal b Hb Hbl'); destruct Hab; [right|left]; assumption).
      right. apply N.divide_1_l.
    + assert (a = 1) as -> by (apply (Hh l Hal a Ha Hal'); exact Hab).
      left. apply N.divide_1_l.
    + exact Hab.
  - apply map_length.
  - intros x Hx. apply in_map_iff in Hx as [y [<- Hy]]. unfold f.
    destruct (N.eqb_spec y l) as [->|Hyl]; [exact HkR|exact (Hother y Hy Hyl)].
Qed.

(* ---- The tables of [make_env]: H, its edges, the edges at each number, the cuts. ---- *)

Lemma get_marks ks k : get false k (fold_left mark ks TL) = true <-> In k ks.
Proof. rewrite marks_in, get_TL. intuition discriminate. Qed.

Lemma in_map_ykey v l : In (ykey v) (map ykey l) <-> In v l.
Proof.
  rewrite in_map_iff. split; [intros [x [E H]]; apply ykey_inj in E; subst; exact H|].
  intros H. exists v. split; [reflexivity|exact H].
Qed.

Lemma kept_marks v l : kept (fold_left mark (map ykey l) TL) v = true <-> In v l.
Proof. unfold kept. rewrite get_marks. apply in_map_ykey. Qed.

Lemma in_mults b a M : 1 <= a -> In b (mults a M) <-> exists q, 2 <= q /\ q * a <= M /\ b = q * a.
Proof.
  intros Ha. unfold mults. rewrite in_map_iff. split.
  - intros [q [<- Hq]]. apply in_upto in Hq. exists q. split; [lia|split; [|reflexivity]].
    apply N.le_trans with ((M / a) * a); [apply N.mul_le_mono_r; lia|].
    rewrite N.mul_comm. apply N.mul_div_le. lia.
  - intros [q [Hq [HqM ->]]]. exists q. split; [reflexivity|]. apply in_upto. split; [exact Hq|].
    apply N.div_le_lower_bound; [lia|]. rewrite N.mul_comm. exact HqM.
Qed.

Section Env.
Variables (M L : N) (D : Z) (cuts : list (N * list N)).
Let ev := make_env M L D cuts.
Let R := removed M L.

Lemma Hv_iff v : In v (e_Hv ev) <-> 1 <= v <= M /\ ~ In v R.
Proof.
  simpl. rewrite filter_In, in_upto, negb_true_iff.
  split; intros [H1 H2]; split; auto.
  - intro H. apply memb_In in H. fold R in H2. congruence.
  - destruct (memb v (removed M L)) eqn:E; [|reflexivity]. apply memb_In in E. contradiction.
Qed.

Lemma kept_iff v : kept (e_kept ev) v = true <-> In v (e_Hv ev).
Proof. apply kept_marks. Qed.

Lemma E_in a b : In (a, b) (e_E ev) ->
  In a (e_Hv ev) /\ In b (e_Hv ev) /\ (a | b) /\ a < b /\ b <= M.
Proof.
  change (e_E ev) with (flat_map (fun a => map (fun b => (a, b))
    (filter (kept (e_kept ev)) (mults a M))) (e_Hv ev)).
  rewrite in_flat_map. intros [a' [Ha' Hb]]. apply in_map_iff in Hb as [b' [E Hb]].
  injection E as E1 E2. subst a' b'. apply filter_In in Hb as [Hb Hk]. apply kept_iff in Hk.
  assert (1 <= a) by (apply Hv_iff in Ha'; lia).
  apply in_mults in Hb as [q [Hq [HqM ->]]]; [|lia].
  split; [exact Ha'|split; [exact Hk|split; [exists q; reflexivity|split; nia]]].
Qed.

Lemma E_complete a b : a < b -> (a | b) -> In a (e_Hv ev) -> In b (e_Hv ev) -> In (a, b) (e_E ev).
Proof.
  intros Hab [q Hq] Ha Hb.
  change (e_E ev) with (flat_map (fun a => map (fun b => (a, b))
    (filter (kept (e_kept ev)) (mults a M))) (e_Hv ev)).
  apply in_flat_map. exists a. split; [exact Ha|]. apply in_map. apply filter_In. split.
  - apply Hv_iff in Ha. apply Hv_iff in Hb. apply in_mults; [lia|]. exists q.
    split; [|split; lia]. destruct (N.le_gt_cases 2 q); [assumption|].
    assert (q = 0 \/ q = 1) as [-> | ->] by lia; lia.
  - apply kept_iff. exact Hb.
Qed.

Lemma adj_eq v : (forall e, In e (e_E ev) -> fst e < snd e) ->
  adj ev v = filter (touches v) (e_E ev).
Proof.
  unfold adj. change (e_adj ev) with (fold_right (fun e t => upd [] (ykey (fst e)) (cons e)
    (upd [] (ykey (snd e)) (cons e) t)) TL (e_E ev)).
  generalize (e_E ev). intros l Hl. induction l as [|e l IH]; [apply get_TL|].
  cbn [fold_right filter]. rewrite !get_upd, !ykey_eqb. rewrite IH by (intros; apply Hl; right; assumption).
  specialize (Hl e (or_introl eq_refl)). unfold touches.
  destruct (N.eqb_spec v (fst e)), (N.eqb_spec v (snd e)), (N.eqb_spec (fst e) v), (N.eqb_spec (snd e) v);
    simpl; try reflexivity; subst; lia.
Qed.

Definition cut_props (x : N * list N * list (N * N)) : Prop :=
  let '(k, St, ES) := x in
  NoDup St /\ In k St /\ (forall v, In v St -> In v (e_Hv ev)) /\ NoDup ES /\
  forall e, In e ES -> In e (e_E ev) /\ In (fst e) St /\ In (snd e) St.

Lemma adj_in a e : (forall e, In e (e_E ev) -> fst e < snd e) ->
  In e (get [] (ykey a) (e_adj ev)) -> In e (e_E ev).
Proof.
  intros HE H. pose proof (adj_eq a HE) as E. unfold adj in E. rewrite E in H.
  apply filter_In in H. apply H.
Qed.

Lemma cut_info_props kt adjt c x : (forall v, kept kt v = true -> In v (e_Hv ev)) ->
  (forall a e, In e (get [] (ykey a) adjt) -> In e (e_E ev)) ->
  cut_info kt adjt c = Some x -> cut_props x.
Proof.
  intros Hkt Hadj. destruct c as [k St]. unfold cut_info.
  match goal with |- (if ?b then _ else _) = _ -> _ => destruct b eqn:E; [|discriminate] end.
  intros H. injection H as <-. repeat rewrite andb_true_iff in E.
  destruct E as [[[[[_ _] Hk] Hm] Hn] HnE].
  rewrite forallb_forall in Hk. apply memb_In in Hm.
  split; [exact (nodupN_sound _ Hn)|split; [exact Hm|split; [|split]]].
  - intros v Hv. apply Hkt. apply Hk. exact Hv.
  - exact (nodup_ekey_sound _ HnE).
  - intros e He. apply in_flat_map in He as [a [Ha He]]. apply filter_In in He as [He Hf].
    apply andb_true_iff in Hf as [Hf1 Hf2]. apply N.eqb_eq in Hf1.
    split; [exact (Hadj a e He)|split; [subst; exact Ha|]].
    change (get false (ykey (snd e)) (fold_left mark (map ykey St) TL) = true) in Hf2. apply get_marks in Hf2. apply in_map_ykey in Hf2. exact Hf2.
Qed.

Lemma cut_table_props kt adjt (Q : N * list N * list (N * N) -> Prop) :
  (forall c x, cut_info kt adjt c = Some x -> Q x) ->
  forall cs j t, (forall k x, get None k t = Some x -> Q x) ->
  forall k x, get None k (cut_table kt adjt j cs t) = Some x -> Q x.
Proof.
  intros Hc cs. induction cs as [|c cs IH]; intros j t Hinv k x H; [exact (Hinv _ _ H)|].
  change (cut_table kt adjt j (c :: cs) t) with
    (cut_table kt adjt (j + 1) cs (upd None (N.succ_pos j) (fun _ => cut_info kt adjt c) t)) in H.
  apply (IH (j + 1) (upd None (N.succ_pos j) (fun _ => cut_info kt adjt c) t)) with (k := k); [|exact H].
  intros k' y Hy. rewrite get_upd in Hy.
  destruct (Pos.eqb k' (N.succ_pos j)); [exact (Hc c y Hy)|exact (Hinv _ _ Hy)].
Qed.

Lemma cut_of_props i x : (forall e, In e (e_E ev) -> fst e < snd e) ->
  cut_of ev i = Some x -> cut_props x.
Proof.
  intros HE. unfold cut_of. change (e_cuts ev) with (cut_table (e_kept ev) (e_adj ev) 0 cuts TL).
  apply (cut_table_props (e_kept ev) (e_adj ev) cut_props).
  - intros c y. apply cut_info_props; [apply kept_iff|]. intros a e. apply adj_in. exact HE.
  - intros k y H. rewrite get_TL in H. discriminate.
Qed.
End Env.

(* ---- A chain P of H: its point satisfies every row, and a leaf it reaches bounds it. ---- *)

Lemma csum_ge {A} dec (X L : list A) x : In x L -> (count_occ dec X x <= csum dec X L)%nat.
Proof. induction L as [|y L IH]; simpl; [tauto|]. intros [->|H]; [lia|specialize (IH H); lia]. Qed.

Lemma sum_csum {A} dec (f : A -> Z) (X L : list A) :
  (forall x, In x L -> f x = Z.of_nat (count_occ dec X x)) ->
  fold_right (fun x s => (f x + s)%Z) 0%Z L = Z.of_nat (csum dec X L).
Proof.
  induction L as [|y L IH]; intros H; simpl; [reflexivity|].
  rewrite IH by (intros x Hx; apply H; right; exact Hx). rewrite (H y (or_introl eq_refl)). lia.
Qed.

Lemma pairs_linked l e : NoDup l -> linked l -> In e (pairs l) ->
  exists a b, In a l /\ In b l /\ a <> b /\ ((a | b) \/ (b | a)) /\ e = norm a b.
Proof.
  induction l as [|a t IH]; intros Hn Hl He; [destruct He|].
  destruct t as [|b t]; [destruct He|].
  change (pairs (a :: b :: t)) with (norm a b :: pairs (b :: t)) in He.
  destruct Hl as [Hab Hl]. apply NoDup_cons_iff in Hn as [Ha Hn]. destruct He as [<-|He].
  - exists a, b. split; [left; reflexivity|split; [right; left; reflexivity|split; [|split; auto]]].
    intros <-. apply Ha. left. reflexivity.
  - destruct (IH Hn Hl He) as [x [y [Hx [Hy H]]]]. exists x, y. split; [right; exact Hx|split; [right; exact Hy|exact H]].
Qed.

Lemma norm_div a b : 1 <= a -> 1 <= b -> a <> b -> (a | b) \/ (b | a) ->
  fst (norm a b) < snd (norm a b) /\ (fst (norm a b) | snd (norm a b)).
Proof.
  intros Ha Hb Hab Hd. unfold norm. simpl.
  destruct Hd as [Hd|Hd].
  - assert (a <= b) by (apply N.divide_pos_le; [lia|exact Hd]).
    rewrite N.min_l, N.max_r by lia. split; [lia|exact Hd].
  - assert (b <= a) by (apply N.divide_pos_le; [lia|exact Hd]).
    rewrite N.min_r, N.max_l by lia. split; [lia|exact Hd].
Qed.

Section Point.
Variables (M L : N) (D : Z) (cuts : list (N * list N)) (P : list N).
Local Notation en := (make_env M L D cuts).
Hypothesis HP : chain M P.
Hypothesis HPH : forall x, In x P -> In x (e_Hv en).
Hypothesis H2 : (2 <= length P)%nat.
Hypothesis HE : forall e, In e (e_E en) -> fst e < snd e.
Hypothesis HHv : NoDup (e_Hv en).
Hypothesis HEn : NoDup (e_E en).
Hypothesis HM : M < K.

Local Notation X := (pairs P).
Local Notation wP := (w P).

Lemma HPn : NoDup P. Proof. apply HP. Qed.

Lemma X_in_E e : In e X -> In e (e_E en).
Proof.
  intros He. destruct (pairs_linked P e HPn (proj2 (proj2 HP)) He) as [a [b [Ha [Hb [Hab [Hd ->]]]]]].
  pose proof (proj1 (proj2 HP) a Ha). pose proof (proj1 (proj2 HP) b Hb).
  destruct (norm_div a b ltac:(lia) ltac:(lia) Hab Hd) as [H1 H3].
  destruct (norm a b) as [x y] eqn:En. simpl in H1, H3.
  apply (E_complete M L D cuts); [exact H1|exact H3| |];
    unfold norm in En; injection En as <- <-; [destruct (N.min_spec a b)|destruct (N.max_spec a b)];
    destruct H4 as [_ ->]; apply HPH; assumption.
Qed.

Lemma wy v : wP (ykey v) = Z.of_nat (count_occ N.eq_dec P v).
Proof.
  rewrite w_y, (count_nodup _ N.eq_dec _ _ HPn).
  destruct (memb v P) eqn:E; destruct (in_dec N.eq_dec v P) as [H|H]; try reflexivity;
    apply memb_In in E || (rewrite <- memb_In in H); congruence.
Qed.

Lemma Hv_le v : In v (e_Hv en) -> 1 <= v <= M.
Proof. intros H. apply (Hv_iff M L D cuts) in H. apply H. Qed.

Lemma E_le e : In e (e_E en) -> snd e < K.
Proof. destruct e as [a b]. intros H. apply (E_in M L D cuts) in H. simpl. lia. Qed.

Lemma we e : snd e < K -> wP (ekey e) = Z.of_nat (count_occ peq X e).
Proof. apply w_e. Qed.

Lemma base_val y x :
  tsum (fun k v => (v * wP k)%Z) (base en y x) =
  (y * Z.of_nat (length P) + x * Z.of_nat (length X))%Z.
Proof.
  unfold base. rewrite add_terms_sum, ev_app, !ev_map_const. simpl tsum.
  rewrite (sum_csum N.eq_dec _ P) by (intros; apply wy).
  rewrite (sum_csum peq _ X) by (intros; apply we, E_le; assumption).
  rewrite (csum_filter _ _ _ _ HHv), (csum_filter _ _ _ _ HEn).
  rewrite (filter_all _ (inb N.eq_dec (e_Hv en)) P), (filter_all _ (inb peq (e_E en)) X).
  - lia.
  - intros e He. unfold inb. destruct (in_dec _ _ _) as [|Hn]; [reflexivity|exfalso; apply Hn; apply X_in_E; exact He].
  - intros v Hv. unfold inb. destruct (in_dec _ _ _) as [|Hn]; [reflexivity|exfalso; apply Hn; apply HPH; exact Hv].
Qed.

Lemma X_len : Z.of_nat (length X) = (Z.of_nat (length P) - 1)%Z.
Proof.
  assert (Hne : P <> []) by (intros E; pose proof H2 as H3; rewrite E in H3; simpl in H3; lia).
  rewrite <- (pairs_length P Hne). lia.
Qed.

Lemma count_le1 v : (count_occ N.eq_dec P v <= 1)%nat.
Proof. rewrite (count_nodup _ N.eq_dec _ _ HPn). destruct (in_dec _ _ _); lia. Qed.

Lemma countX_le1 e : (count_occ peq X e <= 1)%nat.
Proof. rewrite (count_nodup _ peq _ _ (pairs_nodup _ HPn)). destruct (in_dec _ _ _); lia. Qed.

Lemma adj_nodup v : NoDup (adj en v).
Proof. rewrite (adj_eq M L D cuts v HE). apply NoDup_filter. exact HEn. Qed.

Lemma adj_sum v m :
  ev wP (map (fun e => (ekey e, m)) (adj en v)) = (m * Z.of_nat (csum peq X (adj en v)))%Z.
Proof.
  rewrite (ev_map_const wP ekey m). f_equal. apply sum_csum. intros e He. apply we, E_le.
  rewrite (adj_eq M L D cuts v HE) in He. apply filter_In in He. apply He.
Qed.

Lemma adj_d v : (csum peq X (adj en v) <= 2 * count_occ N.eq_dec P v)%nat.
Proof.
  rewrite (csum_filter _ _ _ _ (adj_nodup v)).
  apply Nat.le_trans with (length (filter (touches v) X)).
  - apply filter_length_le. intros e _ H. unfold inb in H. destruct (in_dec _ _ _) as [Hi|]; [|discriminate].
    rewrite (adj_eq M L D cuts v HE) in Hi. apply filter_In in Hi. apply Hi.
  - pose proof (touch_le2 v P HPn). rewrite (count_nodup _ N.eq_dec _ _ HPn).
    destruct (memb v P) eqn:E; destruct (in_dec _ _ _) as [Hi|Hi]; try lia.
    all: first [apply memb_In in E; contradiction | rewrite <- memb_In in Hi; congruence].
Qed.

Lemma adj_u v : (count_occ N.eq_dec P v <= csum peq X (adj en v))%nat.
Proof.
  rewrite (count_nodup _ N.eq_dec _ _ HPn). destruct (in_dec _ _ _) as [Hi|]; [|lia].
  destruct (touch_some v P Hi H2) as [e [He Ht]].
  pose proof (csum_ge peq X (adj en v) e). rewrite (adj_eq M L D cuts v HE) in H |- *.
  assert (In e (filter (touches v) (e_E en))) by (apply filter_In; split; [apply X_in_E; exact He|exact Ht]).
  specialize (H H0). assert (1 <= count_occ peq X e)%nat; [|lia].
  apply count_occ_In. exact He.
Qed.

Lemma row_valid r : row_ok en r = true -> (0 <= ev wP (row_terms en r))%Z.
Proof.
  destruct r as [m|v m|v m|a b m|i m]; cbn [row_ok row_terms ChainTrie.ev]; intros H.
  - lia.
  - apply andb_true_iff in H as [_ Hm]. apply Z.leb_le in Hm.
    rewrite adj_sum, wy. pose proof (adj_d v). nia.
  - apply andb_true_iff in H as [_ Hm]. apply Z.leb_le in Hm.
    rewrite adj_sum, wy. pose proof (adj_u v). nia.
  - repeat rewrite andb_true_iff in H. destruct H as [[[Ha Hb] _] Hm]. apply Z.leb_le in Hm.
    apply (kept_iff M L D cuts) in Ha. apply (kept_iff M L D cuts) in Hb.
    apply Hv_le in Ha. apply Hv_le in Hb.
    rewrite we by (unfold norm; simpl; lia). rewrite wy.
    pose proof (countX_le1 (norm a b)).
    assert (count_occ peq X (norm a b) = 0 \/ 1 <= count_occ N.eq_dec P a)%nat as [E|E]; [|rewrite E; lia|nia].
    destruct (count_occ peq X (norm a b)) eqn:C; [left; reflexivity|right].
    assert (In (norm a b) X) by (apply (count_occ_In peq); lia).
    apply pairs_in in H0 as [H3 H4]. apply (count_occ_In N.eq_dec).
    destruct (norm_has a b) as [E|E]; rewrite E in *; assumption.
  - destruct (cut_of en i) as [[[k St] ES]|] eqn:Ec; [|discriminate].
    apply Z.leb_le in H. pose proof (cut_of_props M L D cuts i _ HE Ec) as [HSn [Hk [HSH [HESn HES]]]].
    rewrite ev_app, !ev_map_const.
    rewrite (sum_csum peq _ X) by (intros e He; apply we, E_le, HES; exact He).
    rewrite (sum_csum N.eq_dec _ P) by (intros; apply wy).
    rewrite (csum_filter _ _ _ _ HESn), (csum_filter _ _ _ _ (NoDup_filter _ HSn)).
    set (f := fun v => memb v St).
    pose proof (cut_path f P) as Hp. pose proof (filter_but f k P HPn) as Hb.
    assert (length (filter (inb peq ES) X) <= length (filter (fun e => f (fst e) && f (snd e)) X))%nat.
    { apply filter_length_le. intros e _ He. unfold inb in He. destruct (in_dec _ _ _) as [Hi|]; [|discriminate].
      destruct (HES e Hi) as [_ [H3 H4]]. unfold f. apply andb_true_iff. split; apply memb_In; assumption. }
    assert (length (filter (fun v => f v && negb (N.eqb v k)) P) <=
            length (filter (inb N.eq_dec (filter (fun v => negb (N.eqb v k)) St)) P))%nat.
    { apply filter_length_le. intros v _ Hv. apply andb_true_iff in Hv as [Hv1 Hv2].
      unfold inb. destruct (in_dec _ _ _) as [|Hn]; [reflexivity|exfalso; apply Hn].
      apply filter_In. split; [apply memb_In; exact Hv1|exact Hv2]. }
    destruct (existsb f P); nia.
Qed.

Lemma rows_valid rows : forallb (row_ok en) rows = true ->
  (0 <= ev wP (flat_map (row_terms en) rows))%Z.
Proof.
  induction rows as [|r rows IH]; simpl; intros H; [lia|].
  apply andb_true_iff in H as [H1 H3]. rewrite ev_app. pose proof (row_valid r H1). specialize (IH H3). lia.
Qed.

Definition agrees (fx : list (positive * bool)) : Prop :=
  forall k b, lookup k fx = Some b -> wP k = if b then 1%Z else 0%Z.

Lemma best_ge fx k v : agrees fx -> (v * wP k <= best fx k v)%Z.
Proof.
  intros Ha. unfold best. destruct (lookup k fx) as [[|]|] eqn:E.
  - rewrite (Ha _ _ E). lia.
  - rewrite (Ha _ _ E). lia.
  - pose proof (w_bin P k HPn). nia.
Qed.

Lemma leaf_sound fx rows : agrees fx -> leaf_ok en L fx rows = true ->
  (D * Z.of_nat (length P) < D * (Z.of_N L + 1))%Z.
Proof.
  intros Ha H. unfold leaf_ok in H. apply andb_true_iff in H as [Hr Hb]. apply Z.ltb_lt in Hb.
  apply andb_true_iff in Hr as [Hr _].
  set (T := t_sum rows) in Hb. 
  pose proof (tsum_le _ _ (add_terms (base en (e_D en + T) (- T)) (flat_map (row_terms en) rows))
    (fun k v => best_ge fx k v Ha)) as Hle.
  rewrite add_terms_sum, base_val, X_len in Hle. pose proof (rows_valid rows Hr).
  change (e_D en) with D in *. nia.
Qed.

Lemma tree_sound t : forall fx, agrees fx -> tree_ok en L fx t = true ->
  (D * Z.of_nat (length P) < D * (Z.of_N L + 1))%Z.
Proof.
  induction t as [x t0 IH0 t1 IH1|rows]; intros fx Ha H; simpl in H.
  - apply andb_true_iff in H as [H H1]. apply andb_true_iff in H as [_ H0].
    pose proof (w_bin P (vkey x) HPn).
    assert (wP (vkey x) = 0 \/ wP (vkey x) = 1)%Z as [E|E] by lia.
    + apply (IH0 ((vkey x, false) :: fx)); [|exact H0]. intros k b Hk. cbn [lookup] in Hk.
      destruct (Pos.eqb_spec k (vkey x)) as [->|Hne].
      * injection Hk as <-. exact E.
      * exact (Ha _ _ Hk).
    + apply (IH1 ((vkey x, true) :: fx)); [|exact H1]. intros k b Hk. cbn [lookup] in Hk.
      destruct (Pos.eqb_spec k (vkey x)) as [->|Hne].
      * injection Hk as <-. exact E.
      * exact (Ha _ _ Hk).
  - exact (leaf_sound fx rows Ha H).
Qed.
End Point.

(* ---- The theorem. ---- *)

Lemma in_firstn {A} k (l : list A) x : In x (firstn k l) -> In x l.
Proof. intros H. rewrite <- (firstn_skipn k l). apply in_or_app. left. exact H. Qed.

Lemma chain_firstn n c k : chain n c -> chain n (firstn k c).
Proof.
  intros [Hn [Hr Hl]]. split; [|split].
  - clear Hr Hl. revert k Hn. induction c as [|a c IH]; intros [|k] Hn; simpl; try constructor.
    + apply NoDup_cons_iff in Hn as [Ha _]. intro H. apply Ha. exact (in_firstn _ _ _ H).
    + apply IH. apply NoDup_cons_iff in Hn as [_ Hn]. exact Hn.
  - intros x Hx. apply Hr. exact (in_firstn _ _ _ Hx).
  - clear Hn Hr. revert k Hl. induction c as [|a t IH]; intros [|k] Hl; try exact I.
    destruct t as [|b t]; [destruct k; exact I|].
    destruct k as [|k]; [exact I|].
    destruct Hl as [Hab Hl].
    change (firstn (S (S k)) (a :: b :: t)) with (a :: firstn (S k) (b :: t)).
    change (linked (a :: firstn (S k) (b :: t))) with (((a | b) \/ (b | a)) /\ linked (firstn (S k) (b :: t))).
    split; [exact Hab|]. apply IH. exact Hl.
Qed.

Lemma chain_mono n M c : chain n c -> n <= M -> chain M c.
Proof.
  intros [Hn [Hr Hl]] HM. split; [exact Hn|split; [|exact Hl]].
  intros x Hx. specialize (Hr x Hx). lia.
Qed.

Lemma last_in {A} (l : list A) d : l <> [] -> In (last l d) l.
Proof.
  induction l as [|a [|b l] IH]; intros H; [congruence|left; reflexivity|].
  right. apply IH. discriminate.
Qed.

Lemma removed_props M L :
  (forall p, In p (removed M L) -> 2 <= p /\ alone M p) /\
  (removed M L = [] \/
   (2 <= last (lonelies M) 0 <= M /\ alone M (last (lonelies M) 0) /\
    ~ In (last (lonelies M) 0) (removed M L))).
Proof.
  unfold removed. destruct (L <? 3); [split; [intros p []|left; reflexivity]|].
  assert (Hlo : forall p, In p (lonelies M) -> 2 <= p <= M /\ alone M p).
  { intros p Hp. unfold lonelies in Hp. apply filter_In in Hp as [Hp Hl].
    apply in_upto in Hp. apply lonely_sound in Hl. split; [lia|apply Hl]. }
  split.
  - intros p Hp. apply filter_In in Hp as [Hp _]. destruct (Hlo p Hp). split; [lia|assumption].
  - destruct (lonelies M) as [|a l] eqn:E; [left; reflexivity|right].
    destruct (Hlo (last (a :: l) 0)) as [H1 H3]; [apply last_in; discriminate|].
    split; [exact H1|split; [exact H3|]].
    intros H. apply filter_In in H as [_ H]. rewrite N.eqb_refl in H. discriminate.
Qed.

(* The checker is sound: an accepted certificate proves its claim. *)
Theorem check_sound c : check c = true -> longest_chain (cc_n c) (cc_len c).
Proof.
  destruct c as [n L ch M D cuts t]. unfold check. cbn [cc_n cc_len]. intros H. cbv zeta in H.
  repeat match goal with H : _ && _ = true |- _ => apply andb_true_iff in H as [? ?] end.
  assert (Hn1 : (1 <=? L) = true) by assumption. apply N.leb_le in Hn1.
  assert (HnM : (n <=? M) = true) by assumption. apply N.leb_le in HnM.
  assert (HMK : (M <=? 1048576) = true) by assumption. apply N.leb_le in HMK.
  assert (Hlen : (N.of_nat (length ch) =? L) = true) by assumption. apply N.eqb_eq in Hlen.
  assert (Hch : chain_okb n ch = true) by assumption.
  assert (HD : (1 <=? D)%Z = true) by assumption. apply Z.leb_le in HD.
  set (en := make_env M L D cuts) in *.
  assert (HHv : nodupN (e_Hv en) = true) by assumption. apply nodupN_sound in HHv.
  assert (HEn : nodup_from TL (map ekey (e_E en)) = true) by assumption. apply nodup_ekey_sound in HEn.
  assert (HE : forallb (fun e => fst e <? snd e) (e_E en) = true) by assumption.
  rewrite forallb_forall in HE.
  assert (HE' : forall e, In e (e_E en) -> fst e < snd e) by (intros e He; apply N.ltb_lt; apply HE; exact He).
  assert (Ht : tree_ok en L [] t = true) by assumption.
  split.
  - exists ch. split; [apply chain_okb_sound; exact Hch|exact Hlen].
  - intros c' Hc'. destruct (N.le_gt_cases (N.of_nat (length c')) L) as [Hle|Hgt]; [exact Hle|exfalso].
    set (P0 := firstn (S (N.to_nat L)) c').
    assert (HP0 : chain M P0) by (apply chain_mono with n; [apply chain_firstn; exact Hc'|exact HnM]).
    assert (HlP0 : length P0 = S (N.to_nat L)) by (unfold P0; rewrite firstn_length; lia).
    assert (Hred : exists P, chain M P /\ length P = length P0 /\
                             forall x, In x P -> ~ In x (removed M L)).
    { destruct (removed_props M L) as [HR [HR0|[Hk [Hak HkR]]]].
      - exists P0. split; [exact HP0|split; [reflexivity|]]. rewrite HR0. intros x _ [].
      - destruct (N.lt_ge_cases L 3) as [HL|HL].
        + exists P0. split; [exact HP0|split; [reflexivity|]]. unfold removed.
          rewrite (proj2 (N.ltb_lt _ _) HL). intros x _ [].
        + apply (reduce M P0 (removed M L) (last (lonelies M) 0)); auto. lia. }
    destruct Hred as [P [HP [HlP HPR]]].
    assert (HPH : forall x, In x P -> In x (e_Hv en)).
    { intros x Hx. apply Hv_iff. split; [apply (proj1 (proj2 HP)); exact Hx|apply HPR; exact Hx]. }
    pose proof (tree_sound M L D cuts P HP HPH ltac:(lia) HE' HHv HEn ltac:(unfold K; lia) t []
      ltac:(intros k b Hk; discriminate) Ht) as Hb.
    rewrite HlP, HlP0 in Hb. nia.
Qed.

(* A list of accepted certificates proves each n for which it holds a certificate of n and of
   the term a(n) of [terms] (the n-th, counting from 0). *)
Definition covered_by (certs : list ccert) (terms : list N) (n : N) : bool :=
  existsb (fun c => (cc_n c =? n) && (cc_len c =? nth (N.to_nat n) terms 0)) certs.

Theorem covered_sound certs terms n : forallb check certs = true ->
  covered_by certs terms n = true -> longest_chain n (nth (N.to_nat n) terms 0).
Proof.
  intros Hok H. apply existsb_exists in H as [c [Hc E]]. apply andb_true_iff in E as [E1 E2].
  apply N.eqb_eq in E1. apply N.eqb_eq in E2. rewrite <- E2, <- E1.
  apply check_sound. exact (proj1 (forallb_forall _ _) Hok c Hc).
Qed.
