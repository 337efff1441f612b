(* The general prime-window scheme, proved symbolically: if p < q < r are primes
   in (n/4, n/3] and s is a prime in (n/2, n], the first player wins on 1..n by
   opening with 2p and answering
     p -> 3p, 3 -> 3q, q -> 2q, 2 -> 2r, r -> 3r, 1 -> s
   (and back); the loser can only ever be about to name 1, 2, 3, p, q or r. *)
From Coq Require Import NArith ZArith Znumtheory List Lia.
Import ListNotations.
From JG Require Import Rules Pairing.
Open Scope N_scope.

Definition primeN (p : N) : Prop := prime (Z.of_N p).

Lemma divide_N_Z a b : (a | b) <-> (Z.of_N a | Z.of_N b)%Z.
Proof.
  split.
  - intros [c Hc]. exists (Z.of_N c). subst. lia.
  - intros [c Hc]. destruct (N.eq_dec a 0) as [->|Ha].
    + exists 0. simpl in Hc. lia.
    + assert (0 <= c)%Z by nia. exists (Z.to_N c). lia.
Qed.

(* The divisors of k p, for a prime p > 3 and k = 1, 2 or 3. *)
Lemma small_divisor (d k : Z) : (0 < d)%Z -> (k = 1 \/ k = 2 \/ k = 3)%Z -> (d | k)%Z ->
  (d = 1 \/ d = k)%Z.
Proof.
  intros Hd Hk Hdk. assert (Hle : (d <= k)%Z) by (apply Z.divide_pos_le; [lia|exact Hdk]).
  destruct Hdk as [c Hc].
  assert (Hcases : (d = 1 \/ d = 2 \/ d = 3)%Z) by lia.
  destruct Hcases as [E|[E|E]]; subst d; lia.
Qed.

Lemma divisors_kp (p k d : Z) : prime p -> (3 < p)%Z -> (k = 1 \/ k = 2 \/ k = 3)%Z ->
  (0 < d)%Z -> (d | k * p)%Z -> (d = 1 \/ d = k \/ d = p \/ d = k * p)%Z.
Proof.
  intros Hp Hp3 Hk Hd Hdiv.
  assert (Hg : (Z.gcd d p | p)%Z) by apply Z.gcd_divide_r.
  destruct (prime_divisors p Hp _ Hg) as [E|[E|[E|E]]].
  - pose proof (Z.gcd_nonneg d p). lia.
  - assert (Hdk : (d | k)%Z).
    { apply (Z.gauss d p k); [rewrite Z.mul_comm; exact Hdiv | exact E]. }
    destruct (small_divisor d k Hd Hk Hdk); lia.
  - assert (Hpd : (p | d)%Z) by (rewrite <- E; apply Z.gcd_divide_l).
    destruct Hpd as [j ->].
    assert (Hjk : (j | k)%Z).
    { apply (Z.mul_divide_cancel_r j k p); [lia|exact Hdiv]. }
    assert (0 < j)%Z by nia.
    destruct (small_divisor j k ltac:(lia) Hk Hjk) as [->| ->]; lia.
  - pose proof (Z.gcd_nonneg d p). lia.
Qed.

(* The numbers that divide, or are multiples of, k p on 1..n, when 2 k p > n. *)
Lemma neighbours_kp n k p z : primeN p -> 3 < p -> (k = 1 \/ k = 2 \/ k = 3) ->
  n < 2 * (k * p) -> 1 <= z <= n -> (z | k * p) \/ (k * p | z) -> z <> k * p ->
  z = 1 \/ z = k \/ z = p.
