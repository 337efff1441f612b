(* Three primes in (a, b] whenever b >= 2^17 and 1 <= a <= (3b + 2)/4, proved from first
   principles by Chebyshev's argument (1852), over N and without real numbers.

   lcm_to y is the product of p^e over the primes p, with p^e the largest power of p
   at most y (that is lcm(1..y), or exp psi(y)). Legendre's formula (Valuation.v)
   compares it with U y = y! (y/30)! and D y = (y/2)! (y/3)! (y/5)!: for every prime p
   and every k >= 1, with Y = y / p^k, the exponent of p in U y / D y takes
   Y + Y/30 - Y/2 - Y/3 - Y/5 from p^k, which is 0 or 1, and 1 when 1 <= Y <= 5. So

     U y  <=  lcm_to y * D y                and
     lcm_to y * D y  <=  U y * lcm_to (y/6).

   With y = 30m, U / D is the multinomial (30m)! m! / ((15m)! (10m)! (6m)!), whose
   consecutive ratios are B = 2^14 3^9 5^5 (about e^27.64) times a product of eight
   factors (30m + c)/(30m + d), c < d <= 30, exactly. This gives
   B^(m-1) <= lcm_to (30m) * m^8 (psi(x) >= 0.921 x - O(log x)) and
   lcm_to y ^ 25 <= B^y * y^(725 (log2 y / 2 + 1)) (psi(x) <= 1.106 x + O(log^2 x)).
   Since 1.106 * 3/4 < 0.921, lcm_to b is larger than lcm_to a * b^(2 + sqrt b) for
   a <= 3b/4 and b >= 2^17, while two primes or fewer in (a, b] would bound it by
   that: the primes above sqrt b enter lcm_to b once each, the ones below add at most
   b each. The last step compares powers of 2 (N.log2). *)
From Coq Require Import NArith ZArith Znumtheory Bool Lia.
From JG Require Import Valuation.
Open Scope N_scope.

(* ------------------------------------------------------------------------- *)
(* Exponents and lcm_to. *)

(* The exponent of p in lcm(1..y): the number of k >= 1 with p^k <= y. *)
Definition ex (p y : N) : N := sum_upto (fun k => if p ^ k <=? y then 1 else 0) (N.to_nat y).

Definition lcm_to (y : N) : N :=
  prod_upto (fun i => if isprime i then i ^ ex i y else 1) (N.to_nat y).

Lemma pow_pos p k : 1 <= p -> 0 < p ^ k.
Proof. intros Hp. apply N.neq_0_lt_0, N.pow_nonzero. lia. Qed.

Lemma pow_ge_self p k : 1 <= p -> 1 <= k -> p <= p ^ k.
Proof. intros Hp Hk. rewrite <- (N.pow_1_r p) at 1. apply N.pow_le_mono_r; lia. Qed.

Lemma k_lt_pow p k : 2 <= p -> k < p ^ k.
Proof. intros Hp. apply N.pow_gt_lin_r. lia. Qed.

(* The valuation of a product over the primes of 1..n, each to some exponent. *)
Lemma val_prod_primes p e n : prime (Z.of_N p) ->
  val p (prod_upto (fun i => if isprime i then i ^ e i else 1) n) =
  if p <=? N.of_nat n then e p else 0.
Proof.
  intros Hp. pose proof (prime_ge_2_N p Hp) as Hp2.
  rewrite val_prod; [|exact Hp|].
  2:{ intros i Hi. destruct (isprime i); [apply pow_pos; lia|lia]. }
  rewrite (sum_upto_ext _ (fun i => if i =? p then e p else 0)).
  - apply sum_upto_single. lia.
  - intros i Hi. destruct (isprime i) eqn:Ei.
    + apply isprime_spec in Ei. rewrite val_pow by (exact Hp || lia).
      destruct (N.eqb_spec i p) as [->|Hne].
      * rewrite val_prime_self by exact Hp. lia.
      * rewrite val_prime_other by (auto || congruence). lia.
    + rewrite val_one by exact Hp2. destruct (N.eqb_spec i p) as [->|]; [|reflexivity].
      apply isprime_false in Ei. contradiction.
Qed.

Lemma ex_zero p y : 2 <= p -> y < p -> ex p y = 0.
Proof.
  intros Hp Hy. unfold ex. rewrite (sum_upto_ext _ (fun _ => 0)); [apply sum_upto_zero|].
  intros k Hk. pose proof (pow_ge_self p k ltac:(lia) ltac:(lia)).
  destruct (N.leb_spec (p ^ k) y); lia.
Qed.

Lemma val_lcm p y : prime (Z.of_N p) -> val p (lcm_to y) = ex p y.
Proof.
  intros Hp. unfold lcm_to. rewrite val_prod_primes by exact Hp. rewrite N2Nat.id.
  destruct (N.leb_spec p y); [reflexivity|].
  symmetry. apply ex_zero; [apply prime_ge_2_N; exact Hp|lia].
Qed.

Lemma lcm_to_pos y : 0 < lcm_to y.
Proof.
  apply prod_upto_pos. intros i Hi. destruct (isprime i); [apply pow_pos; lia|lia].
Qed.

Lemma lcm_to_0 : lcm_to 0 = 1.
Proof. reflexivity. Qed.

(* c <= a / b iff b c <= a. *)
Lemma le_div_iff a b c : 0 < b -> (c <= a / b <-> b * c <= a).
Proof.
  intros Hb. split.
  - intros H. pose proof (N.mul_div_le a b ltac:(lia)). nia.
  - intros H. apply N.div_le_lower_bound; lia.
Qed.

(* The exponent of p in lcm(1..y), counted on Y_k = y / p^k over any range K >= y. *)
Lemma ex_range p y K : 2 <= p -> (N.to_nat y <= K)%nat ->
  ex p y = sum_upto (fun k => if 1 <=? y / p ^ k then 1 else 0) K.
