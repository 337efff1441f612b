(* Binary tries keyed by [positive] (the checker's tables: one number a key), their sums, and
   counting in lists; what the chain checker (ChainCheck.v) computes with and its soundness
   proof (ChainSound.v) reasons with. *)
From Coq Require Import NArith ZArith List Bool Lia.
Import ListNotations.

Inductive tr (A : Type) := TL | TN (l : tr A) (x : A) (r : tr A).
Arguments TL {A}.
Arguments TN {A} l x r.

(* The value at [k], [d] where none was written. *)
Fixpoint get {A} (d : A) (k : positive) (t : tr A) : A :=
  match t with
  | TL => d
  | TN l x r => match k with xH => x | xO k' => get d k' l | xI k' => get d k' r end
  end.

(* The trie with the value at [k] replaced by [f] of it. *)
Fixpoint upd {A} (d : A) (k : positive) (f : A -> A) (t : tr A) : tr A :=
  match t with
  | TL => match k with
          | xH => TN TL (f d) TL
          | xO k' => TN (upd d k' f TL) d TL
          | xI k' => TN TL d (upd d k' f TL)
          end
  | TN l x r => match k with
                | xH => TN l (f x) r
                | xO k' => TN (upd d k' f l) x r
                | xI k' => TN l x (upd d k' f r)
                end
  end.

Lemma get_TL {A} (d : A) k : get d k TL = d.
Proof. destruct k; reflexivity. Qed.

