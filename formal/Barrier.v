(* A computable checker for the openings certificates (certificates/openings/,
   spec.md §3.4 and §4.10), proved sound against the rules: [ocheck n W d = true]
   proves that the winning first moves on 1..n are exactly the numbers of W.

   Two kinds of data:
   - a closed pairing for the second player (tag 1 entries naming every opening):
     every opening loses, checked by Checker.v;
   - a matching and barrier (tag 4 entries): a matching M of 1..n, a labelling of
     the numbers (0 for the barrier S, and for the others a label constant along
     every edge between two of them: the components of 1..n without S), and the
     alternating paths of the certificate, stored as a tree (paths that share a
     beginning share it). The check: M is a matching; the labelling is closed;
     2 |M| + odd = n + |S|, where odd counts the labels of odd classes, so M is
     maximum (Bound.v); every opening of W ends an alternating path from a number
     in no pair, so a maximum matching misses it and it wins (Matching.v); every
     other opening is in S or in a class of even size, so every maximum matching
     holds it and it loses. *)
From Coq Require Import NArith Arith List Bool Lia FMapPositive FinFun.
Import ListNotations.
From JG Require Import Rules Pairing Checker Matching Bound.
Open Scope N_scope.

(* ---- Maps keyed by numbers (binary tries). ---- *)

Definition nmap : Type := PositiveMap.t N.
Definition key (x : N) : positive := N.succ_pos x.
Definition get (m : nmap) (x : N) : option N := PositiveMap.find (key x) m.
Definition getd (m : nmap) (x : N) : N := match get m x with Some y => y | None => 0 end.
Definition put (x y : N) (m : nmap) : nmap := PositiveMap.add (key x) y m.
Definition empty : nmap := PositiveMap.empty N.

Lemma key_inj x y : key x = key y -> x = y.
Proof.
  unfold key. intros E. apply N.succ_inj.
  rewrite <- !N.succ_pos_spec. rewrite E. reflexivity.
Qed.

Lemma get_empty x : get empty x = None.
Proof. apply PositiveMap.gempty. Qed.

Lemma get_put x y v m : get (put y v m) x = if x =? y then Some v else get m x.
Proof.
  unfold get, put. destruct (N.eqb_spec x y) as [->|Hne].
  - apply PositiveMap.gss.
  - apply PositiveMap.gso. intros E. apply Hne. apply key_inj. exact E.
Qed.

(* A set of numbers, as a map to 1. *)
Fixpoint set_of (l : list N) : nmap :=
  match l with [] => empty | x :: t => put x 1 (set_of t) end.

Definition mem (x : N) (m : nmap) : bool := match get m x with Some _ => true | None => false end.

Lemma mem_set_of x l : mem x (set_of l) = true <-> In x l.
Proof.
  unfold mem. induction l as [|y l IH]; simpl.
  - rewrite get_empty. split; [discriminate|tauto].
  - rewrite get_put. destruct (N.eqb_spec x y) as [->|Hne]; [tauto|].
    rewrite IH. split; [tauto|]. intros [E|H]; [congruence|exact H].
Qed.

(* ---- The matching. ---- *)

(* The partner of each number of the pairs; None when a number is in two pairs. *)
Fixpoint partners (M : list (N * N)) : option nmap :=
  match M with
  | [] => Some empty
  | (a, b) :: t =>
      match partners t with
      | Some m =>
          match get m a, get m b with
          | None, None => if a =? b then None else Some (put a b (put b a m))
          | _, _ => None
          end
      | None => None
      end
  end.

Lemma partners_spec M m : partners M = Some m ->
  NoDup (ends M) /\ (forall x y, get m x = Some y -> mate M x y) /\
  (forall x, get m x = None -> ~ In x (ends M)).