Proof.
  intros Hp HK. unfold ex. symmetry.
  rewrite (sum_upto_trunc _ (N.to_nat y) K HK).
  - apply sum_upto_ext. intros k _. pose proof (pow_pos p k ltac:(lia)).
    destruct (N.leb_spec 1 (y / p ^ k)) as [H1|H1];
      destruct (N.leb_spec (p ^ k) y) as [H2|H2]; try reflexivity.
    + exfalso. apply le_div_iff in H1; lia.
    + exfalso. assert (1 <= y / p ^ k) by (apply le_div_iff; lia). lia.
  - intros k Hk. pose proof (k_lt_pow p k Hp). rewrite N2Nat.id in Hk.
    rewrite N.div_small by lia. reflexivity.
Qed.

Lemma ex_div6 p y K : 2 <= p -> (N.to_nat y <= K)%nat ->
  ex p (y / 6) = sum_upto (fun k => if 6 <=? y / p ^ k then 1 else 0) K.
Proof.
  intros Hp HK. unfold ex. symmetry.
  rewrite (sum_upto_trunc _ (N.to_nat (y / 6)) K).
  - apply sum_upto_ext. intros k _. pose proof (pow_pos p k ltac:(lia)).
    destruct (N.leb_spec 6 (y / p ^ k)) as [H1|H1];
      destruct (N.leb_spec (p ^ k) (y / 6)) as [H2|H2]; try reflexivity.
    + exfalso. apply le_div_iff in H1; [|lia]. assert (p ^ k <= y / 6) by (apply le_div_iff; lia).
      lia.
    + exfalso. apply le_div_iff in H2; [|lia]. assert (6 <= y / p ^ k) by (apply le_div_iff; lia).
      lia.
  - pose proof (N.div_le_upper_bound y 6 y ltac:(lia) ltac:(lia)). lia.
  - intros k Hk. pose proof (k_lt_pow p k Hp). rewrite N2Nat.id in Hk.
    destruct (N.leb_spec 6 (y / p ^ k)) as [H1|H1]; [|reflexivity].
    exfalso. apply le_div_iff in H1; [|apply pow_pos; lia].
    assert (p ^ k <= y / 6) by (apply le_div_iff; lia). lia.
Qed.

