(* The arithmetic behind Chebyshev.v, over binary natural numbers (N) and the
   standard library's primes (Znumtheory.prime, read on Z.of_N): p-adic
   valuations, finite sums and products, factorials, Legendre's formula
   val p (z!) = sum over k >= 1 of z / p^k, and a divides b as soon as every
   prime has a valuation in a at most its valuation in b. No axiom. *)
From Coq Require Import NArith ZArith Znumtheory Bool Lia.
Open Scope N_scope.

(* lia, with divisions and remainders by constants. *)
Ltac dlia := zify; Z.div_mod_to_equations; lia.

(* ------------------------------------------------------------------------- *)
(* Primes of N. *)

Definition isprime (p : N) : bool := if prime_dec (Z.of_N p) then true else false.

Lemma isprime_spec p : isprime p = true <-> prime (Z.of_N p).
Proof. unfold isprime. destruct (prime_dec (Z.of_N p)); split; congruence || tauto. Qed.

Lemma isprime_false p : isprime p = false <-> ~ prime (Z.of_N p).
Proof. unfold isprime. destruct (prime_dec (Z.of_N p)); split; congruence || tauto. Qed.

Lemma divide_NZ a b : (a | b) <-> (Z.of_N a | Z.of_N b)%Z.
Proof.
  split.
  - intros [c Hc]. exists (Z.of_N c). subst. lia.
  - intros [c Hc]. destruct (N.eq_dec a 0) as [->|Ha].
    + exists 0. simpl in Hc. lia.
    + assert (0 <= c)%Z by nia. exists (Z.to_N c). lia.
Qed.

Lemma prime_ge_2_N p : prime (Z.of_N p) -> 2 <= p.
Proof. intros H. apply prime_ge_2 in H. lia. Qed.

Lemma euclid p a b : prime (Z.of_N p) -> (p | a * b) -> (p | a) \/ (p | b).
Proof.
  intros Hp H. apply divide_NZ in H. rewrite N2Z.inj_mul in H.
  destruct (prime_mult _ Hp _ _ H); [left|right]; apply divide_NZ; assumption.
Qed.

Lemma prime_divides_prime p q : prime (Z.of_N p) -> prime (Z.of_N q) -> (p | q) -> p = q.
Proof.
  intros Hp Hq H. apply divide_NZ in H. apply (prime_div_prime _ _ Hp Hq) in H. lia.
Qed.