Proof.
  revert m. induction M as [|[a b] t IH]; intros m E; simpl in E.
  - injection E as <-. split; [constructor|]. split; [intros x y H; rewrite get_empty in H; discriminate|].
    intros x _ [].
  - destruct (partners t) as [m0|] eqn:Et; [|discriminate].
    destruct (IH m0 eq_refl) as [Hnd [Hget Hnone]].
    destruct (get m0 a) eqn:Ea; [discriminate|]. destruct (get m0 b) eqn:Eb; [discriminate|].
    destruct (N.eqb_spec a b) as [|Hab]; [discriminate|]. injection E as <-.
    change (ends ((a, b) :: t)) with (a :: b :: ends t).
    split; [|split].
    + constructor; [|constructor; [exact (Hnone b Eb)|exact Hnd]].
      intros [E|H]; [exact (Hab (eq_sym E))|exact (Hnone a Ea H)].
    + intros x y H. rewrite !get_put in H.
      destruct (N.eqb_spec x a) as [->|Hxa]; [injection H as <-; left; left; reflexivity|].
      destruct (N.eqb_spec x b) as [->|Hxb]; [injection H as <-; right; left; reflexivity|].
      destruct (Hget x y H) as [H'|H']; [left|right]; right; exact H'.
    + intros x H. rewrite !get_put in H.
      destruct (N.eqb_spec x a); [discriminate|]. destruct (N.eqb_spec x b); [discriminate|].
      intros [E|[E|H']]; [congruence|congruence|exact (Hnone x H H')].
Qed.

Definition pairs_ok (n : N) (M : list (N * N)) : bool :=
  forallb (fun p => (1 <=? fst p) && (fst p <? snd p) && (snd p <=? n) &&
                    (snd p mod fst p =? 0)) M.

Lemma pairs_ok_matching n M m : pairs_ok n M = true -> partners M = Some m ->
  matching (board n) M.
Proof.
  intros Hok Hp. split; [|apply (partners_spec M m Hp)].
  intros a b Hab. unfold pairs_ok in Hok. rewrite forallb_forall in Hok.
  specialize (Hok (a, b) Hab). simpl in Hok. rewrite !andb_true_iff in Hok.
  destruct Hok as [[[H1 H2] H3] H4].
  apply N.leb_le in H1. apply N.ltb_lt in H2. apply N.leb_le in H3. apply N.eqb_eq in H4.
  rewrite !in_board. split; [|lia]. split; [lia|]. left. apply N.mod_divide; [lia|exact H4].
Qed.

(* ---- The labelling. ---- *)

(* Every edge d -- c d of 1..n between two numbers of label other than 0 joins equal labels. *)
Definition closed_ok (n : N) (lab : N -> N) : bool :=
  all_from (fun d => if lab d =? 0 then true else
    all_from (fun c => (lab (c * d) =? 0) || (lab (c * d) =? lab d)) 2 (N.to_nat (n / d - 1)))
    1 (N.to_nat n).

Definition barrier (n : N) (lab : N -> N) : list N := filter (fun x => lab x =? 0) (board n).

Lemma in_barrier n lab x : In x (barrier n lab) <-> In x (board n) /\ lab x = 0.
Proof. unfold barrier. rewrite filter_In, N.eqb_eq. tauto. Qed.

Lemma closed_ok_spec n lab : closed_ok n lab = true ->
  forall a b, In a (board n) -> In b (board n) -> ~ In a (barrier n lab) ->
  ~ In b (barrier n lab) -> adj a b -> lab a = lab b.
