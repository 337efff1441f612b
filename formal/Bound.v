(* The easy half of the Tutte-Berge formula: a set T of numbers and a labelling
   of the other numbers, constant along every edge between two of them, bound
   every matching. If k labels each have an odd number of numbers, every
   matching M of V satisfies 2 |M| + k <= |V| + |T|: each odd class holds a
   number that is in no pair or is paired into T, and different classes give
   different such numbers. (The classes need not be connected.) *)
From Coq Require Import NArith Arith List Bool Lia.
Import ListNotations.
From JG Require Import Matching.
Open Scope N_scope.

(* ---- Lists without repetition. ---- *)

Lemma nodup_same_length (l l' : list N) : NoDup l -> NoDup l' ->
  (forall x, In x l <-> In x l') -> length l = length l'.
Proof.
  intros H H' E. apply Nat.le_antisymm; apply NoDup_incl_length; auto; intros x; apply E.
Qed.

Lemma rem_length_in x (l : list N) : NoDup l -> In x l -> S (length (rem x l)) = length l.
Proof.
  induction l as [|y l IH]; intros Hnd Hx; [destruct Hx|].
  inversion Hnd as [|? ? Hy Hnd']; subst. unfold rem in *. simpl.
  destruct (N.eqb_spec y x) as [->|Hne]; simpl.
  - f_equal. assert (E : forall l, ~ In x l -> filter (fun z => negb (z =? x)) l = l).
    { induction l0 as [|z l0 IH0]; intros Hn; simpl; [reflexivity|].
      destruct (N.eqb_spec z x); [subst; exfalso; apply Hn; left; reflexivity|].
      simpl. f_equal. apply IH0. intros H. apply Hn. right. exact H. }
    rewrite (E l Hy). reflexivity.
  - f_equal. apply IH; [exact Hnd'|]. destruct Hx as [->|Hx]; [congruence|exact Hx].
Qed.

Lemma nodup_rem x l : NoDup l -> NoDup (rem x l).
Proof. intros H. apply NoDup_filter. exact H. Qed.

Lemma filter_length_split {A} (f : A -> bool) (l : list A) :
  (length (filter f l) + length (filter (fun x => negb (f x)) l) = length l)%nat.
Proof. induction l as [|x l IH]; simpl; [reflexivity|]. destruct (f x); simpl; lia. Qed.

(* ---- Partners in a matching. ---- *)

Definition mate (M : list (N * N)) (x y : N) : Prop := In (x, y) M \/ In (y, x) M.

Lemma mate_sym M x y : mate M x y -> mate M y x.
Proof. unfold mate. tauto. Qed.

Lemma ends_share M p q : NoDup (ends M) -> In p M -> In q M ->
  (fst p = fst q \/ fst p = snd q \/ snd p = fst q \/ snd p = snd q) -> p = q.
Proof.
  induction M as [|r M IH]; intros Hnd Hp Hq Hs; [destruct Hp|].
  change (ends (r :: M)) with (fst r :: snd r :: ends M) in Hnd.
  inversion Hnd as [|? ? H1 Hnd1]; subst. inversion Hnd1 as [|? ? H2 Hnd2]; subst.
  assert (Hin : forall s, In s M -> In (fst s) (ends M) /\ In (snd s) (ends M)).
  { intros s Hs'. split; apply in_ends; exists (fst s), (snd s); destruct s; simpl; auto. }
  destruct Hp as [<-|Hp]; destruct Hq as [<-|Hq]; [reflexivity| | |exact (IH Hnd2 Hp Hq Hs)].
  - destruct (Hin q Hq) as [A B]. exfalso.
    destruct Hs as [E|[E|[E|E]]]; rewrite E in *; [apply H1|apply H1|apply H2|apply H2];
      simpl; auto.
  - destruct (Hin p Hp) as [A B]. exfalso.
    destruct Hs as [E|[E|[E|E]]]; [rewrite <- E in *|rewrite <- E in *|rewrite <- E in *|rewrite <- E in *];
      [apply H1|apply H2|apply H1|apply H2]; simpl; auto.
Qed.

Lemma ends_irrefl M a b : NoDup (ends M) -> In (a, b) M -> a <> b.
Proof.
  induction M as [|r M IH]; intros Hnd Hab; [destruct Hab|].
  change (ends (r :: M)) with (fst r :: snd r :: ends M) in Hnd.
  inversion Hnd as [|? ? H1 Hnd1]; subst. inversion Hnd1 as [|? ? H2 Hnd2]; subst.
  destruct Hab as [E|Hab]; [subst r; simpl in H1; intros ->; apply H1; left; reflexivity|].
  exact (IH Hnd2 Hab).
Qed.

Lemma mate_fun M x y y' : NoDup (ends M) -> mate M x y -> mate M x y' -> y = y'.
Proof.
  intros Hnd [H|H] [H'|H'];
    pose proof (ends_share M _ _ Hnd H H' ltac:(simpl; tauto)) as E; injection E; intros; subst;
    try reflexivity.
  all: pose proof (ends_irrefl M _ _ Hnd H); pose proof (ends_irrefl M _ _ Hnd H'); congruence.
Qed.

Lemma mate_ends M x y : mate M x y -> In x (ends M) /\ In y (ends M).
Proof. intros [H|H]; split; apply in_ends; eauto. Qed.

Definition mateb (M : list (N * N)) (x y : N) : bool :=
  existsb (fun p => (fst p =? x) && (snd p =? y) || (fst p =? y) && (snd p =? x)) M.

Lemma mateb_spec M x y : mateb M x y = true <-> mate M x y.
Proof.
  unfold mateb, mate. rewrite existsb_exists. split.
  - intros [[a b] [Hp E]]. simpl in E.
    rewrite orb_true_iff, !andb_true_iff, !N.eqb_eq in E. destruct E as [[-> ->]|[-> ->]]; tauto.
  - intros [H|H]; [exists (x, y)|exists (y, x)]; split; auto; simpl; rewrite !N.eqb_refl;
      [reflexivity|apply orb_true_r].
Qed.

(* A list of numbers each paired inside the list has an even length. *)
Lemma paired_even M : NoDup (ends M) -> forall C, NoDup C ->
  (forall x, In x C -> exists y, In y C /\ mate M x y) -> Nat.Even (length C).
Proof.
  intros HM. intros C. remember (length C) as l eqn:El. revert C El.
  induction l as [l IH] using lt_wf_ind. intros C El Hnd Hp.
  destruct C as [|x C']; [subst; exists 0%nat; reflexivity|].
  destruct (Hp x (or_introl eq_refl)) as [y [Hy Hxy]].
  assert (Hyx : y <> x).
  { intros ->. destruct Hxy as [H|H]; exact (ends_irrefl M x x HM H eq_refl). }
  inversion Hnd as [|? ? Hx Hnd']; subst.
  assert (Hy' : In y C') by (destruct Hy as [->|Hy]; [congruence|exact Hy]).
  pose proof (rem_length_in y C' Hnd' Hy') as L.
  assert (Hev : Nat.Even (length (rem y C'))).
  { apply (IH (length (rem y C')) ltac:(simpl; lia) (rem y C') eq_refl (nodup_rem _ _ Hnd')).
    intros z Hz. apply in_rem in Hz as [Hz Hzy].
    destruct (Hp z (or_intror Hz)) as [w [Hw Hzw]]. exists w. split; [|exact Hzw].
    apply in_rem. split.
    - destruct Hw as [<-|Hw]; [|exact Hw]. exfalso.
      apply Hzy. exact (mate_fun M x z y HM (mate_sym _ _ _ Hzw) Hxy).
    - intros ->. pose proof (mate_fun M y z x HM (mate_sym _ _ _ Hzw) (mate_sym _ _ _ Hxy)) as E.
      subst z. exact (Hx Hz). }
  destruct Hev as [h Hh]. exists (S h). simpl. lia.
Qed.

(* ---- The bound. ---- *)

Section Bound.
Variables (V T : list N) (lab : N -> N) (K : list N).
Hypothesis HV : NoDup V.
Hypothesis HK : NoDup K.
Hypothesis Hclosed : forall a b, In a V -> In b V -> ~ In a T -> ~ In b T -> adj a b ->
  lab a = lab b.

Definition inT (x : N) : bool := existsb (N.eqb x) T.

Lemma inT_spec x : inT x = true <-> In x T.
Proof.
  unfold inT. rewrite existsb_exists. split.
  - intros [y [Hy E]]. apply N.eqb_eq in E. subst. exact Hy.
  - intros H. exists x. split; [exact H|apply N.eqb_refl].
Qed.

(* The class of a label: the numbers of V outside T that carry it. *)
Definition cls (l : N) : list N := filter (fun x => negb (inT x) && (lab x =? l)) V.

Lemma in_cls l x : In x (cls l) <-> In x V /\ ~ In x T /\ lab x = l.
Proof.
  unfold cls. rewrite filter_In, andb_true_iff, negb_true_iff, N.eqb_eq,
    <- not_true_iff_false, inT_spec. tauto.
Qed.

Definition odd_count : nat := length (filter (fun l => Nat.odd (length (cls l))) K).

Variable M : list (N * N).
Hypothesis HM : matching V M.

(* The numbers each odd class sends out of itself. *)
Lemma forallb_false_ex {A} (f : A -> bool) l : forallb f l = false -> exists x, In x l /\ f x = false.
Proof.
  induction l as [|x l IH]; simpl; [discriminate|].
  destruct (f x) eqn:E; simpl; [intros H; destruct (IH H) as [y [H1 H2]]; eauto|eauto].
Qed.

Lemma mate_adj x y : mate M x y -> adj x y /\ In y V.
Proof.
  destruct HM as [HMe _]. intros [H|H]; destruct (HMe _ _ H) as [A [B C]];
    [split; assumption|split; [apply adj_sym; exact A|exact B]].
Qed.

Lemma sinks : forall K', NoDup K' ->
  exists U W : list N, NoDup U /\ NoDup W /\
    (forall u, In u U -> In u V /\ ~ In u (ends M) /\ ~ In u T /\ In (lab u) K') /\
    (forall w, In w W -> In w T /\ exists x, mate M x w /\ In x V /\ ~ In x T /\ In (lab x) K') /\
    (length U + length W = length (filter (fun l => Nat.odd (length (cls l))) K'))%nat.
Proof.
  pose proof HM as [HMe HMnd].
  induction K' as [|l K' IH]; intros HK'.
  { exists [], []. split; [constructor|]. split; [constructor|].
    split; [intros u []|]. split; [intros w []|]. reflexivity. }
  inversion HK' as [|? ? Hl HK'']; subst.
  destruct (IH HK'') as [U [W [HU [HW [HUs [HWs E]]]]]].
  simpl. destruct (Nat.odd (length (cls l))) eqn:Hodd; simpl.
  2: { exists U, W. split; [exact HU|]. split; [exact HW|]. split; [|split; [|exact E]].
       - intros u Hu. destruct (HUs u Hu) as [A [B [C D]]]. repeat split; auto; right; exact D.
       - intros w Hw. destruct (HWs w Hw) as [A [x [B [C [D F]]]]].
         split; [exact A|]. exists x. repeat split; auto; right; exact F. }
  (* The class of l is odd: some number of it has no partner inside it. *)
  destruct (forallb (fun x => existsb (mateb M x) (cls l)) (cls l)) eqn:Hall.
  { exfalso. assert (Hev : Nat.Even (length (cls l))).
    { apply (paired_even M HMnd); [apply NoDup_filter; exact HV|].
      intros x Hx. rewrite forallb_forall in Hall. specialize (Hall x Hx).
      apply existsb_exists in Hall as [y [Hy E']]. apply mateb_spec in E'. eauto. }
    apply Nat.even_spec in Hev. rewrite <- Nat.negb_even, Hev in Hodd. discriminate. }
  destruct (forallb_false_ex _ _ Hall) as [x [Hx Hnone]].
  assert (Hno : forall y, In y (cls l) -> ~ mate M x y).
  { intros y Hy Hxy. apply mateb_spec in Hxy.
    assert (existsb (mateb M x) (cls l) = true) by (apply existsb_exists; eauto). congruence. }
  apply in_cls in Hx as [HxV [HxT Hxl]].
  destruct (in_dec N.eq_dec x (ends M)) as [Hxm|Hxm].
  - (* x is paired out of its class, so into T. *)
    assert (Hy : exists y, mate M x y).
    { apply in_ends in Hxm as [a [b [Hab [-> | ->]]]]; [exists b; left|exists a; right]; exact Hab. }
    destruct Hy as [y Hxy]. destruct (mate_adj x y Hxy) as [Hadj HyV].
    destruct (in_dec N.eq_dec y T) as [HyT|HyT].
    2: { exfalso. apply (Hno y); [|exact Hxy]. apply in_cls. repeat split; auto.
         rewrite <- Hxl. symmetry. exact (Hclosed x y HxV HyV HxT HyT Hadj). }
    exists U, (y :: W). split; [exact HU|]. split; [|split; [|split]].
    + constructor; [|exact HW]. intros Hw. destruct (HWs y Hw) as [_ [x' [H1 [_ [_ H4]]]]].
      rewrite (mate_fun M y x x' HMnd (mate_sym _ _ _ Hxy) (mate_sym _ _ _ H1)) in Hxl.
      apply Hl. rewrite <- Hxl. exact H4.
    + intros u Hu. destruct (HUs u Hu) as [A [B [C D]]]. repeat split; auto; right; exact D.
    + intros w [<-|Hw].
      * split; [exact HyT|]. exists x. repeat split; auto; left; symmetry; exact Hxl.
      * destruct (HWs w Hw) as [A [x' [B [C [D F]]]]].
        split; [exact A|]. exists x'. repeat split; auto; right; exact F.
    + simpl. lia.
  - (* x is in no pair. *)
    exists (x :: U), W. split; [|split; [exact HW|split; [|split]]].
    + constructor; [|exact HU]. intros Hu. destruct (HUs x Hu) as [_ [_ [_ H]]].
      apply Hl. rewrite <- Hxl. exact H.
    + intros u [<-|Hu].
      * repeat split; auto; left; symmetry; exact Hxl.
      * destruct (HUs u Hu) as [A [B [C D]]]. repeat split; auto; right; exact D.
    + intros w Hw. destruct (HWs w Hw) as [A [x' [B [C [D F]]]]].
      split; [exact A|]. exists x'. repeat split; auto; right; exact F.
    + simpl. lia.
Qed.

Lemma length_ends M0 : length (ends M0) = (2 * length M0)%nat.
Proof. induction M0 as [|p M0 IH]; simpl; [reflexivity|]. rewrite IH. lia. Qed.

Theorem matching_bound : (2 * length M + odd_count <= length V + length T)%nat.
Proof.
  pose proof HM as [HMe HMnd].
  destruct (sinks K HK) as [U [W [HU [HW [HUs [HWs E]]]]]]. unfold odd_count. rewrite <- E.
  (* The numbers of V in no pair: |V| - 2 |M| of them. *)
  set (Vu := filter (fun x => negb (existsb (N.eqb x) (ends M))) V).
  set (Vm := filter (fun x => existsb (N.eqb x) (ends M)) V).
  assert (E1 : (length Vm + length Vu = length V)%nat) by apply filter_length_split.
  assert (E2 : length Vm = length (ends M)).
  { apply nodup_same_length; [apply NoDup_filter; exact HV|exact HMnd|].
    intros x. unfold Vm. rewrite filter_In, existsb_eqb. split; [tauto|].
    intros H. split; [exact (matching_ends _ _ _ HM H)|exact H]. }
  assert (E3 : (length U <= length Vu)%nat).
  { apply NoDup_incl_length; [exact HU|]. intros u Hu. destruct (HUs u Hu) as [A [B _]].
    unfold Vu. apply filter_In. split; [exact A|]. apply negb_true_iff.
    apply not_true_iff_false. rewrite existsb_eqb. exact B. }
  assert (E4 : (length W <= length T)%nat).
  { apply NoDup_incl_length; [exact HW|]. intros w Hw. apply (HWs w Hw). }
  rewrite length_ends in E2. lia.
Qed.

End Bound.

(* ---- Taking one number away. ---- *)

Lemma count_ext (f g : N -> bool) K : (forall l, In l K -> f l = g l) ->
  length (filter f K) = length (filter g K).
Proof. intros H. f_equal. apply filter_ext_in. exact H. Qed.

Lemma count_flip (f g : N -> bool) K l0 : NoDup K -> In l0 K -> f l0 = false -> g l0 = true ->
  (forall l, In l K -> l <> l0 -> f l = g l) ->
  length (filter g K) = S (length (filter f K)).
Proof.
  induction K as [|l K IH]; intros Hnd Hin Hf Hg Hs; [destruct Hin|].
  inversion Hnd as [|? ? Hl HndK]; subst. simpl.
  destruct Hin as [<-|Hin].
  - rewrite Hf, Hg. simpl. f_equal. f_equal. apply filter_ext_in.
    intros l' Hl'. symmetry. apply Hs; [right; exact Hl'|]. intros ->. contradiction.
  - assert (Hne : l <> l0) by (intros ->; contradiction).
    rewrite (Hs l (or_introl eq_refl) Hne). destruct (g l); simpl; [f_equal|];
      apply IH; auto; intros l' Hl' Hne'; apply Hs; auto; right; exact Hl'.
Qed.

Lemma nodup_cls V T lab l : NoDup V -> NoDup (cls V T lab l).
Proof. intros H. apply NoDup_filter. exact H. Qed.

(* A number of T: the bound for V and T, each without it, is one pair lower. *)
Theorem bound_without_barrier V T lab K M v : NoDup V -> NoDup T -> NoDup K -> In v T ->
  In v V ->
  (forall a b, In a V -> In b V -> ~ In a T -> ~ In b T -> adj a b -> lab a = lab b) ->
  matching (rem v V) M ->
  (2 * length M + odd_count V T lab K + 2 <= length V + length T)%nat.
Proof.
  intros HV HT HK HvT HvV Hcl HM.
  assert (Hcl' : forall a b, In a (rem v V) -> In b (rem v V) -> ~ In a (rem v T) ->
            ~ In b (rem v T) -> adj a b -> lab a = lab b).
  { intros a b Ha Hb HaT HbT Hab. apply in_rem in Ha as [Ha Hav]. apply in_rem in Hb as [Hb Hbv].
    rewrite in_rem in HaT, HbT. apply Hcl; auto; tauto. }
  pose proof (matching_bound (rem v V) (rem v T) lab K (nodup_rem _ _ HV) HK Hcl' M HM) as B.
  assert (E : odd_count (rem v V) (rem v T) lab K = odd_count V T lab K).
  { unfold odd_count. apply count_ext. intros l _. f_equal.
    apply nodup_same_length; try apply nodup_cls; try apply nodup_rem; auto.
    intros x. rewrite !in_cls, !in_rem. split; [tauto|].
    intros [H1 [H2 H3]]. repeat split; auto; [intros ->; contradiction|].
    intros [H4 _]. contradiction. }
  pose proof (rem_length_in v V HV HvV). pose proof (rem_length_in v T HT HvT). lia.
Qed.

(* A number outside T whose class is even: without it, its class is odd, and the
   bound for V without it is one pair lower. *)
Theorem bound_without_even V T lab K M v : NoDup V -> NoDup K -> In v V -> ~ In v T ->
  In (lab v) K -> Nat.Even (length (cls V T lab (lab v))) ->
  (forall a b, In a V -> In b V -> ~ In a T -> ~ In b T -> adj a b -> lab a = lab b) ->
  matching (rem v V) M ->
  (2 * length M + odd_count V T lab K + 2 <= length V + length T)%nat.
Proof.
  intros HV HK HvV HvT HvK Hev Hcl HM.
  assert (Hcl' : forall a b, In a (rem v V) -> In b (rem v V) -> ~ In a T ->
            ~ In b T -> adj a b -> lab a = lab b).
  { intros a b Ha Hb HaT HbT Hab. rewrite in_rem in *. apply Hcl; tauto. }
  pose proof (matching_bound (rem v V) T lab K (nodup_rem _ _ HV) HK Hcl' M HM) as B.
  assert (Hv : In v (cls V T lab (lab v))) by (apply in_cls; auto).
  assert (E : odd_count (rem v V) T lab K = S (odd_count V T lab K)).
  { unfold odd_count. apply (count_flip _ _ K (lab v) HK HvK).
    - apply Nat.even_spec in Hev. rewrite <- Nat.negb_even, Hev. reflexivity.
    - pose proof (rem_length_in v _ (nodup_cls V T lab (lab v) HV) Hv) as L.
      assert (E' : length (cls (rem v V) T lab (lab v)) = length (rem v (cls V T lab (lab v)))).
      { apply nodup_same_length; [apply nodup_cls, nodup_rem, HV|apply nodup_rem, nodup_cls, HV|].
        intros x. rewrite in_cls, !in_rem, in_cls. tauto. }
      rewrite E', <- Nat.negb_even. apply Nat.even_spec in Hev.
      rewrite <- L in Hev. rewrite Nat.even_succ, <- Nat.negb_even in Hev.
      destruct (Nat.even (length (rem v (cls V T lab (lab v))))); [discriminate|reflexivity].
    - intros l _ Hne. f_equal. apply nodup_same_length; try apply nodup_cls; try apply nodup_rem; auto.
      intros x. rewrite !in_cls, in_rem. split; [|tauto].
      intros [H1 [H2 H3]]. repeat split; auto. intros ->. apply Hne. symmetry. exact H3. }
  pose proof (rem_length_in v V HV HvV). lia.
Qed.