(* Legendre's formula for (y / d)!, on Y_k = y / p^k. *)
Lemma legendre_div p y d K : prime (Z.of_N p) -> 0 < d -> (N.to_nat y <= K)%nat ->
  val p (fact (y / d)) = sum_upto (fun k => y / p ^ k / d) K.
Proof.
  intros Hp Hd HK. pose proof (prime_ge_2_N p Hp).
  rewrite (legendre p (y / d) K Hp).
  - apply sum_upto_ext. intros k _. pose proof (pow_pos p k ltac:(lia)).
    rewrite !N.div_div by lia. rewrite N.mul_comm. reflexivity.
  - pose proof (N.div_le_upper_bound y d y ltac:(lia) ltac:(nia)). lia.
Qed.

(* The digit inequalities: f(Y) = Y + Y/30 - Y/2 - Y/3 - Y/5 is 0 or 1, and 1 for 1 <= Y <= 5
   (f(30 q + r) = f(r)). *)
Lemma digit_upper Y : Y + Y / 30 <= Y / 2 + Y / 3 + Y / 5 + (if 1 <=? Y then 1 else 0).
Proof. destruct (N.leb_spec 1 Y); dlia. Qed.

Lemma digit_lower Y :
  Y / 2 + Y / 3 + Y / 5 + (if 1 <=? Y then 1 else 0) <= Y + Y / 30 + (if 6 <=? Y then 1 else 0).
Proof. destruct (N.leb_spec 1 Y); destruct (N.leb_spec 6 Y); dlia. Qed.

Definition U (y : N) : N := fact y * fact (y / 30).
Definition D (y : N) : N := fact (y / 2) * fact (y / 3) * fact (y / 5).

Lemma U_pos y : 0 < U y.
Proof. unfold U. pose proof (fact_pos y). pose proof (fact_pos (y / 30)). lia. Qed.

Lemma D_pos y : 0 < D y.
Proof.
  unfold D. pose proof (fact_pos (y / 2)). pose proof (fact_pos (y / 3)).
  pose proof (fact_pos (y / 5)). apply N.mul_pos_pos; [apply N.mul_pos_pos|]; assumption.
Qed.

Lemma val_U p y : prime (Z.of_N p) ->
  val p (U y) = sum_upto (fun k => y / p ^ k + y / p ^ k / 30) (N.to_nat y).
Proof.
  intros Hp. unfold U. rewrite val_mul by (exact Hp || apply fact_pos).
  rewrite sum_upto_add, (legendre p y (N.to_nat y) Hp (le_n _)).
  rewrite (legendre_div p y 30 (N.to_nat y) Hp ltac:(lia) (le_n _)). reflexivity.
Qed.

Lemma val_D p y : prime (Z.of_N p) ->
  val p (D y) = sum_upto (fun k => y / p ^ k / 2 + y / p ^ k / 3 + y / p ^ k / 5) (N.to_nat y).
Proof.
  intros Hp. unfold D. rewrite !val_mul by (exact Hp || apply fact_pos ||
    (apply N.mul_pos_pos; apply fact_pos)).
  rewrite !sum_upto_add, (legendre_div p y 2 (N.to_nat y) Hp ltac:(lia) (le_n _)),
    (legendre_div p y 3 (N.to_nat y) Hp ltac:(lia) (le_n _)),
    (legendre_div p y 5 (N.to_nat y) Hp ltac:(lia) (le_n _)). reflexivity.
Qed.

(* psi(y) >= log (U y / D y). *)
Lemma U_le y : U y <= lcm_to y * D y.
Proof.
  apply le_of_val; [apply U_pos|apply N.mul_pos_pos; [apply lcm_to_pos|apply D_pos]|].
  intros p Hp. pose proof (prime_ge_2_N p Hp).
  rewrite val_mul by (exact Hp || apply lcm_to_pos || apply D_pos).
  rewrite val_lcm, val_U, val_D, (ex_range p y (N.to_nat y)) by (exact Hp || lia).
  rewrite <- sum_upto_add. apply sum_upto_le. intros k _.
  pose proof (digit_upper (y / p ^ k)). lia.
Qed.

(* psi(y) - psi(y/6) <= log (U y / D y). *)
Lemma lcm_D_le y : lcm_to y * D y <= U y * lcm_to (y / 6).
Proof.
  apply le_of_val; [apply N.mul_pos_pos; [apply lcm_to_pos|apply D_pos]|
    apply N.mul_pos_pos; [apply U_pos|apply lcm_to_pos]|].
  intros p Hp. pose proof (prime_ge_2_N p Hp).
  rewrite !val_mul by (exact Hp || apply lcm_to_pos || apply D_pos || apply U_pos).
  rewrite !val_lcm, val_U, val_D, (ex_range p y (N.to_nat y)), (ex_div6 p y (N.to_nat y))
    by (exact Hp || lia).
  rewrite <- !sum_upto_add. apply sum_upto_le. intros k _.
  pose proof (digit_lower (y / p ^ k)). lia.
Qed.

Lemma lcm_to_mono a b : a <= b -> lcm_to a <= lcm_to b.
Proof.
  intros Hab. apply le_of_val; [apply lcm_to_pos|apply lcm_to_pos|].
  intros p Hp. pose proof (prime_ge_2_N p Hp).
  rewrite !val_lcm by exact Hp.
  rewrite (ex_range p a (N.to_nat b)), (ex_range p b (N.to_nat b)) by lia.
  apply sum_upto_le. intros k _.
  destruct (N.leb_spec 1 (a / p ^ k)); destruct (N.leb_spec 1 (b / p ^ k)); try lia.
  assert (a / p ^ k <= b / p ^ k) by (apply N.div_le_mono; [apply N.pow_nonzero|]; lia). lia.
Qed.

(* ------------------------------------------------------------------------- *)
(* The multinomial Mt m / Dt m = (30m)! m! / ((15m)! (10m)! (6m)!). *)

(* B = 2^14 3^9 5^5 = 30^30 / (15^15 10^10 6^6) = e^(30 A), A = 0.92129... *)
Definition B : N := 1007769600000.

Definition Mt (m : N) : N := fact (30 * m) * fact m.
Definition Dt (m : N) : N := fact (15 * m) * fact (10 * m) * fact (6 * m).

(* The consecutive ratio Mt (m+1) Dt m / (Mt m Dt (m+1)) is P1 m / P2 m. *)
Definition P1 (m : N) : N :=
  (30*m+1)*(30*m+2)*(30*m+3)*(30*m+4)*(30*m+5)*(30*m+6)*(30*m+7)*(30*m+8)*(30*m+9)*(30*m+10)*
  (30*m+11)*(30*m+12)*(30*m+13)*(30*m+14)*(30*m+15)*(30*m+16)*(30*m+17)*(30*m+18)*(30*m+19)*
  (30*m+20)*(30*m+21)*(30*m+22)*(30*m+23)*(30*m+24)*(30*m+25)*(30*m+26)*(30*m+27)*(30*m+28)*
  (30*m+29)*(30*m+30)*(m+1).
Definition P2 (m : N) : N :=
  (15*m+1)*(15*m+2)*(15*m+3)*(15*m+4)*(15*m+5)*(15*m+6)*(15*m+7)*(15*m+8)*(15*m+9)*(15*m+10)*
  (15*m+11)*(15*m+12)*(15*m+13)*(15*m+14)*(15*m+15)*
  ((10*m+1)*(10*m+2)*(10*m+3)*(10*m+4)*(10*m+5)*(10*m+6)*(10*m+7)*(10*m+8)*(10*m+9)*(10*m+10))*
  ((6*m+1)*(6*m+2)*(6*m+3)*(6*m+4)*(6*m+5)*(6*m+6)).
(* Exactly: P1 / P2 = B * Pc / Pd, the eight factors (30m + c) / (30m + d) with c < d <= 30. *)
Definition Pc (m : N) : N :=
  (30*m+1)*(30*m+7)*(30*m+11)*(30*m+13)*(30*m+17)*(30*m+19)*(30*m+23)*(30*m+29).
Definition Pd (m : N) : N :=
  (30*m+6)*(30*m+10)*(30*m+12)*(30*m+15)*(30*m+18)*(30*m+20)*(30*m+24)*(30*m+30).

Lemma ratio_identity m : 30 * P1 m * Pd m = 30 * B * P2 m * Pc m.
Proof. unfold P1, P2, Pc, Pd, B. ring. Qed.

Lemma Pd_pos m : 0 < Pd m.
Proof. unfold Pd. lia. Qed.

Lemma Pc_le_Pd m : Pc m <= Pd m.
Proof. unfold Pc, Pd. repeat apply N.mul_le_mono; lia. Qed.

Lemma pow8 x : x ^ 8 = x * x * x * x * x * x * x * x.
Proof.
  change 8 with (N.succ (N.succ (N.succ (N.succ (N.succ (N.succ (N.succ (N.succ 0)))))))).
  rewrite !N.pow_succ_r', N.pow_0_r. ring.
Qed.

Lemma Pd_le_Pc m : Pd m * m ^ 8 <= Pc m * (m + 1) ^ 8.
Proof.
  replace (Pd m * m ^ 8) with ((30*m+6)*m*((30*m+10)*m)*((30*m+12)*m)*((30*m+15)*m)*
    ((30*m+18)*m)*((30*m+20)*m)*((30*m+24)*m)*((30*m+30)*m)) by (unfold Pd; rewrite pow8; ring).
  replace (Pc m * (m + 1) ^ 8) with ((30*m+1)*(m+1)*((30*m+7)*(m+1))*((30*m+11)*(m+1))*
    ((30*m+13)*(m+1))*((30*m+17)*(m+1))*((30*m+19)*(m+1))*((30*m+23)*(m+1))*
    ((30*m+29)*(m+1))) by (unfold Pc; rewrite pow8; ring).
  do 7 (apply N.mul_le_mono; [|nia]). nia.
Qed.

Lemma ratio_upper m : P1 m <= B * P2 m.
Proof.
  apply (N.mul_le_mono_pos_r _ _ (30 * Pd m)); [pose proof (Pd_pos m); lia|].
  replace (P1 m * (30 * Pd m)) with (30 * P1 m * Pd m) by ring. rewrite ratio_identity.
  replace (B * P2 m * (30 * Pd m)) with (30 * B * P2 m * Pd m) by ring.
  apply N.mul_le_mono_l. apply Pc_le_Pd.
Qed.

Lemma ratio_lower m : B * P2 m * m ^ 8 <= P1 m * (m + 1) ^ 8.
Proof.
  apply (N.mul_le_mono_pos_r _ _ (30 * Pd m)); [pose proof (Pd_pos m); lia|].
  replace (P1 m * (m + 1) ^ 8 * (30 * Pd m)) with (30 * P1 m * Pd m * (m + 1) ^ 8) by ring.
  rewrite ratio_identity.
  replace (B * P2 m * m ^ 8 * (30 * Pd m)) with (30 * B * P2 m * (Pd m * m ^ 8)) by ring.
  replace (30 * B * P2 m * Pc m * (m + 1) ^ 8) with (30 * B * P2 m * (Pc m * (m + 1) ^ 8)) by ring.
  apply N.mul_le_mono_l. apply Pd_le_Pc.
Qed.

Lemma fact_add a k : fact (a + N.of_nat k) = fact a * prod_upto (fun j => a + j) k.
Proof.
  induction k as [|k IH]; cbn [prod_upto].
  - rewrite N.add_0_r. ring.
  - rewrite Nat2N.inj_succ, N.add_succ_r, fact_succ, IH. ring.
Qed.

Lemma Mt_succ m : Mt (m + 1) = Mt m * P1 m.
Proof.
  unfold Mt. replace (30 * (m + 1)) with (30 * m + N.of_nat 30) by lia.
  rewrite fact_add, N.add_1_r, fact_succ.
  cbn [prod_upto N.of_nat Pos.of_succ_nat Pos.succ]. unfold P1. rewrite <- N.add_1_r. ring.
Qed.

Lemma Dt_succ m : Dt (m + 1) = Dt m * P2 m.
Proof.
  unfold Dt. replace (15 * (m + 1)) with (15 * m + N.of_nat 15) by lia.
  replace (10 * (m + 1)) with (10 * m + N.of_nat 10) by lia.
  replace (6 * (m + 1)) with (6 * m + N.of_nat 6) by lia.
  rewrite !fact_add. cbn [prod_upto N.of_nat Pos.of_succ_nat Pos.succ]. unfold P2. ring.
Qed.

Lemma Dt_pos m : 0 < Dt m.
Proof.
  unfold Dt. pose proof (fact_pos (15 * m)). pose proof (fact_pos (10 * m)).
  pose proof (fact_pos (6 * m)). apply N.mul_pos_pos; [apply N.mul_pos_pos|]; assumption.
Qed.

Lemma Mt_upper m : Mt m <= B ^ m * Dt m.
Proof.
  induction m as [|m IH] using N.peano_ind; [vm_compute; discriminate|].
  rewrite <- N.add_1_r, Mt_succ, Dt_succ, N.pow_add_r, N.pow_1_r.
  pose proof (ratio_upper m).
  replace (B ^ m * B * (Dt m * P2 m)) with (B ^ m * Dt m * (B * P2 m)) by ring.
  apply N.mul_le_mono; assumption.
Qed.

Lemma Mt_lower m : 1 <= m -> B ^ (m - 1) * Dt m <= Mt m * m ^ 8.
Proof.
  intros Hm. replace m with (1 + (m - 1)) by lia. generalize (m - 1) as k. clear m Hm.
  induction k as [|k IH] using N.peano_ind; [vm_compute; discriminate|].
  set (m := 1 + k) in *. replace (1 + N.succ k - 1) with (k + 1) by lia.
  replace (1 + N.succ k) with (m + 1) by (unfold m; lia). replace (m - 1) with k in IH by (unfold m; lia).
  rewrite Mt_succ, Dt_succ, N.pow_add_r, N.pow_1_r.
  assert (Hm8 : 0 < m ^ 8) by (apply pow_pos; unfold m; lia).
  apply (N.mul_le_mono_pos_r _ _ (m ^ 8)); [exact Hm8|].
  pose proof (ratio_lower m) as R.
  replace (B ^ k * B * (Dt m * P2 m) * m ^ 8) with (B ^ k * Dt m * (B * P2 m * m ^ 8)) by ring.
  replace (Mt m * P1 m * (m + 1) ^ 8 * m ^ 8) with (Mt m * m ^ 8 * (P1 m * (m + 1) ^ 8)) by ring.
  apply N.mul_le_mono; assumption.
Qed.

(* ------------------------------------------------------------------------- *)
(* Chebyshev's bounds on lcm_to. *)

Lemma U_30 m : U (30 * m) = Mt m.
Proof. unfold U, Mt. rewrite (N.mul_comm 30 m), N.div_mul by lia. rewrite (N.mul_comm m 30). reflexivity. Qed.

Lemma D_30 m : D (30 * m) = Dt m.
Proof.
  unfold D, Dt. replace (30 * m / 2) with (15 * m) by dlia.
  replace (30 * m / 3) with (10 * m) by dlia. replace (30 * m / 5) with (6 * m) by dlia.
  reflexivity.
Qed.

(* psi(30 m) >= (m - 1) log B - 8 log m. *)
Lemma psi_lower m : 1 <= m -> B ^ (m - 1) <= lcm_to (30 * m) * m ^ 8.
Proof.
  intros Hm. apply (N.mul_le_mono_pos_r _ _ (Dt m)); [apply Dt_pos|].
  apply (N.le_trans _ (Mt m * m ^ 8)); [apply Mt_lower; exact Hm|].
  rewrite <- U_30, <- D_30. pose proof (U_le (30 * m)).
  replace (lcm_to (30 * m) * m ^ 8 * D (30 * m)) with (lcm_to (30 * m) * D (30 * m) * m ^ 8) by ring.
  apply N.mul_le_mono_r. assumption.
Qed.

Lemma U_le_Mt y : 1 <= y -> U y <= Mt (y / 30) * y ^ 29.
Proof.
  intros Hy. unfold U, Mt. set (m := y / 30).
  assert (Hf : fact y <= fact (30 * m) * y ^ 29).
  { replace y with (30 * m + (y - 30 * m)) at 1 by (unfold m; dlia).
    apply (N.le_trans _ _ _ (fact_add_le (30 * m) (y - 30 * m))).
    apply N.mul_le_mono_l. replace (30 * m + (y - 30 * m)) with y by (unfold m; dlia).
    apply N.pow_le_mono_r; [lia|unfold m; dlia]. }
  pose proof (fact_pos m). nia.
Qed.

Lemma Dt_le_D y : Dt (y / 30) <= D y.
Proof.
  unfold Dt, D. repeat apply N.mul_le_mono; apply fact_mono; dlia.
Qed.

(* psi(y) <= (y/30) log B + 29 log y + psi(y/6). *)
Lemma psi_step y : 1 <= y -> lcm_to y <= B ^ (y / 30) * y ^ 29 * lcm_to (y / 6).
Proof.
  intros Hy. apply (N.mul_le_mono_pos_r _ _ (D y)); [apply D_pos|].
  apply (N.le_trans _ _ _ (lcm_D_le y)).
  apply (N.le_trans _ (Mt (y / 30) * y ^ 29 * lcm_to (y / 6))).
  { apply N.mul_le_mono_r. apply U_le_Mt. exact Hy. }
  apply (N.le_trans _ (B ^ (y / 30) * Dt (y / 30) * y ^ 29 * lcm_to (y / 6))).
  { repeat apply N.mul_le_mono_r. apply Mt_upper. }
  replace (B ^ (y / 30) * y ^ 29 * lcm_to (y / 6) * D y)
    with (B ^ (y / 30) * D y * y ^ 29 * lcm_to (y / 6)) by ring.
  repeat apply N.mul_le_mono_r. apply N.mul_le_mono_l. apply Dt_le_D.
Qed.

Definition kk (y : N) : N := N.log2 y / 2 + 1.

Lemma kk_step y : 6 <= y -> kk (y / 6) + 1 <= kk y.
Proof.
  intros Hy. unfold kk.
  assert (H : N.log2 (y / 6) + 2 <= N.log2 y).
  { destruct (N.log2_spec (y / 6) ltac:(dlia)) as [H1 _].
    destruct (N.log2_spec y ltac:(lia)) as [_ H2].
    assert (H3 : 2 ^ (N.log2 (y / 6) + 2) < 2 ^ N.succ (N.log2 y)).
    { rewrite N.pow_add_r. change (2 ^ 2) with 4. dlia. }
    apply N.pow_lt_mono_r_iff in H3; lia. }
  dlia.
Qed.

Lemma kk_ge_1 y : 1 <= kk y.
Proof. unfold kk. dlia. Qed.

(* Small facts, proved apart: lia is slow in the large contexts of the proofs below. *)
Lemma div6_le x : x / 6 <= x.
Proof. apply N.div_le_upper_bound; lia. Qed.

Lemma div6_lt x : 6 <= x -> 1 <= x / 6 < x.
Proof. intros Hx. split; dlia. Qed.

Lemma exponent_split x : x / 30 * 25 + x / 6 <= x.
Proof. dlia. Qed.

(* psi(y) <= (y / 25) log B + 29 (log y) (log2 y / 2 + 1). *)
Lemma psi_upper y : 1 <= y -> lcm_to y ^ 25 <= B ^ y * y ^ (725 * kk y).
Proof.
  assert (H : forall n : nat, forall y, (N.to_nat y <= n)%nat -> 1 <= y ->
            lcm_to y ^ 25 <= B ^ y * y ^ (725 * kk y)).
  { induction n as [|n IH]; intros x Hn Hx; [lia|].
    pose proof (psi_step x Hx) as S.
    assert (HB : 1 <= B) by (unfold B; lia).
    pose proof (kk_ge_1 x) as Hk.
    destruct (N.lt_ge_cases x 6) as [Hx6|Hx6].
    - rewrite (N.div_small x 30), (N.div_small x 6) in S by lia.
      rewrite lcm_to_0, N.pow_0_r, N.mul_1_l, N.mul_1_r in S.
      apply (N.le_trans _ ((x ^ 29) ^ 25)); [apply N.pow_le_mono_l; exact S|].
      rewrite <- N.pow_mul_r.
      apply (N.le_trans _ (x ^ (725 * kk x))).
      + apply N.pow_le_mono_r; [lia|]. lia.
      + rewrite <- (N.mul_1_l (x ^ (725 * kk x))) at 1. apply N.mul_le_mono_r.
        apply (N.le_trans _ (B ^ 0)); [rewrite N.pow_0_r; lia|apply N.pow_le_mono_r; lia].
    - destruct (div6_lt x Hx6) as [H6 H6'].
      assert (I : lcm_to (x / 6) ^ 25 <= B ^ (x / 6) * (x / 6) ^ (725 * kk (x / 6))).
      { apply IH; [lia|exact H6]. }
      pose proof (kk_step x Hx6) as Hkk. pose proof (exponent_split x) as Hsplit.
      pose proof (div6_le x) as Hle.
      clear IH Hn.
      apply (N.le_trans _ ((B ^ (x / 30) * x ^ 29 * lcm_to (x / 6)) ^ 25));
        [apply N.pow_le_mono_l; exact S|].
      rewrite !N.pow_mul_l, <- !N.pow_mul_r.
      apply (N.le_trans _ (B ^ (x / 30 * 25) * x ^ (29 * 25) *
                            (B ^ (x / 6) * x ^ (725 * kk (x / 6))))).
      + apply N.mul_le_mono_l. apply (N.le_trans _ _ _ I). apply N.mul_le_mono_l.
        apply N.pow_le_mono_l. exact Hle.
      + replace (B ^ (x / 30 * 25) * x ^ (29 * 25) * (B ^ (x / 6) * x ^ (725 * kk (x / 6))))
          with (B ^ (x / 30 * 25 + x / 6) * x ^ (725 * (kk (x / 6) + 1)))
          by (rewrite !N.pow_add_r; replace (725 * (kk (x / 6) + 1)) with
                (29 * 25 + 725 * kk (x / 6)) by ring; rewrite N.pow_add_r; ring).
        apply N.mul_le_mono; apply N.pow_le_mono_r;
          [unfold B; lia|exact Hsplit|lia|apply N.mul_le_mono_l; exact Hkk]. }
  intros Hy. exact (H _ y (le_n _) Hy).
Qed.

(* ------------------------------------------------------------------------- *)
(* The primes of (a, b]. *)

Ltac splits := repeat match goal with |- _ /\ _ => split end.

(* The product of the primes of (a, b], their number, and the part of lcm_to b from
   the primes up to s. *)
Definition pr_between (a b : N) : N :=
  prod_upto (fun i => if isprime i then i ^ (if a <? i then 1 else 0) else 1) (N.to_nat b).
Definition cnt_between (a : N) (n : nat) : N :=
  sum_upto (fun i => if isprime i then (if a <? i then 1 else 0) else 0) n.
Definition small_part (b s : N) : N :=
  prod_upto (fun i => if isprime i then i ^ ex i b else 1) (N.to_nat s).

Lemma sum_upto_ge_first g n : (1 <= n)%nat -> g 1 <= sum_upto g n.
Proof.
  intros Hn. induction n as [|n IH]; [lia|]. cbn [sum_upto].
  destruct n as [|n]; [cbn [sum_upto]; simpl; lia|]. specialize (IH ltac:(lia)). lia.
Qed.

Lemma ex_ge_1 p a : 2 <= p -> p <= a -> 1 <= ex p a.
Proof.
  intros Hp Ha. unfold ex.
  apply (N.le_trans _ (if p ^ 1 <=? a then 1 else 0)).
  - rewrite N.pow_1_r. destruct (N.leb_spec p a); lia.
  - apply (sum_upto_ge_first (fun k => if p ^ k <=? a then 1 else 0)). lia.
Qed.

(* Above the square root of b, a prime enters lcm_to b at most once. *)
Lemma ex_le_1 p b : 2 <= p -> b < p * p -> ex p b <= (if p <=? b then 1 else 0).
Proof.
  intros Hp Hb. unfold ex. destruct (N.eq_dec b 0) as [->|Hb0]; [simpl; lia|].
  rewrite (sum_upto_trunc _ 1 (N.to_nat b)); [|lia|].
  - cbn [sum_upto]. change (N.of_nat 1) with 1. rewrite N.pow_1_r. destruct (p <=? b); lia.
  - intros k Hk. destruct (N.leb_spec (p ^ k) b) as [H|H]; [|reflexivity].
    exfalso. assert (p ^ 2 <= p ^ k) by (apply N.pow_le_mono_r; lia).
    rewrite N.pow_2_r in *. lia.
Qed.

Lemma lcm_split a b s : a <= b -> b < (s + 1) * (s + 1) ->
  lcm_to b <= lcm_to a * pr_between a b * small_part b s.
Proof.
  intros Hab Hs.
  assert (Hpr : 0 < pr_between a b).
  { apply prod_upto_pos. intros i Hi. destruct (isprime i); [apply pow_pos|]; lia. }
  assert (Hsp : 0 < small_part b s).
  { apply prod_upto_pos. intros i Hi. destruct (isprime i); [apply pow_pos|]; lia. }
  apply le_of_val; [apply lcm_to_pos|
    apply N.mul_pos_pos; [apply N.mul_pos_pos; [apply lcm_to_pos|exact Hpr]|exact Hsp]|].
  intros p Hp. pose proof (prime_ge_2_N p Hp).
  rewrite !val_mul by (exact Hp || apply lcm_to_pos || exact Hpr || exact Hsp ||
    (apply N.mul_pos_pos; [apply lcm_to_pos|exact Hpr])).
  rewrite !val_lcm by exact Hp. unfold pr_between, small_part.
  rewrite !val_prod_primes by exact Hp. rewrite !N2Nat.id.
  destruct (N.leb_spec p s) as [Hps|Hps]; [lia|].
  pose proof (ex_le_1 p b ltac:(lia) ltac:(nia)) as H1.
  destruct (N.leb_spec p a) as [Hpa|Hpa].
  - pose proof (ex_ge_1 p a ltac:(lia) Hpa). destruct (p <=? b); lia.
  - destruct (N.leb_spec p b); [|lia]. destruct (N.ltb_spec a p); lia.
Qed.

(* p^(ex p b) <= b. *)
Lemma pow_ex_le p b : 2 <= p -> 1 <= b -> p ^ ex p b <= b.
Proof.
  intros Hp Hb. unfold ex. generalize (N.to_nat b) as n.
  induction n as [|n IH]; cbn [sum_upto]; [simpl; lia|].
  destruct (N.leb_spec (p ^ N.of_nat (S n)) b) as [H|H]; [|rewrite N.add_0_r; exact IH].
  replace (sum_upto (fun k => if p ^ k <=? b then 1 else 0) n) with (N.of_nat n).
  - replace (N.of_nat n + 1) with (N.of_nat (S n)) by lia. exact H.
  - rewrite (sum_upto_ext _ (fun k => if k <=? N.of_nat n then 1 else 0)).
    + rewrite sum_upto_le_ind. lia.
    + intros k Hk. destruct (N.leb_spec k (N.of_nat n)); [|lia].
      assert (p ^ k <= p ^ N.of_nat (S n)) by (apply N.pow_le_mono_r; lia).
      destruct (N.leb_spec (p ^ k) b); lia.
Qed.

Lemma small_part_le b s : 1 <= b -> small_part b s <= b ^ s.
Proof.
  intros Hb. unfold small_part. rewrite <- (N2Nat.id s) at 2.
  apply prod_upto_le_pow; [exact Hb|]. intros i Hi.
  destruct (isprime i) eqn:E; [|exact Hb].
  apply isprime_spec, prime_ge_2_N in E. apply pow_ex_le; assumption.
Qed.

Lemma prod_le_pow_sum g h c n : 1 <= c -> (forall i, 1 <= i <= N.of_nat n -> g i <= c ^ h i) ->
  prod_upto g n <= c ^ sum_upto h n.
Proof.
  intros Hc. induction n as [|n IH]; intros H; cbn [prod_upto sum_upto]; [simpl; lia|].
  rewrite N.pow_add_r. apply N.mul_le_mono; [apply IH; intros i Hi; apply H; lia|apply H; lia].
Qed.

Lemma pr_between_le a b : 1 <= b -> pr_between a b <= b ^ cnt_between a (N.to_nat b).
Proof.
  intros Hb. apply prod_le_pow_sum; [exact Hb|]. intros i Hi. rewrite N2Nat.id in Hi.
  destruct (isprime i); [|simpl; lia].
  destruct (a <? i); [rewrite !N.pow_1_r; lia|simpl; lia].
Qed.

(* The largest prime r of (a, n], with one prime fewer in (a, r - 1]. *)
Lemma cnt_extract a n : 1 <= cnt_between a n -> exists r, prime (Z.of_N r) /\ a < r /\
  r <= N.of_nat n /\ cnt_between a n <= cnt_between a (N.to_nat (r - 1)) + 1.
Proof.
  induction n as [|n IH]; unfold cnt_between; cbn [sum_upto]; [simpl; lia|].
  destruct (isprime (N.of_nat (S n))) eqn:E;
    [destruct (N.ltb_spec a (N.of_nat (S n))) as [Ha|Ha]|]; intros H.
  - exists (N.of_nat (S n)). apply isprime_spec in E. splits; try assumption; try lia.
    replace (N.to_nat (N.of_nat (S n) - 1)) with n by lia. lia.
  - destruct (IH ltac:(unfold cnt_between; lia)) as [r [Hr [Har [Hrn Hc]]]].
    exists r. unfold cnt_between in Hc. splits; try assumption; lia.
  - destruct (IH ltac:(unfold cnt_between; lia)) as [r [Hr [Har [Hrn Hc]]]].
    exists r. unfold cnt_between in Hc. splits; try assumption; lia.
Qed.

Lemma three_of_cnt a b : 3 <= cnt_between a (N.to_nat b) -> exists p q r,
  prime (Z.of_N p) /\ prime (Z.of_N q) /\ prime (Z.of_N r) /\ a < p /\ p < q /\ q < r /\ r <= b.
Proof.
  intros H3.
  destruct (cnt_extract a (N.to_nat b) ltac:(lia)) as [r [Hr [Har [Hrb Hcr]]]].
  destruct (cnt_extract a (N.to_nat (r - 1)) ltac:(lia)) as [q [Hq [Haq [Hqr Hcq]]]].
  destruct (cnt_extract a (N.to_nat (q - 1)) ltac:(lia)) as [p [Hp [Hap [Hpq _]]]].
  exists p, q, r. splits; try assumption; lia.
Qed.

(* ------------------------------------------------------------------------- *)
(* The theorem. *)

Lemma pow2_square t : 17 <= t -> (12 * t + 13) * (12 * t + 13) <= 2 ^ t.
Proof.
  intros Ht. replace t with (17 + (t - 17)) by lia. generalize (t - 17) as u. clear t Ht.
  induction u as [|u IH] using N.peano_ind; [vm_compute; discriminate|].
  rewrite N.add_succ_r, N.pow_succ_r'. nia.
Qed.

Lemma pow2_poly t : 17 <= t -> 23244 + (t + 1) * (4350 * t + 11700) <= 14 * 2 ^ t.
Proof.
  intros Ht. replace t with (17 + (t - 17)) by lia. generalize (t - 17) as u. clear t Ht.
  induction u as [|u IH] using N.peano_ind; [vm_compute; discriminate|].
  rewrite N.add_succ_r, N.pow_succ_r'. nia.
Qed.

(* The margin, in bits: 39 E >= (t + 1) X when b >= 2^17. *)
Lemma final_arith b t s ka E : 17 <= t -> 2 ^ t <= b -> s * s <= b -> b < (s + 1) * (s + 1) ->
  ka <= t / 2 + 1 -> b <= 12 * E + 596 -> (t + 1) * (725 * ka + 25 * s + 250) <= 39 * E.
Proof.
  intros Ht Htb Hs1 Hs2 Hka HE.
  pose proof (pow2_square t Ht) as Q. pose proof (pow2_poly t Ht) as P.
  assert (Hst : 12 * t + 13 <= s).
  { destruct (N.le_gt_cases (12 * t + 13) s) as [H|H]; [exact H|].
    assert ((s + 1) * (s + 1) <= (12 * t + 13) * (12 * t + 13)) by (apply N.mul_le_mono; lia).
    lia. }
  assert (Hs3 : 12 * ((t + 1) * (25 * s)) <= 25 * b).
  { replace (12 * ((t + 1) * (25 * s))) with (25 * ((12 * t + 12) * s)) by ring.
    apply (N.le_trans _ (25 * (s * s))); [|lia].
    apply N.mul_le_mono_l. apply N.mul_le_mono_r. lia. }
  assert (Hk : 2 * (t / 2) <= t) by (clear; dlia).
  assert (Hk2 : 12 * (725 * ka) <= 4350 * t + 8700) by lia.
  assert (Hk3 : 12 * ((t + 1) * (725 * ka)) <= (t + 1) * (4350 * t + 8700)).
  { replace (12 * ((t + 1) * (725 * ka))) with ((t + 1) * (12 * (725 * ka))) by ring.
    apply N.mul_le_mono_l. exact Hk2. }
  clear Q Hst Hk Hk2 Hka Hs1 Hs2. lia.
Qed.

Lemma two39_le_B : 2 ^ 39 <= B.
Proof. vm_compute. discriminate. Qed.

(* Three primes in (a, b] when b >= 2^17 and a <= (3b + 2) / 4. *)
Theorem three_primes a b : 131072 <= b -> 1 <= a -> 4 * a <= 3 * b + 2 -> exists p q r,
  prime (Z.of_N p) /\ prime (Z.of_N q) /\ prime (Z.of_N r) /\ a < p /\ p < q /\ q < r /\ r <= b.
Proof.
  intros Hb Ha Hab.
  destruct (N.le_gt_cases 3 (cnt_between a (N.to_nat b))) as [H3|H3];
    [apply three_of_cnt; exact H3|exfalso].
  set (m := b / 30). set (s := N.sqrt b). set (t := N.log2 b).
  set (X := 725 * kk a + 25 * s + 250). set (E := 25 * (m - 1) - a).
  assert (HB : 1 <= B) by (unfold B; lia).
  assert (Hm : 1 <= m) by (unfold m; dlia).
  assert (Hmb : m <= b) by (unfold m; dlia).
  assert (Hs : s * s <= b < N.succ s * N.succ s) by (apply N.sqrt_spec; lia).
  assert (Ht : 2 ^ t <= b < 2 ^ N.succ t) by (apply N.log2_spec; lia).
  assert (Ht17 : 17 <= t).
  { unfold t. change 17 with (N.log2 (2 ^ 17)). apply N.log2_le_mono. exact Hb. }
  assert (Hka : kk a <= t / 2 + 1).
  { unfold kk, t. assert (N.log2 a <= N.log2 b) by (apply N.log2_le_mono; lia). dlia. }
  assert (HE : b <= 12 * E + 596) by (unfold E, m; dlia).
  assert (HE' : 25 * (m - 1) = a + E) by (unfold E, m; dlia).
  (* psi(b) from below *)
  assert (L1 : B ^ (m - 1) <= lcm_to b * m ^ 8).
  { apply (N.le_trans _ _ _ (psi_lower m Hm)). apply N.mul_le_mono_r.
    apply lcm_to_mono. unfold m. dlia. }
  (* two primes or fewer in (a, b] *)
  assert (L2 : lcm_to b <= lcm_to a * b ^ (2 + s)).
  { apply (N.le_trans _ _ _ (lcm_split a b s ltac:(lia) ltac:(lia))).
    rewrite N.pow_add_r, N.mul_assoc. apply N.mul_le_mono; [apply N.mul_le_mono_l|].
    - apply (N.le_trans _ _ _ (pr_between_le a b ltac:(lia))). apply N.pow_le_mono_r; lia.
    - apply small_part_le. lia. }
  (* psi(a) from above *)
  assert (L3 : lcm_to a ^ 25 <= B ^ a * b ^ (725 * kk a)).
  { apply (N.le_trans _ _ _ (psi_upper a Ha)). apply N.mul_le_mono_l.
    apply N.pow_le_mono_l. lia. }
  assert (L4 : B ^ (25 * (m - 1)) <= B ^ a * b ^ X).
  { rewrite (N.mul_comm 25 (m - 1)), N.pow_mul_r.
    apply (N.le_trans _ ((lcm_to b * m ^ 8) ^ 25)); [apply N.pow_le_mono_l; exact L1|].
    rewrite N.pow_mul_l.
    apply (N.le_trans _ ((lcm_to a * b ^ (2 + s)) ^ 25 * (m ^ 8) ^ 25)).
    { apply N.mul_le_mono_r. apply N.pow_le_mono_l. exact L2. }
    rewrite N.pow_mul_l.
    apply (N.le_trans _ (B ^ a * b ^ (725 * kk a) * (b ^ (2 + s)) ^ 25 * (b ^ 8) ^ 25)).
    { apply N.mul_le_mono; [apply N.mul_le_mono_r; exact L3|].
      apply N.pow_le_mono_l. apply N.pow_le_mono_l. exact Hmb. }
    rewrite <- !N.pow_mul_r, <- N.mul_assoc, <- !N.pow_add_r, <- N.mul_assoc, <- N.pow_add_r.
    unfold X. apply N.mul_le_mono_l. apply N.pow_le_mono_r; lia. }
  assert (L5 : B ^ E <= b ^ X).
  { rewrite HE', N.pow_add_r in L4.
    apply (N.mul_le_mono_pos_l _ _ (B ^ a)); [apply pow_pos; exact HB|exact L4]. }
  assert (L6 : 2 ^ (39 * E) <= B ^ E).
  { rewrite N.pow_mul_r. apply N.pow_le_mono_l. apply two39_le_B. }
  assert (L7 : b ^ X < 2 ^ ((t + 1) * X)).
  { rewrite N.pow_mul_r. apply N.pow_lt_mono_l; [unfold X; clear; lia|].
    rewrite N.add_1_r. apply Ht. }
  assert (L8 : 39 * E < (t + 1) * X).
  { apply (N.pow_lt_mono_r_iff 2); [lia|].
    exact (N.le_lt_trans _ _ _ (N.le_trans _ _ _ L6 L5) L7). }
  assert (F : (t + 1) * X <= 39 * E).
  { apply (final_arith b t s (kk a) E Ht17); [exact (proj1 Ht)|exact (proj1 Hs)| |exact Hka|exact HE].
    rewrite N.add_1_r. exact (proj2 Hs). }
  exact (N.lt_irrefl _ (N.lt_le_trans _ _ _ L8 F)).
Qed.

(* What the tail of the proof needs (Scheme.v): for n >= 393216 = 3 * 2^17, three primes
   p < q < r in (n/4, n/3] and a prime s in (n/2, n]. *)
Theorem tail_primes n : 393216 <= n -> exists p q r s,
  prime (Z.of_N p) /\ prime (Z.of_N q) /\ prime (Z.of_N r) /\ prime (Z.of_N s) /\
  n < 4 * p /\ p < q /\ q < r /\ 3 * r <= n /\ n < 2 * s /\ s <= n.
Proof.
  intros Hn.
  destruct (three_primes (n / 4) (n / 3) ltac:(dlia) ltac:(dlia) ltac:(dlia))
    as [p [q [r [Hp [Hq [Hr [H1 [H2 [H3 H4]]]]]]]]].
  destruct (three_primes (n / 2) n ltac:(lia) ltac:(dlia) ltac:(dlia))
    as [s [q' [r' [Hs [_ [_ [H5 [H6 [H7 H8]]]]]]]]].
  exists p, q, r, s. splits; try assumption; dlia.
Qed.