Proof.
  intros H.
  assert (Hone : forall a b, In a (board n) -> In b (board n) -> lab a <> 0 -> lab b <> 0 ->
                 a <> b -> (a | b) -> lab a = lab b).
  { intros a b Ha Hb Ha0 Hb0 Hne [c Hc]. rewrite in_board in Ha, Hb.
    pose proof (all_from_spec _ _ _ H a) as A.
    assert (N.of_nat (N.to_nat n) = n) by apply Nnat.N2Nat.id.
    specialize (A ltac:(lia)). simpl in A. apply N.eqb_neq in Ha0. rewrite Ha0 in A.
    assert (Hc2 : 2 <= c) by (destruct (N.eq_dec c 0); [subst; lia|]; destruct (N.eq_dec c 1); [subst; lia|lia]).
    assert (Hcq : c <= n / a) by (apply N.div_le_lower_bound; lia).
    pose proof (all_from_spec _ _ _ A c) as B.
    assert (N.of_nat (N.to_nat (n / a - 1)) = n / a - 1) by apply Nnat.N2Nat.id.
    specialize (B ltac:(lia)). cbv beta in B. rewrite <- Hc in B. apply orb_true_iff in B as [B|B].
    - apply N.eqb_eq in B. contradiction.
    - apply N.eqb_eq in B. symmetry. exact B. }
  intros a b Ha Hb HaS HbS [Hne Hd].
  assert (Ha0 : lab a <> 0) by (intros E; apply HaS; apply in_barrier; auto).
  assert (Hb0 : lab b <> 0) by (intros E; apply HbS; apply in_barrier; auto).
  destruct Hd as [Hd|Hd]; [exact (Hone a b Ha Hb Ha0 Hb0 Hne Hd)|].
  symmetry. exact (Hone b a Hb Ha Hb0 Ha0 (fun E => Hne (eq_sym E)) Hd).
Qed.

(* The size of each label's class (label 0: the barrier). *)
Fixpoint sizes (lab : N -> N) (l : list N) : nmap :=
  match l with [] => empty | x :: t => let m := sizes lab t in put (lab x) (getd m (lab x) + 1) m end.

Lemma sizes_spec lab l r : getd (sizes lab l) r = N.of_nat (length (filter (fun x => lab x =? r) l)).
Proof.
  induction l as [|x l IH]; simpl.
  - unfold getd. rewrite get_empty. reflexivity.
  - unfold getd at 1. rewrite get_put. destruct (N.eqb_spec r (lab x)) as [->|Hne].
    + rewrite N.eqb_refl. simpl. rewrite IH. lia.
    + destruct (N.eqb_spec (lab x) r); [congruence|]. exact IH.
Qed.

(* ---- The alternating paths. ---- *)

(* [PT x kids next]: at the top, a path starts at [x], a number in no pair; below, a
   path goes on from the number u it has reached to [x] (a divisor or multiple of u)
   and then to the partner of [x]. [kids] go on from there; [next] are the siblings. *)
Inductive ptree := PE | PT (x : N) (kids : ptree) (next : ptree).

Definition memb_list (x : N) (l : list N) : bool := existsb (N.eqb x) l.

Fixpoint steps (pm : nmap) (pi : list N) (u : N) (t : ptree) : option (list N) :=
  match t with
  | PE => Some []
  | PT w kids next =>
      match get pm w with
      | Some m =>
          if adjb u w && negb (memb_list w pi) && negb (memb_list m pi) then
            match steps pm (m :: w :: pi) m kids, steps pm pi u next with
            | Some a, Some b => Some (m :: a ++ b)
            | _, _ => None
            end
          else None
      | None => None
      end
  end.

Fixpoint roots (pm : nmap) (n : N) (t : ptree) : option (list N) :=
  match t with
  | PE => Some []
  | PT x kids next =>
      match get pm x with
      | None =>
          if (1 <=? x) && (x <=? n) then
            match steps pm [x] x kids, roots pm n next with
            | Some a, Some b => Some (x :: a ++ b)
            | _, _ => None
            end
          else None
      | Some _ => None
      end
  end.

Section Paths.
Variables (n : N) (M : list (N * N)) (pm : nmap).
Hypothesis HM : matching (board n) M.
Hypothesis Hpm : forall x y, get pm x = Some y -> mate M x y.
Hypothesis Hpm0 : forall x, get pm x = None -> ~ In x (ends M).

(* A matching as large as M that misses [u], and keeps every pair of M outside [pi]. *)
Definition reach (pi : list N) (u : N) : Prop :=
  In u (board n) /\ In u pi /\ exists M', matching (board n) M' /\ length M' = length M /\
  ~ In u (ends M') /\ forall p, In p M -> ~ In (fst p) pi -> ~ In (snd p) pi -> In p M'.

Definition missed (v : N) : Prop :=
  exists M', matching (board n) M' /\ length M' = length M /\ ~ In v (ends M').

Lemma memb_list_spec x l : memb_list x l = true <-> In x l.
Proof. apply existsb_eqb. Qed.