Proof.
  intros Hp Hp3 Hk Hn Hz Hd Hne. destruct Hd as [Hd|[c Hc]].
  - apply divide_N_Z in Hd.
    assert (Hd' : (Z.of_N z | Z.of_N k * Z.of_N p)%Z) by (rewrite <- N2Z.inj_mul; exact Hd).
    destruct (divisors_kp (Z.of_N p) (Z.of_N k) (Z.of_N z) Hp ltac:(lia) ltac:(lia)
                ltac:(lia) Hd') as [E|[E|[E|E]]]; lia.
  - exfalso. assert (c = 0 \/ c = 1 \/ 2 <= c) as [->|[->|Hc2]] by lia; nia.
Qed.

Lemma prime_not_product s k x : primeN s -> 1 < k -> 1 < x -> s <> k * x.
Proof.
  intros Hs Hk Hx E. unfold primeN in Hs.
  assert (Hd : (Z.of_N k | Z.of_N s)%Z) by (exists (Z.of_N x); lia).
  destruct (prime_divisors _ Hs _ Hd) as [H|[H|[H|H]]]; nia.
Qed.

Section Scheme.
Variables n p q r s : N.
Hypothesis Hp : primeN p.
Hypothesis Hq : primeN q.
Hypothesis Hr : primeN r.
Hypothesis Hs : primeN s.
Hypothesis Hn : 100 <= n.
Hypothesis Hpn : n < 4 * p.
Hypothesis Hpq : p < q.
Hypothesis Hqr : q < r.
Hypothesis Hrn : 3 * r <= n.
Hypothesis Hsn : n < 2 * s.
Hypothesis Hsn' : s <= n.

Definition sPr (a b : N) : Prop :=
  (a = p /\ b = 3 * p) \/ (a = 3 * p /\ b = p) \/ (a = 3 /\ b = 3 * q) \/ (a = 3 * q /\ b = 3) \/
  (a = q /\ b = 2 * q) \/ (a = 2 * q /\ b = q) \/ (a = 2 /\ b = 2 * r) \/ (a = 2 * r /\ b = 2) \/
  (a = r /\ b = 3 * r) \/ (a = 3 * r /\ b = r) \/ (a = 1 /\ b = s) \/ (a = s /\ b = 1).

Definition sL (x : N) : Prop := x = 1 \/ x = 2 \/ x = 3 \/ x = p \/ x = q \/ x = r.

Lemma s_not_products : s <> 2 * p /\ s <> 2 * q /\ s <> 2 * r /\
                       s <> 3 * p /\ s <> 3 * q /\ s <> 3 * r.
Proof. repeat split; apply prime_not_product; auto; lia. Qed.

Theorem scheme_wins : first_player_wins n.
Proof.
  pose proof s_not_products as Hsp.
  apply (closed_pairing_first n (2 * p) sPr sL).
  - unfold sPr. intros a b H. intuition.
  - unfold sPr. intros a b c H1 H2.
    repeat destruct H1 as [H1|H1]; destruct H1 as [-> ->];
      repeat destruct H2 as [H2|H2]; destruct H2 as [E1 E2]; lia.
  - unfold sPr. intros a b H. intuition lia.
  - unfold sPr. intros a b H.
    repeat destruct H as [H|H]; destruct H as [-> ->];
      first [left; apply N.divide_1_l | right; apply N.divide_1_l
            | left; apply N.divide_factor_r | right; apply N.divide_factor_r
            | left; apply N.divide_factor_l | right; apply N.divide_factor_l].
  - unfold sPr. intros a b H. intuition lia.
  - unfold sPr. intros b H. intuition lia.
  - split; [lia|]. split; [intros []|]. exists p. reflexivity.
  - intros x [Hx [Hnin Hd]]. simpl in Hd.
    assert (Hx2 : x <> 2 * p) by (intro E; apply Hnin; left; auto).
    destruct (neighbours_kp n 2 p x Hp ltac:(lia) ltac:(lia) ltac:(lia) Hx
               ltac:(destruct Hd; [left|right]; assumption) Hx2) as [E|[E|E]];
      unfold sL; lia.
  - unfold sL. intros x Hx.
    destruct Hx as [-> | [-> | [-> | [-> | [-> | ->]]]]].
    + exists s. split; [unfold sPr; tauto|]. intros z Hz Hd Hzs _.
      assert (Hd' : (z | 1 * s) \/ (1 * s | z)) by (rewrite N.mul_1_l; exact Hd).
      destruct (neighbours_kp n 1 s z Hs ltac:(lia) ltac:(lia) ltac:(lia) Hz Hd' ltac:(lia))
        as [E|[E|E]]; lia.
    + exists (2 * r). split; [unfold sPr; tauto|]. intros z Hz Hd Hzy _.
      destruct (neighbours_kp n 2 r z Hr ltac:(lia) ltac:(lia) ltac:(lia) Hz Hd Hzy)
        as [E|[E|E]]; lia.
    + exists (3 * q). split; [unfold sPr; tauto|]. intros z Hz Hd Hzy _.
      destruct (neighbours_kp n 3 q z Hq ltac:(lia) ltac:(lia) ltac:(lia) Hz Hd Hzy)
        as [E|[E|E]]; lia.
    + exists (3 * p). split; [unfold sPr; tauto|]. intros z Hz Hd Hzy _.
      destruct (neighbours_kp n 3 p z Hp ltac:(lia) ltac:(lia) ltac:(lia) Hz Hd Hzy)
        as [E|[E|E]]; lia.
    + exists (2 * q). split; [unfold sPr; tauto|]. intros z Hz Hd Hzy _.
      destruct (neighbours_kp n 2 q z Hq ltac:(lia) ltac:(lia) ltac:(lia) Hz Hd Hzy)
        as [E|[E|E]]; lia.
    + exists (3 * r). split; [unfold sPr; tauto|]. intros z Hz Hd Hzy _.
      destruct (neighbours_kp n 3 r z Hr ltac:(lia) ltac:(lia) ltac:(lia) Hz Hd Hzy)
        as [E|[E|E]]; lia.
Qed.
End Scheme.