Lemma prime_divisor a : 1 < a -> exists p, prime (Z.of_N p) /\ (p | a).
Proof.
  assert (H : forall k : nat, forall a, (N.to_nat a <= k)%nat -> 1 < a ->
            exists p, prime (Z.of_N p) /\ (p | a)).
  { induction k as [|k IH]; intros x Hk Hx; [lia|].
    destruct (prime_dec (Z.of_N x)) as [Hp|Hp].
    - exists x. split; [exact Hp|apply N.divide_refl].
    - destruct (not_prime_divide (Z.of_N x) ltac:(lia) Hp) as [d [Hd Hdx]].
      destruct (IH (Z.to_N d) ltac:(lia) ltac:(lia)) as [p [Hp' Hpd]].
      exists p. split; [exact Hp'|]. apply (N.divide_trans _ (Z.to_N d)); [exact Hpd|].
      apply divide_NZ. rewrite Z2N.id; [exact Hdx|lia]. }
  intros Ha. exact (H _ a (le_n _) Ha).
Qed.

(* ------------------------------------------------------------------------- *)
(* The p-adic valuation. *)

Fixpoint vfuel (f : nat) (p x : N) : N :=
  match f with
  | O => 0
  | S f => if (x =? 0) || negb (x mod p =? 0) then 0 else N.succ (vfuel f p (x / p))
  end.

(* The exponent of p in x (x > 0, p >= 2). *)
Definition val (p x : N) : N := vfuel (N.to_nat x) p x.

Lemma pow_divide_pow p a b : a <= b -> (p ^ a | p ^ b).
Proof.
  intros H. exists (p ^ (b - a)). rewrite <- N.pow_add_r. f_equal. lia.
Qed.

Lemma vfuel_spec p : 2 <= p -> forall f x, 0 < x -> (N.to_nat x <= f)%nat ->
  (p ^ vfuel f p x | x) /\ ~ (p ^ N.succ (vfuel f p x) | x).
Proof.
  intros Hp f. induction f as [|f IH]; intros x Hx Hf; [lia|].
  cbn [vfuel]. destruct (x =? 0) eqn:E0; [apply N.eqb_eq in E0; lia|].
  destruct (x mod p =? 0) eqn:Em; cbn [orb negb].
  - apply N.eqb_eq, N.mod_divide in Em; [|lia]. destruct Em as [c Hc].
    assert (Hxp : x / p = c) by (subst; apply N.div_mul; lia).
    rewrite Hxp. assert (Hc0 : 0 < c) by nia.
    assert (Hcf : (N.to_nat c <= f)%nat) by nia.
    destruct (IH c Hc0 Hcf) as [H1 H2]. subst x. split.
    + rewrite N.pow_succ_r', (N.mul_comm c p). apply N.mul_divide_mono_l. exact H1.
    + intros H3. apply H2. rewrite N.pow_succ_r', (N.mul_comm c p) in H3.
      apply N.mul_divide_cancel_l in H3; [exact H3|lia].
  - split; [apply N.divide_1_l|].
    intros H. replace (p ^ N.succ 0) with p in H by (symmetry; apply N.pow_1_r). apply N.mod_divide in H; [|lia]. apply N.eqb_neq in Em. contradiction.
Qed.

Lemma val_spec p x : 2 <= p -> 0 < x -> (p ^ val p x | x) /\ ~ (p ^ N.succ (val p x) | x).
Proof. intros Hp Hx. apply vfuel_spec; [exact Hp|exact Hx|lia]. Qed.

Lemma pow_divide_val p x k : 2 <= p -> 0 < x -> (p ^ k | x) <-> k <= val p x.
Proof.
  intros Hp Hx. destruct (val_spec p x Hp Hx) as [H1 H2]. split.
  - intros H. destruct (N.le_gt_cases k (val p x)) as [Hk|Hk]; [exact Hk|].
    exfalso. apply H2. apply (N.divide_trans _ (p ^ k)); [apply pow_divide_pow; lia|exact H].
  - intros Hk. apply (N.divide_trans _ (p ^ val p x)); [apply pow_divide_pow; exact Hk|exact H1].
Qed.

Lemma val_unique p x v : 2 <= p -> 0 < x -> (p ^ v | x) -> ~ (p ^ N.succ v | x) -> val p x = v.
Proof.
  intros Hp Hx H1 H2. apply (pow_divide_val p x v Hp Hx) in H1.
  destruct (N.le_gt_cases (val p x) v) as [H|H]; [lia|].
  exfalso. apply H2. apply (pow_divide_val p x _ Hp Hx). lia.
Qed.

Lemma val_le p x : 2 <= p -> 0 < x -> val p x < x.
Proof.
  intros Hp Hx. destruct (val_spec p x Hp Hx) as [H _].
  apply N.divide_pos_le in H; [|exact Hx].
  pose proof (N.pow_gt_lin_r p (val p x) ltac:(lia)). lia.
Qed.

Lemma val_mul p x y : prime (Z.of_N p) -> 0 < x -> 0 < y -> val p (x * y) = val p x + val p y.
Proof.
  intros Hpr Hx Hy. pose proof (prime_ge_2_N p Hpr) as Hp.
  destruct (val_spec p x Hp Hx) as [[x' Ex] Nx].
  destruct (val_spec p y Hp Hy) as [[y' Ey] Ny].
  remember (val p x) as a. remember (val p y) as b.
  assert (Hpa : 0 < p ^ a) by (apply N.neq_0_lt_0, N.pow_nonzero; lia).
  assert (Hpb : 0 < p ^ b) by (apply N.neq_0_lt_0, N.pow_nonzero; lia).
  apply val_unique; [exact Hp|nia| |].
  - exists (x' * y'). rewrite Ex, Ey, N.pow_add_r. ring.
  - intros [c Hc]. rewrite Ex, Ey, N.pow_succ_r', N.pow_add_r in Hc.
    assert (Hd : (p | x' * y')).
    { exists c. apply (N.mul_cancel_r _ _ (p ^ a * p ^ b)); [lia|].
      rewrite <- (N.mul_assoc c p). rewrite <- Hc. ring. }
    destruct (euclid p x' y' Hpr Hd) as [[d Hd']|[d Hd']].
    + apply Nx. exists d. rewrite Ex, Hd', N.pow_succ_r'. ring.
    + apply Ny. exists d. rewrite Ey, Hd', N.pow_succ_r'. ring.
Qed.

Lemma val_not_divide p x : 2 <= p -> 0 < x -> ~ (p | x) -> val p x = 0.
Proof.
  intros Hp Hx H. apply val_unique; [exact Hp|exact Hx| |].
  - rewrite N.pow_0_r. apply N.divide_1_l.
  - rewrite N.pow_1_r. exact H.
Qed.

Lemma val_one p : 2 <= p -> val p 1 = 0.
Proof.
  intros Hp. apply val_not_divide; [exact Hp|lia|].
  intros H. apply N.divide_pos_le in H; lia.
Qed.

Lemma val_prime_self p : prime (Z.of_N p) -> val p p = 1.
Proof.
  intros Hpr. pose proof (prime_ge_2_N p Hpr) as Hp.
  apply val_unique; [exact Hp|lia|rewrite N.pow_1_r; apply N.divide_refl|].
  intros H. apply N.divide_pos_le in H; [|lia]. rewrite N.pow_succ_r', N.pow_1_r in H. nia.
Qed.

Lemma val_prime_other p q : prime (Z.of_N p) -> prime (Z.of_N q) -> p <> q -> val p q = 0.
Proof.
  intros Hp Hq Hne. apply val_not_divide; [apply prime_ge_2_N; exact Hp|
    pose proof (prime_ge_2_N q Hq); lia|].
  intros H. apply Hne. exact (prime_divides_prime p q Hp Hq H).
Qed.

Lemma val_pow p x e : prime (Z.of_N p) -> 0 < x -> val p (x ^ e) = e * val p x.
Proof.
  intros Hp Hx. induction e as [|e IH] using N.peano_ind.
  - rewrite N.pow_0_r. apply val_one, prime_ge_2_N, Hp.
  - rewrite N.pow_succ_r', val_mul, IH; [lia|exact Hp|exact Hx|].
    apply N.neq_0_lt_0, N.pow_nonzero. lia.
Qed.

(* a divides b when each prime's valuation in a is at most its valuation in b. *)
Lemma divide_of_val a b : 0 < a -> 0 < b ->
  (forall p, prime (Z.of_N p) -> val p a <= val p b) -> (a | b).
Proof.
  assert (H : forall k : nat, forall a b, (N.to_nat a <= k)%nat -> 0 < a -> 0 < b ->
            (forall p, prime (Z.of_N p) -> val p a <= val p b) -> (a | b)).
  { induction k as [|k IH]; intros x y Hk Hx Hy Hv; [lia|].
    destruct (N.eq_dec x 1) as [->|Hx1]; [apply N.divide_1_l|].
    destruct (prime_divisor x ltac:(lia)) as [p [Hp [x' Ex]]].
    pose proof (prime_ge_2_N p Hp) as Hp2.
    assert (Hx' : 0 < x') by nia.
    assert (Hvx : val p x = val p x' + 1) by (rewrite Ex, val_mul, val_prime_self; auto; lia).
    assert (Hpy : (p | y)).
    { rewrite <- (N.pow_1_r p). apply (pow_divide_val p y 1 Hp2 Hy). specialize (Hv p Hp). lia. }
    destruct Hpy as [y' Ey]. assert (Hy' : 0 < y') by nia.
    subst x y. apply N.mul_divide_mono_r. apply IH; [nia|exact Hx'|exact Hy'|].
    intros q Hq. specialize (Hv q Hq). rewrite !val_mul in Hv; auto; lia. }
  intros Ha Hb Hv. exact (H _ a b (le_n _) Ha Hb Hv).
Qed.

Lemma le_of_val a b : 0 < a -> 0 < b ->
  (forall p, prime (Z.of_N p) -> val p a <= val p b) -> a <= b.
Proof. intros Ha Hb Hv. apply N.divide_pos_le; [exact Hb|]. apply divide_of_val; assumption. Qed.

(* ------------------------------------------------------------------------- *)
(* Finite sums and products over 1..n. *)

Fixpoint sum_upto (g : N -> N) (n : nat) : N :=
  match n with O => 0 | S m => sum_upto g m + g (N.of_nat (S m)) end.

Fixpoint prod_upto (g : N -> N) (n : nat) : N :=
  match n with O => 1 | S m => prod_upto g m * g (N.of_nat (S m)) end.

Lemma sum_upto_ext g h n : (forall i, 1 <= i <= N.of_nat n -> g i = h i) ->
  sum_upto g n = sum_upto h n.
Proof.
  induction n as [|n IH]; intros H; cbn [sum_upto prod_upto]; [reflexivity|].
  rewrite IH, H; [reflexivity|lia|]. intros i Hi. apply H. lia.
Qed.

Lemma sum_upto_le g h n : (forall i, 1 <= i <= N.of_nat n -> g i <= h i) ->
  sum_upto g n <= sum_upto h n.
Proof.
  induction n as [|n IH]; intros H; cbn [sum_upto prod_upto]; [lia|].
  apply N.add_le_mono; [apply IH; intros i Hi; apply H; lia|apply H; lia].
Qed.

Lemma sum_upto_add g h n : sum_upto (fun i => g i + h i) n = sum_upto g n + sum_upto h n.
Proof. induction n as [|n IH]; cbn [sum_upto prod_upto]; [reflexivity|]. rewrite IH. ring. Qed.

Lemma sum_upto_zero n : sum_upto (fun _ => 0) n = 0.
Proof. induction n as [|n IH]; cbn [sum_upto prod_upto]; [reflexivity|]. rewrite IH. reflexivity. Qed.

(* Terms past m vanish: the sum to n equals the sum to m. *)
Lemma sum_upto_trunc g m n : (m <= n)%nat -> (forall i, N.of_nat m < i -> g i = 0) ->
  sum_upto g n = sum_upto g m.
Proof.
  intros Hmn H. induction n as [|n IH].
  - replace m with 0%nat by lia. reflexivity.
  - destruct (Nat.eq_dec m (S n)) as [->|Hne]; [reflexivity|].
    cbn [sum_upto]. rewrite IH, H; [lia|lia|lia].
Qed.

(* The number of k in 1..n with k <= v. *)
Lemma sum_upto_le_ind v n : sum_upto (fun k => if k <=? v then 1 else 0) n = N.min v (N.of_nat n).
Proof.
  induction n as [|n IH]; cbn [sum_upto]; [simpl; lia|].
  rewrite IH. rewrite Nat2N.inj_succ. destruct (N.succ (N.of_nat n) <=? v) eqn:E;
    [apply N.leb_le in E|apply N.leb_gt in E]; lia.
Qed.

(* A sum whose only term is at i = p. *)
Lemma sum_upto_single p c n : 1 <= p ->
  sum_upto (fun i => if i =? p then c else 0) n = if p <=? N.of_nat n then c else 0.
Proof.
  intros Hp. induction n as [|n IH]; cbn [sum_upto].
  - destruct (p <=? N.of_nat 0) eqn:E; [apply N.leb_le in E; lia|reflexivity].
  - rewrite IH. destruct (N.of_nat (S n) =? p) eqn:E1;
      [apply N.eqb_eq in E1|apply N.eqb_neq in E1];
      destruct (p <=? N.of_nat n) eqn:E2; [apply N.leb_le in E2|apply N.leb_gt in E2|
        apply N.leb_le in E2|apply N.leb_gt in E2];
      destruct (p <=? N.of_nat (S n)) eqn:E3; [apply N.leb_le in E3|apply N.leb_gt in E3|
        apply N.leb_le in E3|apply N.leb_gt in E3|apply N.leb_le in E3|apply N.leb_gt in E3|
        apply N.leb_le in E3|apply N.leb_gt in E3]; lia.
Qed.

Lemma prod_upto_pos g n : (forall i, 1 <= i -> 0 < g i) -> 0 < prod_upto g n.
Proof.
  intros H. induction n as [|n IH]; cbn [sum_upto prod_upto]; [lia|]. apply N.mul_pos_pos; [exact IH|apply H; lia].
Qed.

Lemma val_prod p g n : prime (Z.of_N p) -> (forall i, 1 <= i -> 0 < g i) ->
  val p (prod_upto g n) = sum_upto (fun i => val p (g i)) n.
Proof.
  intros Hp H. induction n as [|n IH]; cbn [sum_upto prod_upto].
  - apply val_one, prime_ge_2_N, Hp.
  - rewrite val_mul, IH; [reflexivity|exact Hp|apply prod_upto_pos; exact H|apply H; lia].
Qed.

(* Each factor at most c: the product is at most c ^ (number of factors above 1). *)
Lemma prod_upto_le_pow g c n : 1 <= c -> (forall i, 1 <= i <= N.of_nat n -> g i <= c) ->
  prod_upto g n <= c ^ N.of_nat n.
Proof.
  intros Hc. induction n as [|n IH]; intros H; cbn [prod_upto]; [rewrite N.pow_0_r; lia|].
  rewrite Nat2N.inj_succ, N.pow_succ_r'. rewrite N.mul_comm.
  apply N.mul_le_mono; [apply H; lia|apply IH; intros i Hi; apply H; lia].
Qed.

(* ------------------------------------------------------------------------- *)
(* Factorials and Legendre's formula. *)

Definition fact (z : N) : N := prod_upto (fun i => i) (N.to_nat z).

Lemma fact_0 : fact 0 = 1.
Proof. reflexivity. Qed.

Lemma fact_succ z : fact (N.succ z) = fact z * N.succ z.
Proof. unfold fact. rewrite N2Nat.inj_succ. cbn [prod_upto]. rewrite Nat2N.inj_succ, N2Nat.id. reflexivity. Qed.

Lemma fact_pos z : 0 < fact z.
Proof. unfold fact. apply prod_upto_pos. lia. Qed.

Lemma fact_mono a b : a <= b -> fact a <= fact b.
Proof.
  intros H. replace b with (a + (b - a)) by lia. generalize (b - a) as d.
  induction d as [|d IH] using N.peano_ind; [rewrite N.add_0_r; lia|].
  rewrite N.add_succ_r, fact_succ. pose proof (fact_pos (a + d)). nia.
Qed.

(* (a + d)! <= a! (a + d)^d. *)
Lemma fact_add_le a d : fact (a + d) <= fact a * (a + d) ^ d.
Proof.
  induction d as [|d IH] using N.peano_ind; [rewrite N.add_0_r, N.pow_0_r; lia|].
  rewrite N.add_succ_r, fact_succ, N.pow_succ_r'.
  assert (Hm : (a + d) ^ d <= N.succ (a + d) ^ d) by (apply N.pow_le_mono_l; lia).
  replace (fact a * (N.succ (a + d) * N.succ (a + d) ^ d))
    with (fact a * N.succ (a + d) ^ d * N.succ (a + d)) by ring.
  apply N.mul_le_mono_r. apply (N.le_trans _ (fact a * (a + d) ^ d)); [exact IH|].
  apply N.mul_le_mono_l. exact Hm.
Qed.

Lemma div_succ z q : 0 < q ->
  N.succ z / q = z / q + (if N.succ z mod q =? 0 then 1 else 0).
Proof.
  intros Hq. pose proof (N.div_mod z q ltac:(lia)) as Ez. pose proof (N.mod_lt z q ltac:(lia)).
  destruct (N.eq_dec (N.succ (z mod q)) q) as [E|E].
  - assert (H1 : N.succ z / q = z / q + 1) by (symmetry; apply (N.div_unique _ _ _ 0); lia).
    assert (H2 : N.succ z mod q = 0) by (symmetry; apply (N.mod_unique _ _ (z / q + 1)); lia).
    rewrite H1, H2. reflexivity.
  - assert (H1 : N.succ z / q = z / q) by (symmetry; apply (N.div_unique _ _ _ (N.succ (z mod q))); lia).
    assert (H2 : N.succ z mod q = N.succ (z mod q)) by (symmetry; apply (N.mod_unique _ _ (z / q)); lia).
    rewrite H1, H2. destruct (N.eqb_spec (N.succ (z mod q)) 0) as [E'|E'];
      [exfalso; apply (N.neq_succ_0 _ E')|rewrite N.add_0_r; reflexivity].
Qed.

(* Legendre: the exponent of p in z! is the sum of z / p^k over k = 1..K, for any K >= z. *)
Lemma legendre p z K : prime (Z.of_N p) -> (N.to_nat z <= K)%nat ->
  val p (fact z) = sum_upto (fun k => z / p ^ k) K.
Proof.
  intros Hpr. pose proof (prime_ge_2_N p Hpr) as Hp. revert K.
  induction z as [|z IH] using N.peano_ind; intros K HK.
  - rewrite fact_0, val_one by exact Hp. rewrite (sum_upto_ext _ (fun _ => 0)), sum_upto_zero;
      [reflexivity|]. intros i _. apply N.div_0_l. apply N.pow_nonzero. lia.
  - rewrite fact_succ, val_mul by (exact Hpr || apply fact_pos || lia).
    rewrite (IH K) by lia.
    rewrite (sum_upto_ext (fun k => N.succ z / p ^ k)
               (fun k => z / p ^ k + (if N.succ z mod p ^ k =? 0 then 1 else 0))).
    2:{ intros i _. apply div_succ. apply N.neq_0_lt_0, N.pow_nonzero. lia. }
    rewrite sum_upto_add. f_equal.
    rewrite (sum_upto_ext _ (fun k => if k <=? val p (N.succ z) then 1 else 0)).
    + rewrite sum_upto_le_ind. pose proof (val_le p (N.succ z) Hp ltac:(lia)). lia.
    + intros k _. destruct (N.succ z mod p ^ k =? 0) eqn:E;
        [apply N.eqb_eq in E|apply N.eqb_neq in E];
        destruct (k <=? val p (N.succ z)) eqn:F; [reflexivity| |(apply N.leb_le in F)|reflexivity].
      * apply N.leb_gt in F. apply N.mod_divide in E; [|apply N.pow_nonzero; lia].
        apply (pow_divide_val p (N.succ z) k Hp ltac:(lia)) in E. lia.
      * exfalso. apply E. apply N.mod_divide; [apply N.pow_nonzero; lia|].
        apply (pow_divide_val p (N.succ z) k Hp ltac:(lia)). exact F.
Qed.