Lemma steps_sound t : forall pi u acc, steps pm pi u t = Some acc -> reach pi u ->
  forall v, In v acc -> missed v.
Proof.
  induction t as [|w kids IHk next IHn]; intros pi u acc E Hr v Hv; simpl in E.
  - injection E as <-. destruct Hv.
  - destruct (get pm w) as [m|] eqn:Ew; [|discriminate].
    destruct (adjb u w && negb (memb_list w pi) && negb (memb_list m pi)) eqn:Ec; [|discriminate].
    destruct (steps pm (m :: w :: pi) m kids) as [a|] eqn:Ea; [|discriminate].
    destruct (steps pm pi u next) as [b|] eqn:Eb; [|discriminate].
    injection E as <-.
    rewrite !andb_true_iff, !negb_true_iff, <- !not_true_iff_false, !memb_list_spec in Ec.
    destruct Ec as [[Hadj Hw] Hm].
    destruct Hr as [Hu [Hupi [M' [HM' [EM' [Hu' Hkeep]]]]]].
    pose proof (Hpm w m Ew) as Hwm.
    assert (HwV : In w (board n) /\ In m (board n)).
    { destruct Hwm as [H|H]; destruct (proj1 HM _ _ H) as [_ [A B]]; auto. }
    apply adjb_spec in Hadj; [|apply in_board in Hu; lia|apply (proj1 (in_board n w) (proj1 HwV))].
    (* The pair of w and m is still in M', as neither is in pi. *)
    assert (Hwm' : In (w, m) M' \/ In (m, w) M').
    { destruct Hwm as [H|H]; [left|right]; apply Hkeep; auto. }
    destruct (flip_step _ _ u w m HM' Hu Hu' Hadj Hwm') as [M'' [HM'' [E'' [Hm'' Hkeep'']]]].
    assert (Hr' : reach (m :: w :: pi) m).
    { split; [tauto|]. split; [left; reflexivity|]. exists M''. split; [exact HM''|].
      split; [lia|]. split; [exact Hm''|].
      intros p Hp Hf Hs. apply Hkeep''.
      - apply Hkeep; [exact Hp| |]; intros H; [apply Hf|apply Hs]; right; right; exact H.
      - intros E. apply Hf. right. left. symmetry. exact E.
      - intros E. apply Hs. right. left. symmetry. exact E. }
    destruct Hv as [<-|Hv].
    + exists M''. split; [exact HM''|]. split; [lia|exact Hm''].
    + apply in_app_or in Hv as [Hv|Hv].
      * exact (IHk _ _ _ Ea Hr' v Hv).
      * exact (IHn _ _ _ Eb (conj Hu (conj Hupi (ex_intro _ M' (conj HM' (conj EM' (conj Hu' Hkeep)))))) v Hv).
Qed.

Lemma roots_sound t : forall acc, roots pm n t = Some acc -> forall v, In v acc -> missed v.
Proof.
  induction t as [|x kids _ next IHn]; intros acc E v Hv; simpl in E.
  - injection E as <-. destruct Hv.
  - destruct (get pm x) eqn:Ex; [discriminate|].
    destruct ((1 <=? x) && (x <=? n)) eqn:Hx; [|discriminate].
    destruct (steps pm [x] x kids) as [a|] eqn:Ea; [|discriminate].
    destruct (roots pm n next) as [b|] eqn:Eb; [|discriminate].
    injection E as <-. apply andb_true_iff in Hx as [H1 H2].
    apply N.leb_le in H1. apply N.leb_le in H2.
    assert (Hr : reach [x] x).
    { split; [apply in_board; lia|]. split; [left; reflexivity|].
      exists M. split; [exact HM|]. split; [reflexivity|]. split; [exact (Hpm0 x Ex)|].
      intros p Hp _ _. exact Hp. }
    destruct Hv as [<-|Hv].
    + exists M. split; [exact HM|]. split; [reflexivity|exact (Hpm0 x Ex)].
    + apply in_app_or in Hv as [Hv|Hv]; [exact (steps_sound kids _ _ _ Ea Hr v Hv)|exact (IHn _ eq_refl v Hv)].
Qed.

End Paths.

(* ---- The check of one board. ---- *)

Inductive odata :=
  | OPairing (pairs : list (N * N)) (closure : list N)
  | OBarrier (M : list (N * N)) (labels : nmap) (tree : ptree).

(* The label of x: 1 when the labelling does not name x (the data leave out the
   largest class). *)
Definition label (labels : nmap) (x : N) : N := match get labels x with Some l => l | None => 1 end.

Definition ocheck_barrier (n : N) (W : list N) (M : list (N * N)) (labels : nmap) (tree : ptree)
  : bool :=
  let lab := label labels in
  match partners M with
  | None => false
  | Some pm =>
      let sz := sizes lab (board n) in
      let odd := N.of_nat (length (filter (fun r => N.odd (getd sz r)) (board n))) in
      pairs_ok n M && closed_ok n lab && (2 * N.of_nat (length M) + odd =? n + getd sz 0) &&
      match roots pm n tree with
      | None => false
      | Some reached =>
          let rs := set_of reached in
          let ws := set_of W in
          forallb (fun v => N.even v && (1 <=? v) && (v <=? n) && mem v rs) W &&
          all_from (fun v => if N.even v && negb (mem v ws)
                             then (lab v =? 0) || (lab v <=? n) && N.even (getd sz (lab v))
                             else true) 1 (N.to_nat n)
      end
  end.

Lemma board_nodup n : NoDup (board n).
Proof. apply seqN_nodup. Qed.

Lemma board_length n : length (board n) = N.to_nat n.
Proof. apply seqN_length. Qed.

Lemma cls_length n lab r : r <> 0 ->
  length (cls (board n) (barrier n lab) lab r) = length (filter (fun x => lab x =? r) (board n)).
Proof.
  intros Hr. unfold cls. f_equal. apply filter_ext_in. intros x Hx.
  destruct (N.eqb_spec (lab x) r) as [E|E]; [|apply andb_false_r].
  rewrite andb_true_r. apply negb_true_iff, not_true_iff_false. rewrite inT_spec, in_barrier. lia.
Qed.

Lemma nodup_barrier n lab : NoDup (barrier n lab).
Proof. apply NoDup_filter, board_nodup. Qed.

Lemma n_odd_of_nat k : N.odd (N.of_nat k) = Nat.odd k.
Proof.
  induction k as [|k IH]; [reflexivity|]. rewrite Nnat.Nat2N.inj_succ, N.odd_succ, Nat.odd_succ.
  rewrite <- N.negb_odd, IH, <- Nat.negb_odd. reflexivity.
Qed.

Lemma n_even_of_nat k : N.even (N.of_nat k) = Nat.even k.
Proof. rewrite <- N.negb_odd, n_odd_of_nat, Nat.negb_odd. reflexivity. Qed.

Theorem ocheck_barrier_sound n W M labels tree : ocheck_barrier n W M labels tree = true ->
  forall v, first_player_wins_with n v <-> In v W.
Proof.
  unfold ocheck_barrier. set (lab := label labels). intros H.
  destruct (partners M) as [pm|] eqn:Hp; [|discriminate].
  set (sz := sizes lab (board n)) in H.
  destruct (roots pm n tree) as [reached|] eqn:Hr; [|rewrite andb_false_r in H; discriminate].
  rewrite !andb_true_iff in H. destruct H as [[[Hok Hcl] Ht] [Hwin Hlose]].
  pose proof (pairs_ok_matching n M pm Hok Hp) as HM.
  destruct (partners_spec M pm Hp) as [_ [Hpm Hpm0]].
  set (T := barrier n lab). set (K := board n).
  pose proof (closed_ok_spec n lab Hcl) as Hclosed.
  assert (HK : NoDup K) by apply board_nodup.
  (* The odd classes and the barrier, as counted by the check. *)
  assert (Hodd : odd_count (board n) T lab K =
                 length (filter (fun r => N.odd (getd sz r)) K)).
  { unfold odd_count. apply count_ext. intros r Hr'. unfold sz. apply in_board in Hr'.
    rewrite sizes_spec, n_odd_of_nat. unfold T. rewrite cls_length by lia. reflexivity. }
  assert (HT : getd sz 0 = N.of_nat (length T)) by (unfold sz; rewrite sizes_spec; reflexivity).
  apply N.eqb_eq in Ht. rewrite HT in Ht.
  assert (Tight : (2 * length M + odd_count (board n) T lab K = length (board n) + length T)%nat).
  { rewrite Hodd, board_length. unfold K. lia. }
  (* M is a maximum matching. *)
  assert (Hmax : forall M', matching (board n) M' -> (length M' <= length M)%nat).
  { intros M' HM'. pose proof (matching_bound (board n) T lab K (board_nodup n) HK Hclosed M' HM').
    lia. }
  intros v. split.
  - intros [Hleg Hlos]. destruct (in_dec N.eq_dec v W) as [Hin|Hout]; [exact Hin|exfalso].
    destruct Hleg as [Hv [_ Hev]]. apply N.even_spec in Hev.
    pose proof (all_from_spec _ _ _ Hlose v) as A.
    assert (N.of_nat (N.to_nat n) = n) by apply Nnat.N2Nat.id.
    specialize (A ltac:(lia)). simpl in A.
    assert (Hws : mem v (set_of W) = false)
      by (apply not_true_iff_false; rewrite mem_set_of; exact Hout).
    rewrite Hev, Hws in A. simpl in A.
    assert (HvV : In v (board n)) by (apply in_board; exact Hv).
    (* Every matching without v is smaller than M, so the second player wins after v. *)
    assert (Hsmall : forall M', matching (rem v (board n)) M' -> (length M' < length M)%nat).
    { intros M' HM'. apply orb_true_iff in A as [A|A].
      - apply N.eqb_eq in A.
        assert (HvT : In v T) by (apply in_barrier; auto).
        pose proof (bound_without_barrier (board n) T lab K M' v (board_nodup n) (nodup_barrier n lab)
                      HK HvT HvV Hclosed HM'). lia.
      - rewrite !andb_true_iff in A. destruct A as [A2 A3]. apply N.leb_le in A2.
        destruct (N.eq_dec (lab v) 0) as [E0|E0].
        + assert (HvT : In v T) by (apply in_barrier; auto).
          pose proof (bound_without_barrier (board n) T lab K M' v (board_nodup n)
                        (nodup_barrier n lab) HK HvT HvV Hclosed HM'). lia.
        + assert (HvT : ~ In v T) by (unfold T; rewrite in_barrier; tauto).
          assert (HlK : In (lab v) K) by (unfold K; apply in_board; lia).
          assert (Hev' : Nat.Even (length (cls (board n) T lab (lab v)))).
          { apply Nat.even_spec. unfold T. rewrite cls_length by exact E0.
            unfold sz in A3. rewrite sizes_spec, n_even_of_nat in A3. exact A3. }
          pose proof (bound_without_even (board n) T lab K M' v (board_nodup n) HK HvV HvT HlK Hev'
                        Hclosed HM'). lia. }
    exact (wins_not_loses n [v] (opening_covered n v Hv M HM Hsmall) Hlos).
  - intros Hin. rewrite forallb_forall in Hwin. specialize (Hwin v Hin).
    rewrite !andb_true_iff in Hwin. destruct Hwin as [[[Hev H1] H2] Hm].
    apply N.leb_le in H1. apply N.leb_le in H2. apply mem_set_of in Hm.
    destruct (roots_sound n M pm HM Hpm Hpm0 tree reached Hr v Hm) as [M' [HM' [E' Hv']]].
    split; [split; [lia|split; [intros []|apply N.even_spec; exact Hev]]|].
    apply (opening_missed n v ltac:(lia) M' (matching_avoid _ _ _ HM' Hv')).
    intros M0 HM0. rewrite E'. exact (Hmax M0 HM0).
Qed.

Definition ocheck (n : N) (W : list N) (d : odata) : bool :=
  match d with
  | OPairing pairs closure => match W with [] => check (Cert n n 0 pairs closure) | _ => false end
  | OBarrier M labels tree => ocheck_barrier n W M labels tree
  end.

Theorem ocheck_sound n W d : ocheck n W d = true ->
  forall v, first_player_wins_with n v <-> In v W.
Proof.
  destruct d as [pairs closure|M labels tree]; [|apply ocheck_barrier_sound].
  unfold ocheck. destruct W as [|w W]; [|discriminate]. intros H v. split; [|intros []].
  intros [Hleg Hlos]. pose proof (check_sound _ H n ltac:(simpl; lia)) as Hs. simpl in Hs.
  exact (wins_not_loses n [] (win_by n [] v Hleg Hlos) Hs).
Qed.

(* ---- Untrusted helpers for the data files. ---- *)

(* The data files compute the labelling from the certificate's barrier S once, by
   [Eval vm_compute]: the components of 1..n without S, by union-find, each labelled
   by its least number, and 0 for S; the largest component is left out of the map
   (its label is 1, [label]). Nothing here is trusted: [closed_ok] and the count of
   [ocheck_barrier] check the result. *)
Fixpoint upto {A} (k : nat) (i : N) (f : N -> A -> A) (acc : A) : A :=
  match k with O => acc | S k' => upto k' (N.succ i) f (f i acc) end.

Fixpoint uf_root (fuel : nat) (par : nmap) (x : N) : N :=
  match fuel with
  | O => x
  | S f => match get par x with Some y => if y =? x then x else uf_root f par y | None => x end
  end.

Definition uf_union (fuel : nat) (par : nmap) (a b : N) : nmap :=
  let ra := uf_root fuel par a in
  let rb := uf_root fuel par b in
  if ra =? rb then par else if ra <? rb then put rb ra par else put ra rb par.

(* The size of each root's class, the root of the largest, and the labelling: 0 for S,
   the root for the others, and nothing (label 1) for the largest class. *)
Definition labels (n : N) (S : list N) : nmap :=
  let s := set_of S in
  let fuel := N.to_nat n in
  let par := upto (N.to_nat n) 1 (fun d par => if mem d s then par else
               upto (N.to_nat (n / d - 1)) 2 (fun c par =>
                 let m := c * d in if mem m s then par else uf_union fuel par d m) par) empty in
  let roots := upto (N.to_nat n) 1 (fun x acc => if mem x s then acc else
                 put x (uf_root fuel par x) acc) empty in
  let counts := upto (N.to_nat n) 1 (fun x acc => match get roots x with
                 | Some r => put r (getd acc r + 1) acc | None => acc end) empty in
  let largest := upto (N.to_nat n) 1 (fun x best =>
                 if getd counts best <? getd counts x then x else best) 1 in
  upto (N.to_nat n) 1 (fun x acc => match get roots x with
    | None => put x 0 acc
    | Some r => if r =? largest then acc else put x r acc end) empty.

(* Compact forms of the data: pairs and lists without the notations, which Coq
   reads much faster. *)
Inductive plist := PN | PC (a b : N) (t : plist).
Fixpoint to_pairs (l : plist) : list (N * N) := match l with PN => [] | PC a b t => (a, b) :: to_pairs t end.

(* A table of boards and their winning openings, each with its data. *)
Fixpoint ocheck_all (table : list (N * list N)) (data : list odata) : bool :=
  match table, data with
  | [], [] => true
  | (n, W) :: t, d :: ds => ocheck n W d && ocheck_all t ds
  | _, _ => false
  end.

Theorem ocheck_all_sound table data : ocheck_all table data = true ->
  forall n W, In (n, W) table -> forall v, first_player_wins_with n v <-> In v W.
Proof.
  revert data. induction table as [|[n0 W0] t IH]; intros [|d ds] H n W Hin; try discriminate.
  - destruct Hin.
  - simpl in H. apply andb_true_iff in H as [H1 H2]. destruct Hin as [E|Hin].
    + injection E as <- <-. exact (ocheck_sound _ _ _ H1).
    + exact (IH ds H2 n W Hin).
Qed.