Lemma get_upd {A} (d : A) k k' f t :
  get d k (upd d k' f t) = if Pos.eqb k k' then f (get d k t) else get d k t.
Proof.
  revert k k' t. induction k as [k IH|k IH|]; intros [k'|k'|] [|l x r]; simpl;
    rewrite ?IH, ?get_TL; try reflexivity; destruct (Pos.eqb k k'); reflexivity.
Qed.

(* The sum of [g k v] over the values v written, k their key. *)
Fixpoint tsum (g : positive -> Z -> Z) (t : tr Z) : Z :=
  match t with
  | TL => 0
  | TN l x r => (g xH x + tsum (fun k => g (xO k)) l + tsum (fun k => g (xI k)) r)%Z
  end.

Lemma tsum_upd g k f t : (forall k, g k 0%Z = 0%Z) ->
  tsum g (upd 0%Z k f t) = (tsum g t + g k (f (get 0%Z k t)) - g k (get 0%Z k t))%Z.
Proof.
  revert g t. induction k as [k IH|k IH|]; intros g [|l x r] Hg; simpl;
    rewrite ?IH, ?get_TL, ?Hg by (intros; apply Hg); simpl; lia.
Qed.

Lemma tsum_le g1 g2 t : (forall k v, (g1 k v <= g2 k v)%Z) -> (tsum g1 t <= tsum g2 t)%Z.
Proof.
  revert g1 g2. induction t as [|l IHl x r IHr]; intros g1 g2 H; simpl; [lia|].
  pose proof (H xH x). pose proof (IHl (fun k => g1 (xO k)) (fun k => g2 (xO k)) (fun k => H _)).
  pose proof (IHr (fun k => g1 (xI k)) (fun k => g2 (xI k)) (fun k => H _)). lia.
Qed.

(* Adds each coefficient to the value at its key. *)
Definition add_terms (t : tr Z) (ts : list (positive * Z)) : tr Z :=
  fold_left (fun t kc => upd 0%Z (fst kc) (Z.add (snd kc)) t) ts t.

(* The value of the terms at the point [w]: the sum of c * w k. *)
Fixpoint ev (w : positive -> Z) (ts : list (positive * Z)) : Z :=
  match ts with [] => 0%Z | (k, c) :: ts' => (c * w k + ev w ts')%Z end.

Lemma ev_app w a b : ev w (a ++ b) = (ev w a + ev w b)%Z.
Proof. induction a as [|[k c] a IH]; simpl; lia. Qed.

Lemma add_terms_sum w t ts :
  tsum (fun k v => v * w k)%Z (add_terms t ts) = (tsum (fun k v => v * w k)%Z t + ev w ts)%Z.
Proof.
  revert t. induction ts as [|[k c] ts IH]; intros t; simpl; [lia|].
  unfold add_terms in *. simpl. rewrite IH, tsum_upd by (intros; lia). lia.
Qed.

Lemma ev_map_const {B} w (f : B -> positive) c (l : list B) :
  ev w (map (fun x => (f x, c)) l) = (c * fold_right (fun x s => w (f x) + s) 0 l)%Z.
Proof. induction l as [|x l IH]; simpl; [lia|]. rewrite IH. lia. Qed.

(* A set of keys, and a check that a list of keys has no repeat. *)
Definition mark (t : tr bool) (k : positive) : tr bool := upd false k (fun _ => true) t.

Fixpoint nodup_from (seen : tr bool) (ks : list positive) : bool :=
  match ks with
  | [] => true
  | k :: ks' => negb (get false k seen) && nodup_from (mark seen k) ks'
  end.

Lemma nodup_from_sound ks : forall seen, nodup_from seen ks = true ->
  NoDup ks /\ forall k, In k ks -> get false k seen = false.
Proof.
  induction ks as [|k ks IH]; intros seen H; simpl in *.
  - split; [constructor|tauto].
  - apply andb_true_iff in H as [H1 H2]. apply negb_true_iff in H1.
    destruct (IH _ H2) as [Hn Hs]. unfold mark in Hs. split.
    + constructor; [|exact Hn]. intro Hk. specialize (Hs k Hk).
      rewrite get_upd, Pos.eqb_refl in Hs. discriminate.
    + intros k' [<-|Hk']; [exact H1|]. specialize (Hs k' Hk').
      rewrite get_upd in Hs. destruct (Pos.eqb k' k); [discriminate|exact Hs].
Qed.

Lemma marks_in ks : forall t k, get false k (fold_left mark ks t) = true <->
  In k ks \/ get false k t = true.
Proof.
  induction ks as [|k' ks IH]; intros t k; simpl; [tauto|]. rewrite IH. unfold mark.
  rewrite get_upd. destruct (Pos.eqb k k') eqn:E.
  - apply Pos.eqb_eq in E. subst. tauto.
  - apply Pos.eqb_neq in E. split; [intros [H|H]; tauto|].
    intros [[H|H]|H]; [congruence|tauto|tauto].
Qed.

(* Counting: over a list with no repeat, the counts of its members in X add up to the
   number of X's members that are in it. *)
Section Count.
Variable A : Type.
Variable dec : forall x y : A, {x = y} + {x <> y}.

Definition inb (L : list A) (x : A) : bool := if in_dec dec x L then true else false.

Fixpoint csum (X : list A) (L : list A) : nat :=
  match L with [] => 0 | e :: L' => count_occ dec X e + csum X L' end.

Lemma csum_nil L : csum [] L = 0.
Proof. induction L; simpl; auto. Qed.

Lemma csum_cons x X L : NoDup L ->
  csum (x :: X) L = (if in_dec dec x L then 1 else 0) + csum X L.
Proof.
  induction L as [|e L IH]; intros Hn; simpl; [reflexivity|].
  apply NoDup_cons_iff in Hn as [He Hn']. rewrite IH by exact Hn'.
  destruct (dec x e) as [Hxe|Hxe]; destruct (in_dec dec x L) as [Hi|Hi];
    destruct (dec e x) as [Hex|Hex]; subst; try congruence; try tauto; simpl; lia.
Qed.

Lemma csum_filter X L : NoDup L -> csum X L = length (filter (inb L) X).
Proof.
  intros Hn. induction X as [|x X IH]; [apply csum_nil|].
  rewrite csum_cons by exact Hn. rewrite IH. simpl.
  destruct (inb L x) eqn:E; unfold inb in E; destruct (in_dec dec x L); try discriminate;
    reflexivity.
Qed.

Lemma filter_length_le (f g : A -> bool) X : (forall x, In x X -> f x = true -> g x = true) ->
  length (filter f X) <= length (filter g X).
Proof.
  induction X as [|x X IH]; intros H; simpl; [lia|].
  destruct (f x) eqn:E; [rewrite (H x (or_introl eq_refl) E)|destruct (g x)]; simpl;
    specialize (IH (fun y Hy => H y (or_intror Hy))); lia.
Qed.

Lemma filter_all (f : A -> bool) X : (forall x, In x X -> f x = true) ->
  length (filter f X) = length X.
Proof.
  induction X as [|x X IH]; intros H; simpl; [reflexivity|].
  rewrite (H x (or_introl eq_refl)). simpl. rewrite IH; [reflexivity|]. intros y Hy. apply H. right. exact Hy.
Qed.

Lemma count_nodup X x : NoDup X -> count_occ dec X x = if in_dec dec x X then 1 else 0.
Proof.
  intros Hn. destruct (in_dec dec x X) as [Hi|Hi].
  - exact (proj1 (NoDup_count_occ' dec X) Hn x Hi).
  - apply count_occ_not_In. exact Hi.
Qed.
End Count.
Arguments inb {A} dec L x.
Arguments csum {A} dec X L.
