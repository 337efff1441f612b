(* Matchings of the divisor graph, and the game theorem they give: from any
   position, the player to move wins iff the number just named lies in every
   maximum matching of the numbers not named before it (Fraenkel, Scheinerman
   and Ullman, "Undirected edge geography", Theoretical Computer Science 112
   (1993); here for vertices, proved by induction over the game).

   The graph: two different numbers are joined when one divides the other, so
   the moves of the game are the edges. A matching of a list of numbers V is a
   list of disjoint pairs of joined numbers of V; [is_nu V k] says that the
   largest matchings of V have k pairs. *)
From Coq Require Import NArith Arith List Bool Lia.
Import ListNotations.
From JG Require Import Rules.
Open Scope N_scope.

Definition adj (a b : N) : Prop := a <> b /\ ((a | b) \/ (b | a)).

Definition ends (M : list (N * N)) : list N := flat_map (fun p => [fst p; snd p]) M.

Definition matching (V : list N) (M : list (N * N)) : Prop :=
  (forall a b, In (a, b) M -> adj a b /\ In a V /\ In b V) /\ NoDup (ends M).

Definition is_nu (V : list N) (k : nat) : Prop :=
  (exists M, matching V M /\ length M = k) /\ (forall M, matching V M -> (length M <= k)%nat).

(* [V] without [x]. *)
Definition rem (x : N) (V : list N) : list N := filter (fun y => negb (y =? x)) V.

Lemma adj_sym a b : adj a b -> adj b a.
Proof. unfold adj. intuition. Qed.

Lemma in_rem x y V : In y (rem x V) <-> In y V /\ y <> x.
Proof.
  unfold rem. rewrite filter_In. destruct (N.eqb_spec y x); simpl; intuition; discriminate.
Qed.

Lemma rem_length_le x V : (length (rem x V) <= length V)%nat.
Proof.
  induction V as [|y V IH]; simpl; [lia|]. destruct (negb (y =? x)); simpl; lia.
Qed.

Lemma in_ends x M : In x (ends M) <-> exists a b, In (a, b) M /\ (x = a \/ x = b).
Proof.
  unfold ends. rewrite in_flat_map. split.
  - intros [[a b] [H1 H2]]. exists a, b. simpl in H2. intuition.
  - intros [a [b [H1 H2]]]. exists (a, b). simpl. intuition.
Qed.

Lemma ends_app M1 M2 : ends (M1 ++ M2) = ends M1 ++ ends M2.
Proof. apply flat_map_app. Qed.

Lemma matching_ends V M x : matching V M -> In x (ends M) -> In x V.
Proof.
  intros [HM _] Hx. apply in_ends in Hx as [a [b [Hab [-> | ->]]]]; apply (HM a b Hab).
Qed.

Lemma matching_ext V V' M : (forall x, In x V -> In x V') -> matching V M -> matching V' M.
Proof.
  intros Hinc [HM Hnd]. split; [|exact Hnd].
  intros a b Hab. destruct (HM a b Hab) as [H1 [H2 H3]]. auto.
Qed.

