(* The interval lemma: a certificate of the general prime-window scheme (Scheme.v)
   for the boards lo..hi is checked by arithmetic on its four primes, with no
   listing of divisors: its pairs must be exactly
     (1, s), (2, 2r), (3, 3q), (p, 3p), (q, 2q), (r, 3r), opening 2p,
   with p, q, r, s proved prime by certificates (Prime.v), and
     100 <= lo, hi < 4p, p < q < r, 3r <= lo, hi < 2s, s <= lo,
   so that every n of lo..hi meets the hypotheses of [scheme_wins]. *)
From Coq Require Import NArith ZArith List Bool Lia.
Import ListNotations.
From JG Require Import Rules Checker Scheme Prime.
Open Scope N_scope.

(* What a certificate claims, as a statement about the game. *)
Definition cert_sound (c : cert) : Prop :=
  forall m, c_lo c <= m <= c_hi c ->
  if c_open c =? 0 then second_player_wins m else first_player_wins m.

Lemma check_part_sound (l : list cert) : forallb check l = true -> forall c, In c l -> cert_sound c.
Proof.
  intros H c Hc. rewrite forallb_forall in H. exact (check_sound c (H c Hc)).
Qed.

Definition scheme_check (primes : list N) (c : cert) : bool :=
  let '(Cert lo hi o pairs _) := c in
  let p := o / 2 in
  match pairs with
  | [(one, s); (two, r2); (three, q3); (p', p3); (q, q2); (r, r3)] =>
      (one =? 1) && (two =? 2) && (three =? 3) && (o =? 2 * p) && (p' =? p) && (p3 =? 3 * p) &&
      (q3 =? 3 * q) && (q2 =? 2 * q) && (r2 =? 2 * r) && (r3 =? 3 * r) &&
      memb p primes && memb q primes && memb r primes && memb s primes &&
      (100 <=? lo) && (lo <=? hi) && (hi <? 4 * p) && (p <? q) && (q <? r) && (3 * r <=? lo) &&
      (hi <? 2 * s) && (s <=? lo)
  | _ => false
  end.

Theorem scheme_check_sound primes c : (forall x, In x primes -> primeN x) ->
  scheme_check primes c = true -> cert_sound c.
Proof.
  intros Hpr. destruct c as [lo hi o pairs L]. unfold cert_sound, scheme_check. cbn [c_lo c_hi c_open].
  destruct pairs as [|[one s] [|[two r2] [|[three q3] [|[p' p3] [|[q q2] [|[r r3] [|]]]]]]];
    try discriminate.
  rewrite !andb_true_iff, !N.eqb_eq, !N.leb_le, !N.ltb_lt, !memb_In.
  intros H m Hm. destruct H as [[[[[[[[[[[[[[[[[[[[[H1 H2] H3] Ho] Hp'] Hp3] Hq3] Hq2] Hr2] Hr3]
    Pp] Pq] Pr] Ps] L1] L2] L3] L4] L5] L6] L7] L8].
  destruct (N.eqb_spec o 0) as [E|E]; [lia|].
  apply (scheme_wins m (o / 2) q r s); auto; lia.
Qed.

(* The primes of a list of certificates, each proved by its certificate. *)
Definition pcheck_all (cs : list pcert) : bool :=
  match pcheck [] cs with Some _ => true | None => false end.

Lemma pcheck_keeps cs : forall proved out, pcheck proved cs = Some out ->
  forall c, In c cs -> In (pc_p c) out.
Proof.
  induction cs as [|c cs IH]; intros proved out E d Hd; simpl in E; [destruct Hd|].
  destruct (pcert_ok proved c); [|discriminate].
  destruct Hd as [<-|Hd]; [|exact (IH _ _ E d Hd)].
  clear IH. revert proved out E. induction cs as [|c' cs IH']; intros proved out E; simpl in E.
  - injection E as <-. left. reflexivity.
  - destruct (pcert_ok (pc_p c :: proved) c'); [|discriminate].
    (* The list only grows. *)
    assert (Grow : forall l pr o, pcheck pr l = Some o -> forall x, In x pr -> In x o).
    { induction l as [|c0 l IHl]; intros pr o0 E0 x Hx; simpl in E0.
      - injection E0 as <-. exact Hx.
      - destruct (pcert_ok pr c0); [|discriminate]. exact (IHl _ _ E0 x (or_intror Hx)). }
    exact (Grow _ _ _ E (pc_p c) (or_intror (or_introl eq_refl))).
Qed.

Theorem pcheck_all_sound cs : pcheck_all cs = true -> forall x, In x (map pc_p cs) -> primeN x.
Proof.
  unfold pcheck_all. destruct (pcheck [] cs) as [out|] eqn:E; [|discriminate]. intros _ x Hx.
  apply in_map_iff in Hx as [c [<- Hc]].
  exact (pcheck_sound cs [] out (fun _ H => match H with end) E _ (pcheck_keeps cs [] out E c Hc)).
Qed.

Lemma scheme_part_sound (cs : list pcert) (l : list cert) : pcheck_all cs = true ->
  forallb (scheme_check (map pc_p cs)) l = true -> forall c, In c l -> cert_sound c.
Proof.
  intros Hp H c Hc. rewrite forallb_forall in H.
  exact (scheme_check_sound _ c (pcheck_all_sound cs Hp) (H c Hc)).
Qed.
