(* Every n >= 358772 (= 4 * 89693): the primes of the general scheme exist by
   Dusart's theorem (Dusart.v), and the scheme wins (Scheme.v). Real-number
   facts are proved with the standard library's Reals and lra only. *)
From Coq Require Import Reals Lra Lia NArith ZArith Znumtheory.
From JG Require Import Rules Dusart Scheme.
Open Scope R_scope.

Lemma exp_3_le_27 : exp 3 <= 27.
Proof.
  replace 3 with (1 + 1 + 1) by ring. rewrite !exp_plus.
  pose proof exp_le_3 as H. pose proof (exp_pos 1) as H0.
  assert (exp 1 * exp 1 <= 3 * 3) by (apply Rmult_le_compat; lra).
  assert (exp 1 * exp 1 * exp 1 <= 3 * 3 * 3)
    by (apply Rmult_le_compat; try lra; apply Rmult_le_pos; lra).
  lra.
Qed.

Lemma ln_ge_3 x : 89693 <= x -> 3 <= ln x.
Proof.
  intros Hx. rewrite <- (ln_exp 3). left. apply ln_increasing; [apply exp_pos|].
  pose proof exp_3_le_27. lra.
Qed.

(* One application of Dusart's theorem: a prime in (x, 28/27 x]. *)
Lemma prime_step x : 89693 <= x -> exists p : Z, prime p /\ x < IZR p <= x * (28 / 27).
Proof.
  intros Hx. destruct (dusart_2018_prop_5_4 x Hx) as [p [Hp [H1 H2]]].
  exists p. split; [exact Hp|]. split; [exact H1|].
  pose proof (ln_ge_3 x Hx) as Hl.
  assert (Hl3 : 27 <= ln x ^ 3).
  { replace 27 with (3 ^ 3) by ring. apply pow_incr. lra. }
  assert (Ht : 1 / ln x ^ 3 <= 1 / 27).
  { apply Rmult_le_reg_r with (r := 27 * ln x ^ 3); [lra|].
    field_simplify; lra. }
  assert (x * (1 + 1 / ln x ^ 3) <= x * (28 / 27)) by (apply Rmult_le_compat_l; lra).
  lra.
Qed.

Lemma IZR_to_N (p : Z) : (0 < p)%Z -> Z.of_N (Z.to_N p) = p.
Proof. intros. apply Z2N.id. lia. Qed.

Theorem tail_first_player_wins (n : N) : (358772 <= n)%N -> first_player_wins n.
Proof.
  intros Hn. set (z := Z.of_N n).
  assert (Hz : 358772 <= IZR z) by (apply IZR_le; unfold z; lia).
  destruct (prime_step (IZR z / 4) ltac:(lra)) as [p [Hp [Hp1 Hp2]]].
  destruct (prime_step (IZR p) ltac:(lra)) as [q [Hq [Hq1 Hq2]]].
  destruct (prime_step (IZR q) ltac:(lra)) as [r [Hr [Hr1 Hr2]]].
  destruct (prime_step (IZR z / 2) ltac:(lra)) as [s [Hs [Hs1 Hs2]]].
  (* From the real bounds to integer ones. *)
  assert (A1 : (z < 4 * p)%Z) by (apply lt_IZR; rewrite mult_IZR; lra).
  assert (A2 : (p < q)%Z) by (apply lt_IZR; lra).
  assert (A3 : (q < r)%Z) by (apply lt_IZR; lra).
  assert (A4 : (3 * r <= z)%Z) by (apply le_IZR; rewrite mult_IZR; lra).
  assert (A5 : (z < 2 * s)%Z) by (apply lt_IZR; rewrite mult_IZR; lra).
  assert (A6 : (s <= z)%Z) by (apply le_IZR; lra).
  assert (A7 : (0 < p)%Z) by (apply lt_IZR; lra).
  apply (scheme_wins n (Z.to_N p) (Z.to_N q) (Z.to_N r) (Z.to_N s));
    unfold primeN; try rewrite IZR_to_N; try assumption; unfold z in *; lia.
Qed.