(* Taking one pair out of a matching. *)
Lemma split_pair V M a b : matching V M -> In (a, b) M ->
  exists M', matching (rem b (rem a V)) M' /\ length M = S (length M') /\
             adj a b /\ In a V /\ In b V /\ (forall p, In p M' -> In p M) /\
             (forall p, In p M -> p <> (a, b) -> In p M').
Proof.
  intros [HM Hnd] Hin. destruct (HM a b Hin) as [Hab [Ha Hb]].
  destruct (in_split _ _ Hin) as [M1 [M2 ->]].
  rewrite ends_app in Hnd. simpl in Hnd.
  assert (Hnd1 := NoDup_remove_1 _ _ _ Hnd). assert (Hna := NoDup_remove_2 _ _ _ Hnd).
  assert (Hnd2 := NoDup_remove_1 _ _ _ Hnd1). assert (Hnb := NoDup_remove_2 _ _ _ Hnd1).
  exists (M1 ++ M2). split; [split|].
  - intros c d Hcd.
    assert (Hcd' : In (c, d) (M1 ++ (a, b) :: M2))
      by (apply in_app_or in Hcd; apply in_or_app; simpl; tauto).
    destruct (HM c d Hcd') as [H1 [H2 H3]].
    assert (Hc : In c (ends (M1 ++ M2))) by (apply in_ends; exists c, d; auto).
    assert (Hd : In d (ends (M1 ++ M2))) by (apply in_ends; exists c, d; auto).
    rewrite ends_app in Hc, Hd.
    assert (Hout : forall y, In y (ends M1 ++ ends M2) -> y <> a /\ y <> b).
    { intros y Hy. split; intros ->; [|exact (Hnb Hy)].
      apply Hna. apply in_app_or in Hy. apply in_or_app. simpl. tauto. }
    destruct (Hout c Hc). destruct (Hout d Hd). rewrite !in_rem. tauto.
  - rewrite ends_app. exact Hnd2.
  - split; [rewrite !app_length; simpl; lia|].
    split; [exact Hab|]. split; [exact Ha|]. split; [exact Hb|]. split.
    + intros p Hp. apply in_app_or in Hp. apply in_or_app. simpl. tauto.
    + intros p Hp Hne. apply in_app_or in Hp. apply in_or_app. simpl in Hp.
      destruct Hp as [Hp|[E|Hp]]; [tauto|congruence|tauto].
Qed.

(* Putting one pair into a matching. *)
Lemma add_pair V M a b : matching (rem b (rem a V)) M -> adj a b -> In a V -> In b V ->
  matching V ((a, b) :: M).
Proof.
  intros HM Hab Ha Hb. split.
  - intros c d [E|Hcd]; [injection E as <- <-; auto|].
    destruct HM as [HM _]. destruct (HM c d Hcd) as [H1 [H2 H3]].
    rewrite !in_rem in H2, H3. tauto.
  - change (ends ((a, b) :: M)) with (a :: b :: ends M). pose proof HM as [HM0 Hnd].
    assert (Hout : forall x, In x (ends M) -> x <> a /\ x <> b).
    { intros x Hx. pose proof (matching_ends _ _ _ HM Hx) as H. rewrite !in_rem in H. tauto. }
    constructor; [|constructor; [|exact Hnd]].
    + intros [E'|H]; [destruct Hab as [Hne _]; congruence|]. exact (proj1 (Hout a H) eq_refl).
    + intros H. exact (proj2 (Hout b H) eq_refl).
Qed.

(* The pair that holds a number of the matching. *)
Lemma pair_of V M x : matching V M -> In x (ends M) ->
  exists z M', matching (rem z (rem x V)) M' /\ length M = S (length M') /\ adj x z /\
               In z V /\ (forall p, In p M' -> In p M) /\ (In (x, z) M \/ In (z, x) M).
Proof.
  intros HM Hx. apply in_ends in Hx as [a [b [Hab [-> | ->]]]].
  - destruct (split_pair V M a b HM Hab) as [M' [H1 [H2 [H3 [H4 [H5 [H6 _]]]]]]].
    exists b, M'. do 5 (split; [assumption|]). left. exact Hab.
  - destruct (split_pair V M a b HM Hab) as [M' [H1 [H2 [H3 [H4 [H5 [H6 _]]]]]]].
    exists a, M'. split; [|split; [exact H2|split; [apply adj_sym; exact H3|]]].
    + apply (matching_ext (rem b (rem a V))); [|exact H1].
      intros y. rewrite !in_rem. tauto.
    + split; [exact H4|]. split; [exact H6|]. right. exact Hab.
Qed.

Lemma matching_nil V : matching V [].
Proof. split; [intros a b []|constructor]. Qed.

Lemma matching_avoid V M x : matching V M -> ~ In x (ends M) -> matching (rem x V) M.
Proof.
  intros HM Hx. split; [|apply HM].
  intros a b Hab. destruct HM as [HM _]. destruct (HM a b Hab) as [H1 [H2 H3]].
  rewrite !in_rem. split; [exact H1|].
  split; (split; [assumption|]); intros ->; apply Hx; apply in_ends; eauto.
Qed.

Lemma matching_restrict V V' M : matching V M -> (forall x, In x (ends M) -> In x V') ->
  matching V' M.
Proof.
  intros [HM Hnd] Hin. split; [|exact Hnd]. intros a b Hab.
  destruct (HM a b Hab) as [H1 _]. split; [exact H1|].
  split; apply Hin; apply in_ends; exists a, b; auto.
Qed.

(* Moving a pair along an alternating path: [u] is in no pair and is joined to
   [w], which is paired with [m]; pairing [u] with [w] instead leaves [m] in no
   pair, and keeps every other pair. *)
Lemma flip_step V M u w m : matching V M -> In u V -> ~ In u (ends M) -> adj u w ->
  In (w, m) M \/ In (m, w) M ->
  exists M', matching V M' /\ length M' = length M /\ ~ In m (ends M') /\
    (forall p, In p M -> fst p <> w -> snd p <> w -> In p M').
Proof.
  intros HM Hu Hnu Huw Hp.
  assert (Hsplit : exists M0, matching (rem w (rem m V)) M0 /\ length M = S (length M0) /\
      In w V /\ In m V /\ (forall p, In p M0 -> In p M) /\
      (forall p, In p M -> fst p <> w -> snd p <> w -> In p M0)).
  { destruct Hp as [Hp|Hp].
    - destruct (split_pair _ _ _ _ HM Hp) as [M0 [H1 [H2 [H3 [H4 [H5 [H6 H7]]]]]]].
      exists M0. split.
      + apply (matching_ext (rem m (rem w V))); [intros y; rewrite !in_rem; tauto|exact H1].
      + do 4 (split; [assumption|]). intros q Hq Hf Hs. apply H7; [exact Hq|].
        intros ->. apply Hf. reflexivity.
    - destruct (split_pair _ _ _ _ HM Hp) as [M0 [H1 [H2 [H3 [H4 [H5 [H6 H7]]]]]]].
      exists M0. split; [exact H1|]. do 4 (split; [assumption|]).
      intros q Hq Hf Hs. apply H7; [exact Hq|]. intros ->. apply Hs. reflexivity. }
  destruct Hsplit as [M0 [HM0 [E [Hw [Hm [Hsub Hkeep]]]]]].
  assert (Hends0 : forall x, In x (ends M0) -> In x (ends M)).
  { intros x Hx. apply in_ends in Hx as [a [b [Hab Hx]]]. apply in_ends. exists a, b. auto. }
  exists ((u, w) :: M0). split; [|split; [simpl; lia|split]].
  - apply add_pair; [|exact Huw|exact Hu|exact Hw].
    apply (matching_restrict _ _ _ HM0). intros x Hx.
    pose proof (matching_ends _ _ _ HM0 Hx) as H. rewrite !in_rem in H |- *.
    split; [split; [tauto|]|tauto]. intros ->. exact (Hnu (Hends0 u Hx)).
  - change (ends ((u, w) :: M0)) with (u :: w :: ends M0).
    assert (Hm' : In m (ends M)) by (apply in_ends; destruct Hp; eauto).
    intros [E'|[E'|H]].
    + subst. exact (Hnu Hm').
    + subst. destruct Hp as [Hp|Hp]; destruct (proj1 HM _ _ Hp) as [[Hne _] _]; congruence.
    + pose proof (matching_ends _ _ _ HM0 H) as H'. rewrite !in_rem in H'. tauto.
  - intros q Hq Hf Hs. right. exact (Hkeep q Hq Hf Hs).
Qed.

(* ---- The size of the largest matchings. ---- *)

Definition adjb (a b : N) : bool :=
  negb (a =? b) && ((b mod a =? 0) && negb (a =? 0) || (a mod b =? 0) && negb (b =? 0)).

Lemma divide_mod a b : a <> 0 -> (a | b) <-> b mod a = 0.
Proof. intros Ha. split; [apply N.mod_divide; exact Ha|intro H; apply N.mod_divide; auto]. Qed.

Lemma adjb_spec a b : 1 <= a -> 1 <= b -> adjb a b = true <-> adj a b.
Proof.
  intros Ha Hb. unfold adjb, adj.
  rewrite andb_true_iff, negb_true_iff, orb_true_iff, !andb_true_iff, !negb_true_iff,
    !N.eqb_eq, !N.eqb_neq, (divide_mod a b), (divide_mod b a) by lia. lia.
Qed.

Lemma is_nu_nil : is_nu [] 0.
Proof.
  split; [exists []; split; [apply matching_nil|reflexivity]|].
  intros [|[a b] M] [HM _]; [simpl; lia|]. destruct (HM a b (or_introl eq_refl)) as [_ [[] _]].
Qed.

Lemma nu_exists_len : forall l V, (forall x, In x V -> 1 <= x) -> (length V <= l)%nat ->
  exists k, is_nu V k.
Proof.
  induction l as [|l IH]; intros V Hpos HV.
  - destruct V; [exists 0%nat; exact is_nu_nil|simpl in HV; lia].
  - destruct V as [|x V']; [exists 0%nat; exact is_nu_nil|].
    set (V'' := rem x V').
    assert (Hsub : forall y, In y V'' -> In y (x :: V')) by (intros y Hy; apply in_rem in Hy; simpl; tauto).
    assert (HV'' : (length V'' <= l)%nat) by (pose proof (rem_length_le x V'); simpl in HV; unfold V''; lia).
    assert (Hpos'' : forall y, In y V'' -> 1 <= y) by (intros y Hy; apply Hpos, Hsub, Hy).
    (* Every candidate partner z of x gives a bound; take the largest. *)
    assert (Hcand : forall Z, (forall z, In z Z -> In z V'' /\ adj x z) ->
      exists k, (exists M, matching (x :: V') M /\ length M = k) /\
        forall M, matching (x :: V') M ->
          (~ In x (ends M) \/ exists z, In z Z /\ (In (x, z) M \/ In (z, x) M)) ->
          (length M <= k)%nat).
    { induction Z as [|z Z IHZ]; intros HZ.
      - destruct (IH V'' Hpos'' HV'') as [k0 [[M0 [HM0 E0]] Hb0]].
        exists k0. split; [exists M0; split; [exact (matching_ext _ _ _ Hsub HM0)|exact E0]|].
        intros M HM [Hx|[z [[] _]]]. apply Hb0.
        apply (matching_ext (rem x (x :: V'))); [|exact (matching_avoid _ _ _ HM Hx)].
        intros y Hy. apply in_rem in Hy as [Hy Hne]. unfold V''. apply in_rem.
        destruct Hy as [<-|Hy]; tauto.
      - destruct (IHZ (fun z' Hz' => HZ z' (or_intror Hz'))) as [k1 [Hach1 Hb1]].
        destruct (HZ z (or_introl eq_refl)) as [Hz Hxz].
        assert (Hlz : (length (rem z V'') <= l)%nat) by (pose proof (rem_length_le z V''); lia).
        assert (Hposz : forall y, In y (rem z V'') -> 1 <= y) by (intros y Hy; apply in_rem in Hy as [Hy _]; auto).
        destruct (IH (rem z V'') Hposz Hlz) as [kz [[Mz [HMz Ez]] Hbz]].
        exists (Nat.max k1 (S kz)). split.
        + destruct (le_gt_dec (S kz) k1) as [Hle|Hgt].
          * rewrite Nat.max_l by exact Hle. exact Hach1.
          * rewrite Nat.max_r by lia. exists ((x, z) :: Mz). split; [|simpl; rewrite Ez; reflexivity].
            apply add_pair; [| exact Hxz | left; reflexivity | right; apply in_rem in Hz; tauto].
            apply (matching_ext (rem z V'')); [|exact HMz].
            intros y Hy. rewrite !in_rem in *. unfold V'' in Hy. rewrite in_rem in Hy. simpl. tauto.
        + intros M HM [Hx|[z' [[<-|Hz'] Hp]]].
          * pose proof (Hb1 M HM (or_introl Hx)). lia.
          * assert (Hpair : exists M', matching (rem z (rem x (x :: V'))) M' /\
                                       length M = S (length M')).
            { destruct Hp as [Hp|Hp].
              - destruct (split_pair _ _ _ _ HM Hp) as [M' [H1 [H2 _]]]. eauto.
              - destruct (split_pair _ _ _ _ HM Hp) as [M' [H1 [H2 _]]]. exists M'. split; [|exact H2].
                apply (matching_ext (rem x (rem z (x :: V')))); [|exact H1].
                intros y. rewrite !in_rem. tauto. }
            destruct Hpair as [M' [HM' E']].
            assert (length M' <= kz)%nat.
            { apply Hbz. apply (matching_ext (rem z (rem x (x :: V')))); [|exact HM'].
              intros y Hy. rewrite !in_rem in Hy. unfold V''. rewrite !in_rem.
              destruct Hy as [[[<-|Hy] H1] H2]; tauto. }
            lia.
          * pose proof (Hb1 M HM (or_intror (ex_intro _ z' (conj Hz' Hp)))). lia. }
    destruct (Hcand (filter (adjb x) V'')) as [k [Hach Hb]].
    { intros z Hz. apply filter_In in Hz as [Hz Hadj]. split; [exact Hz|].
      apply adjb_spec; [apply Hpos; left; reflexivity|apply Hpos''; exact Hz|exact Hadj]. }
    exists k. split; [exact Hach|]. intros M HM. apply Hb; [exact HM|].
    destruct (in_dec N.eq_dec x (ends M)) as [Hx|Hx]; [right|left; exact Hx].
    destruct (pair_of _ _ _ HM Hx) as [z [M' [_ [_ [Hxz [Hz [_ Hp]]]]]]].
    exists z. split; [|exact Hp].
    apply filter_In. assert (Hz'' : In z V'').
    { unfold V''. apply in_rem. destruct Hxz as [Hne _]. destruct Hz as [<-|Hz]; [congruence|]. auto. }
    split; [exact Hz''|]. apply adjb_spec; auto. apply Hpos. left. reflexivity.
Qed.

Lemma nu_exists V : (forall x, In x V -> 1 <= x) -> exists k, is_nu V k.
Proof. intros H. exact (nu_exists_len (length V) V H (le_n _)). Qed.

Lemma nu_mono V V' k k' : (forall x, In x V -> In x V') -> is_nu V k -> is_nu V' k' -> (k <= k')%nat.
Proof.
  intros Hinc [[M [HM <-]] _] [_ Hb']. apply Hb'. exact (matching_ext _ _ _ Hinc HM).
Qed.

Lemma nu_ext V V' k : (forall x, In x V <-> In x V') -> is_nu V k -> is_nu V' k.
Proof.
  intros Hs [[M [HM E]] Hb]. split.
  - exists M. split; [|exact E]. apply (matching_ext V); [apply Hs|exact HM].
  - intros M' HM'. apply Hb. apply (matching_ext V'); [apply Hs|exact HM'].
Qed.

(* Taking a number away loses at most one pair. *)
Lemma nu_rem_le V x k k' : is_nu V k -> is_nu (rem x V) k' -> (k <= S k')%nat.
Proof.
  intros [[M [HM <-]] _] [_ Hb'].
  destruct (in_dec N.eq_dec x (ends M)) as [Hx|Hx].
  - destruct (pair_of _ _ _ HM Hx) as [z [M' [HM' [E _]]]]. rewrite E. apply le_n_S. apply Hb'.
    apply (matching_ext (rem z (rem x V))); [|exact HM']. intros y. rewrite !in_rem. tauto.
  - pose proof (Hb' M (matching_avoid _ _ _ HM Hx)). lia.
Qed.

(* The exchange: taking [y] away loses a pair iff [y] has a neighbour [z] whose
   removal, after [y]'s, loses nothing more. *)
Lemma nu_drop_pair V y k1 : In y V -> is_nu V (S k1) -> is_nu (rem y V) k1 ->
  exists z, In z (rem y V) /\ adj y z /\ is_nu (rem z (rem y V)) k1.
Proof.
  intros Hy [[M [HM E]] _] Hnu1.
  destruct (in_dec N.eq_dec y (ends M)) as [Hx|Hx].
  - destruct (pair_of _ _ _ HM Hx) as [z [M' [HM' [E' [Hyz [Hz _]]]]]].
    exists z. split; [apply in_rem; split; [exact Hz|]; destruct Hyz as [Hne _]; congruence|].
    split; [exact Hyz|]. split.
    + exists M'. split; [exact HM'|lia].
    + intros M'' HM''. apply (proj2 Hnu1). apply (matching_ext (rem z (rem y V))); [|exact HM''].
      intros w Hw. apply in_rem in Hw. tauto.
  - pose proof (proj2 Hnu1 M (matching_avoid _ _ _ HM Hx)). lia.
Qed.

Lemma nu_add_pair V y z k k1 : In y V -> is_nu V k -> is_nu (rem y V) k1 -> In z (rem y V) ->
  adj y z -> is_nu (rem z (rem y V)) k1 -> k = S k1.
Proof.
  intros Hy Hnu Hnu1 Hz Hyz [[M' [HM' E']] _].
  assert (S k1 <= k)%nat.
  { rewrite <- E'. apply (proj2 Hnu ((y, z) :: M')).
    apply add_pair; [exact HM'|exact Hyz|exact Hy|apply in_rem in Hz; tauto]. }
  pose proof (nu_rem_le _ _ _ _ Hnu Hnu1). lia.
Qed.

(* ---- The game theorem. ---- *)

(* The numbers 1..n, and those of them not in [P]. *)
Fixpoint seqN (i : N) (k : nat) : list N := match k with O => [] | S k' => i :: seqN (N.succ i) k' end.
Definition board (n : N) : list N := seqN 1 (N.to_nat n).
Definition free (n : N) (P : list N) : list N :=
  filter (fun x => negb (existsb (N.eqb x) P)) (board n).

Lemma in_seqN k : forall i x, In x (seqN i k) <-> i <= x < i + N.of_nat k.
Proof.
  induction k as [|k IH]; intros i x; simpl; [lia|]. rewrite IH. lia.
Qed.

Lemma in_board n x : In x (board n) <-> 1 <= x <= n.
Proof. unfold board. rewrite in_seqN. lia. Qed.

Lemma seqN_length k : forall i, length (seqN i k) = k.
Proof. induction k as [|k IH]; intros i; simpl; [reflexivity|]. rewrite IH. reflexivity. Qed.

Lemma seqN_nodup k : forall i, NoDup (seqN i k).
Proof.
  induction k as [|k IH]; intros i; simpl; constructor; [|apply IH].
  rewrite in_seqN. lia.
Qed.

Lemma existsb_eqb x P : existsb (N.eqb x) P = true <-> In x P.
Proof.
  rewrite existsb_exists. split.
  - intros [y [Hy E]]. apply N.eqb_eq in E. subst. exact Hy.
  - intros H. exists x. split; [exact H|apply N.eqb_refl].
Qed.

Lemma in_free n P x : In x (free n P) <-> (1 <= x <= n) /\ ~ In x P.
Proof.
  unfold free. rewrite filter_In, in_board, negb_true_iff, <- not_true_iff_false, existsb_eqb.
  tauto.
Qed.

Lemma free_pos n P x : In x (free n P) -> 1 <= x.
Proof. rewrite in_free. lia. Qed.

Lemma nodup_range_len n (P : list N) : NoDup P -> (forall w, In w P -> 1 <= w <= n) ->
  (length P <= N.to_nat n)%nat.
Proof.
  intros Hnd Hr. rewrite <- (seqN_length (N.to_nat n) 1). change (seqN 1 (N.to_nat n)) with (board n).
  apply NoDup_incl_length; [exact Hnd|]. intros w Hw. apply in_board. auto.
Qed.

Lemma game_ind n : forall m P y rest, P = y :: rest -> (N.to_nat n - length P <= m)%nat ->
  NoDup P -> (forall w, In w P -> 1 <= w <= n) -> forall k k',
  is_nu (free n rest) k -> is_nu (free n P) k' ->
  ((k' < k)%nat -> wins n P) /\ (k' = k -> loses n P).
Proof.
  induction m as [|m IH]; intros P y rest EP Hm Hnd Hr k k' Hk Hk'.
  (* The numbers of [free n P] are those of [free n rest] without [y]. *)
  all: assert (Hfree : forall x, In x (free n P) <-> In x (rem y (free n rest)))
    by (intros x; rewrite in_rem, !in_free, EP; simpl; intuition).
  all: assert (Hy : In y (free n rest))
    by (apply in_free; split; [apply Hr; rewrite EP; left; reflexivity|];
        intros H; rewrite EP in Hnd; inversion Hnd; contradiction).
  all: assert (Hk'' : is_nu (rem y (free n rest)) k') by exact (nu_ext _ _ _ Hfree Hk').
  all: assert (Hle : (k <= S k')%nat) by exact (nu_rem_le _ _ _ _ Hk Hk'').
  (* A legal move leads to a position of the same kind, one number longer. *)
  all: assert (Hmove : forall z, legal n P z -> NoDup (z :: P) /\
      (forall w, In w (z :: P) -> 1 <= w <= n) /\
      (forall x, In x (free n (z :: P)) <-> In x (rem z (free n P))) /\
      (length P < N.to_nat n)%nat).
  all: try (intros z [Hz [Hnin _]]; split; [constructor; assumption|];
      split; [intros w [<-|Hw]; auto|]; split;
        [intros x; rewrite in_rem, !in_free; simpl; intuition|];
      pose proof (nodup_range_len n (z :: P) (NoDup_cons _ Hnin Hnd)
                    ltac:(intros w [<-|Hw]; auto)) as L; simpl in L; lia).
  all: assert (Hlegal : forall z, In z (rem y (free n rest)) -> adj y z -> legal n P z)
    by (intros z Hz [Hne Hd]; apply in_rem in Hz as [Hz Hzy]; apply in_free in Hz as [Hz Hzr];
        split; [exact Hz|]; split; [rewrite EP; intros [E|E]; [congruence|contradiction]|];
        rewrite EP; destruct Hd; [right|left]; assumption).
  - (* No number is left to name: both claims hold vacuously or by contradiction. *)
    split.
    + intros Hlt. assert (E : k = S k') by lia. rewrite E in Hk.
      destruct (nu_drop_pair _ _ _ Hy Hk Hk'') as [z [Hz [Hyz _]]].
      destruct (Hmove z (Hlegal z Hz Hyz)) as [_ [_ [_ L]]]. lia.
    + intros _. constructor. intros z Hz. destruct (Hmove z Hz) as [_ [_ [_ L]]]. lia.
  - split.
    + intros Hlt. assert (E : k = S k') by lia. rewrite E in Hk.
      destruct (nu_drop_pair _ _ _ Hy Hk Hk'') as [z [Hz [Hyz Hnu]]].
      destruct (Hmove z (Hlegal z Hz Hyz)) as [Hnd' [Hr' [Hf' L]]].
      apply win_by with (x := z); [exact (Hlegal z Hz Hyz)|].
      assert (Hnu' : is_nu (free n (z :: P)) k').
      { apply (nu_ext (rem z (rem y (free n rest)))); [|exact Hnu].
        intros x. rewrite Hf', !in_rem, Hfree, in_rem. tauto. }
      apply (proj2 (IH (z :: P) z P eq_refl ltac:(simpl; lia) Hnd' Hr' k' k' Hk' Hnu')).
      reflexivity.
    + intros Heq. constructor. intros z Hz.
      destruct (Hmove z Hz) as [Hnd' [Hr' [Hf' L]]].
      destruct (nu_exists (free n (z :: P)) (free_pos _ _)) as [k'' Hk3].
      apply (proj1 (IH (z :: P) z P eq_refl ltac:(simpl; lia) Hnd' Hr' k' k'' Hk' Hk3)).
      assert (Hle' : (k'' <= k')%nat)
        by (apply (nu_mono _ _ _ _ (fun x H => proj1 (proj1 (in_rem _ _ _) (proj1 (Hf' x) H))) Hk3 Hk')).
      destruct (le_lt_eq_dec _ _ Hle') as [Hlt|Heq']; [exact Hlt|exfalso].
      destruct Hz as [Hzr [Hzn Hzd]].
      assert (Hz' : In z (rem y (free n rest))).
      { apply Hfree. apply in_free. split; [exact Hzr|exact Hzn]. }
      assert (Hyz : adj y z).
      { split; [intros ->; apply Hzn; rewrite EP; left; reflexivity|].
        rewrite EP in Hzd. destruct Hzd; [right|left]; assumption. }
      assert (Hnu3 : is_nu (rem z (rem y (free n rest))) k').
      { apply (nu_ext (free n (z :: P))); [|rewrite <- Heq'; exact Hk3].
        intros x. rewrite Hf', !in_rem, Hfree, in_rem. tauto. }
      pose proof (nu_add_pair _ _ _ _ _ Hy Hk Hk'' Hz' Hyz Hnu3). lia.
Qed.

(* The game theorem after the first number [v]: the second player, to move, wins
   iff every maximum matching of 1..n holds [v]. In the two forms the
   certificates use: [v] is in every maximum matching when taking it away
   costs a pair; it is missed by one when a matching without [v] is as large as
   any. *)
Lemma free_nil n x : In x (free n []) <-> In x (board n).
Proof. rewrite in_free, in_board. simpl. tauto. Qed.

Lemma free_one n v x : In x (free n [v]) <-> In x (rem v (board n)).
Proof. rewrite in_free, in_rem, in_board. simpl. intuition. Qed.

Lemma game_opening n v : 1 <= v <= n -> forall k k',
  is_nu (board n) k -> is_nu (rem v (board n)) k' ->
  ((k' < k)%nat -> wins n [v]) /\ (k' = k -> loses n [v]).
Proof.
  intros Hv k k' Hk Hk'.
  apply (game_ind n (N.to_nat n) [v] v [] eq_refl ltac:(lia) ltac:(repeat constructor; intros [])).
  - intros w [<-|[]]. exact Hv.
  - apply (nu_ext (board n)); [intros x; rewrite free_nil; tauto|exact Hk].
  - apply (nu_ext (rem v (board n))); [intros x; rewrite free_one; tauto|exact Hk'].
Qed.

Lemma board_pos n x : In x (board n) -> 1 <= x.
Proof. rewrite in_board. lia. Qed.

Lemma rem_board_pos n v x : In x (rem v (board n)) -> 1 <= x.
Proof. rewrite in_rem, in_board. lia. Qed.

Theorem opening_covered n v : 1 <= v <= n -> forall M, matching (board n) M ->
  (forall M', matching (rem v (board n)) M' -> (length M' < length M)%nat) -> wins n [v].
Proof.
  intros Hv M HM Hb.
  destruct (nu_exists _ (board_pos n)) as [k Hk]. destruct (nu_exists _ (rem_board_pos n v)) as [k' Hk'].
  apply (game_opening n v Hv k k' Hk Hk').
  destruct Hk' as [[M' [HM' <-]] _]. pose proof (Hb M' HM'). pose proof (proj2 Hk M HM). lia.
Qed.

Theorem opening_missed n v : 1 <= v <= n -> forall M', matching (rem v (board n)) M' ->
  (forall M, matching (board n) M -> (length M <= length M')%nat) -> loses n [v].
Proof.
  intros Hv M' HM' Hb.
  destruct (nu_exists _ (board_pos n)) as [k Hk]. destruct (nu_exists _ (rem_board_pos n v)) as [k' Hk'].
  apply (game_opening n v Hv k k' Hk Hk').
  assert (k' <= k)%nat by (apply (nu_mono _ _ _ _ (fun x H => proj1 (proj1 (in_rem _ _ _) H)) Hk' Hk)).
  destruct Hk as [[M [HM <-]] _]. pose proof (Hb M HM). pose proof (proj2 Hk' M' HM'). lia.
Qed.
