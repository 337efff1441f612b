(* Primality certificates (Pocklington's criterion with p - 1 fully factored), proved
   sound against the standard library's [Znumtheory.prime]:

     if p - 1 is the product of the primes f1 ... fk, a^(p-1) = 1 (mod p), and
     gcd(a^((p-1)/f) - 1, p) = 1 for each f, then p is prime.

   Proof: let q be a divisor of p with 1 < q < p, and e the least e > 0 with
   a^e = 1 (mod q). Then e divides p - 1, and e does not divide (p - 1)/f for any
   prime f of p - 1 (q does not divide a^((p-1)/f) - 1), so e = p - 1. But a, a^2,
   ..., a^e are e different non-zero residues modulo q, so e <= q - 1 < p - 1.

   The factors are checked prime by trial division when small, or by an earlier
   certificate of the list. The arithmetic is on binary numbers: a^e mod p by
   repeated squaring. *)
From Coq Require Import ZArith Znumtheory List Bool Lia Wf_nat NArith.
Import ListNotations.
From JG Require Import Checker.
Open Scope Z_scope.

(* ---- The order of a modulo q. ---- *)

Lemma pow_mul_mod a q e s : 0 < q -> 0 <= e -> 0 <= s -> a ^ e mod q = 1 ->
  a ^ (e * s) mod q = 1 mod q.
Proof.
  intros Hq He Hs H. pattern s. apply natlike_ind; [| |exact Hs].
  - rewrite Z.mul_0_r. reflexivity.
  - intros x Hx IH. rewrite Z.mul_succ_r, Z.pow_add_r by lia.
    rewrite Z.mul_mod, IH, H by lia. rewrite Z.mul_1_r, Z.mod_mod by lia. reflexivity.
Qed.

Lemma pow_nonzero_mod a q e i : 1 < q -> 0 <= i <= e -> a ^ e mod q = 1 -> a ^ i mod q <> 0.
Proof.
  intros Hq Hi He H0. replace e with (i + (e - i)) in He by lia.
  rewrite Z.pow_add_r, Z.mul_mod, H0 in He by lia. rewrite Z.mul_0_l, Z.mod_0_l in He by lia.
  discriminate.
Qed.

Lemma nodup_map_seq (f : nat -> Z) k : forall s,
  (forall i j, (s <= i < s + k)%nat -> (s <= j < s + k)%nat -> f i = f j -> i = j) ->
  NoDup (map f (seq s k)).
Proof.
  induction k as [|k IH]; intros s Hinj; simpl; constructor.
  - intros H. apply in_map_iff in H as [j [E Hj]]. apply in_seq in Hj.
    assert (s = j) by (apply Hinj; lia). lia.
  - apply IH. intros i j Hi Hj. apply Hinj; lia.
Qed.

(* The least e > 0 with a^e = 1 (mod q) is at most q - 1. *)
Lemma order_le a q e : 1 < q -> 0 < e -> a ^ e mod q = 1 ->
  (forall e', 0 < e' < e -> a ^ e' mod q <> 1) -> e <= q - 1.
Proof.
  intros Hq He H1 Hmin.
  set (f := fun i : nat => a ^ Z.of_nat i mod q).
  assert (Hnd : NoDup (map f (seq 1 (Z.to_nat e)))).
  { apply nodup_map_seq. intros i j Hi Hj E. unfold f in E.
    (* a^i = a^j (mod q) with i < j gives a^(j - i) = 1: cancel a^i, whose inverse is a^(e - i). *)
    assert (Hcancel : forall i j, (1 <= i < j)%nat -> (j <= Z.to_nat e)%nat ->
              a ^ Z.of_nat i mod q = a ^ Z.of_nat j mod q -> False).
    { clear i j Hi Hj E. intros i j Hij Hje E.
      set (d := Z.of_nat j - Z.of_nat i).
      assert (Hd : a ^ d mod q = 1).
      { assert (E1 : a ^ d mod q = (a ^ d * a ^ e) mod q)
          by (rewrite Z.mul_mod, H1, Z.mul_1_r, Z.mod_mod by lia; reflexivity).
        assert (E2 : a ^ d * a ^ e = a ^ Z.of_nat j * a ^ (e - Z.of_nat i)).
        { rewrite <- !Z.pow_add_r by lia. f_equal. unfold d. lia. }
        rewrite E1, E2, Z.mul_mod, <- E, <- Z.mul_mod, <- Z.pow_add_r by lia.
        replace (Z.of_nat i + (e - Z.of_nat i)) with e by lia. exact H1. }
      apply (Hmin d); [unfold d; lia|exact Hd]. }
    destruct (Nat.lt_trichotomy i j) as [Hlt|[Heq|Hgt]]; [exfalso|exact Heq|exfalso].
    - apply (Hcancel i j); lia.
    - apply (Hcancel j i); [lia|lia|symmetry; exact E]. }
  assert (Hincl : incl (map f (seq 1 (Z.to_nat e))) (map Z.of_nat (seq 1 (Z.to_nat (q - 1))))).
  { intros x Hx. apply in_map_iff in Hx as [i [<- Hi]]. apply in_seq in Hi.
    apply in_map_iff. exists (Z.to_nat (f i)). unfold f.
    pose proof (Z.mod_pos_bound (a ^ Z.of_nat i) q ltac:(lia)).
    pose proof (pow_nonzero_mod a q e (Z.of_nat i) Hq ltac:(lia) H1).
    split; [apply Z2Nat.id; lia|]. apply in_seq. lia. }
  pose proof (NoDup_incl_length Hnd Hincl) as L. rewrite !map_length, !seq_length in L. lia.
Qed.

(* A number above 1 has a prime divisor. *)
Lemma prime_divisor k : 1 < k -> exists f, prime f /\ (f | k).
Proof.
  intros Hk. pattern k. apply (Z_lt_induction (fun k => 1 < k -> exists f, prime f /\ (f | k)));
    [|lia|exact Hk].
  intros x IH Hx. destruct (prime_dec x) as [Hp|Hp]; [exists x; split; [exact Hp|apply Z.divide_refl]|].
  destruct (not_prime_divide x Hx Hp) as [y [Hy Hyx]].
  destruct (IH y ltac:(lia) ltac:(lia)) as [f [Hf Hfy]]. exists f. split; [exact Hf|].
  apply (Z.divide_trans _ y); assumption.
Qed.

Lemma prime_in_product f fs : prime f -> (forall g, In g fs -> prime g) ->
  (f | fold_right Z.mul 1 fs) -> In f fs.
Proof.
  intros Hf. induction fs as [|g fs IH]; simpl; intros Hfs Hd.
  - apply Z.divide_1_r in Hd. pose proof (prime_ge_2 f Hf). lia.
  - destruct (prime_mult f Hf _ _ Hd) as [H|H].
    + left. symmetry. apply prime_div_prime; auto.
    + right. apply IH; auto.
Qed.

Theorem pocklington (p a : Z) (fs : list Z) :
  1 < p -> fold_right Z.mul 1 fs = p - 1 -> (forall f, In f fs -> prime f) ->
  a ^ (p - 1) mod p = 1 ->
  (forall f, In f fs -> Z.gcd (a ^ ((p - 1) / f) mod p - 1) p = 1) -> prime p.
Proof.
  intros Hp Hprod Hfs Ha Hgcd.
  destruct (prime_dec p) as [H|Hnp]; [exact H|exfalso].
  destruct (not_prime_divide p Hp Hnp) as [q [Hq Hqp]].
  assert (Haq : a ^ (p - 1) mod q = 1).
  { destruct Hqp as [c Hc]. set (x := a ^ (p - 1)) in *.
    pose proof (Z.div_mod x p ltac:(lia)) as D. rewrite Ha in D.
    rewrite D, Hc. replace (c * q * (x / (c * q)) + 1) with (1 + (c * (x / (c * q))) * q) by ring.
    rewrite Z.mod_add, Z.mod_1_l by lia. reflexivity. }
  (* The least e > 0 with a^e = 1 (mod q). *)
  set (P := fun e : nat => (0 < e)%nat /\ a ^ Z.of_nat e mod q = 1).
  assert (Pdec : forall e, P e \/ ~ P e).
  { intros e. unfold P. destruct (Nat.eq_dec e 0) as [->|He]; [right; lia|].
    destruct (Z.eq_dec (a ^ Z.of_nat e mod q) 1); [left|right]; lia. }
  destruct (dec_inh_nat_subset_has_unique_least_element P Pdec) as [e [[[He0 He] Hleast] _]].
  { exists (Z.to_nat (p - 1)). unfold P. rewrite Z2Nat.id by lia. split; [lia|exact Haq]. }
  set (ez := Z.of_nat e).
  assert (Hmin : forall e', 0 < e' < ez -> a ^ e' mod q <> 1).
  { intros e' He' E'. assert (Hle : (e <= Z.to_nat e')%nat).
    { apply Hleast. unfold P. rewrite Z2Nat.id by lia. split; [lia|exact E']. }
    unfold ez in He'. lia. }
  (* e divides every x >= 0 with a^x = 1 (mod q). *)
  assert (Hdiv : forall x, 0 <= x -> a ^ x mod q = 1 -> (ez | x)).
  { intros x Hx E. pose proof (Z.div_mod x ez ltac:(unfold ez; lia)) as D.
    pose proof (Z.mod_pos_bound x ez ltac:(unfold ez; lia)) as B.
    set (r := x mod ez) in *. set (s := x / ez) in *.
    assert (Hs : 0 <= s) by (apply Z.div_pos; unfold ez in *; lia).
    assert (Ar : a ^ r mod q = 1).
    { rewrite D, Z.pow_add_r, Z.mul_mod in E by (unfold ez in *; nia).
      rewrite (pow_mul_mod a q ez s) in E by (unfold ez in *; lia).
      rewrite Z.mod_1_l, Z.mul_1_l, Z.mod_mod in E by lia. exact E. }
    destruct (Z.eq_dec r 0) as [R|R].
    - exists s. lia.
    - exfalso. exact (Hmin r ltac:(lia) Ar). }
  assert (He1 : (ez | p - 1)) by (apply Hdiv; [lia|exact Haq]).
  (* e = p - 1: otherwise (p - 1)/e has a prime factor f of p - 1, and e | (p - 1)/f. *)
  assert (Hep : ez = p - 1).
  { destruct He1 as [k Hk].
    destruct (Z.eq_dec k 1) as [->|Hk1]; [lia|exfalso].
    assert (Hk0 : 1 < k) by (unfold ez in Hk; nia).
    destruct (prime_divisor k Hk0) as [f [Hf [j Hj]]].
    assert (Hin : In f fs).
    { apply prime_in_product; auto. rewrite Hprod, Hk, Hj. exists (j * ez). ring. }
    pose proof (prime_ge_2 f Hf).
    assert (Hq1 : (p - 1) / f = j * ez) by (rewrite Hk, Hj, <- Z.mul_assoc, (Z.mul_comm f),
                                            Z.mul_assoc, Z.div_mul by lia; reflexivity).
    assert (Hpow : a ^ ((p - 1) / f) mod q = 1).
    { rewrite Hq1, Z.mul_comm, (pow_mul_mod a q ez j) by (unfold ez in *; nia).
      apply Z.mod_1_l. lia. }
    specialize (Hgcd f Hin).
    (* q divides a^((p-1)/f) mod p - 1, and p: so it divides their gcd, 1. *)
    assert (Hqd : (q | a ^ ((p - 1) / f) mod p - 1)).
    { set (x := a ^ ((p - 1) / f)) in *.
      pose proof (Z.div_mod x p ltac:(lia)) as Dx.
      apply Z.mod_divide; [lia|].
      destruct Hqp as [c Hc]. set (y := x / p) in *.
      assert (E : p * y = (y * c) * q) by (rewrite Hc; ring).
      replace (x mod p - 1) with ((x - 1) + (- (y * c)) * q) by lia.
      rewrite Z.mod_add by lia.
      rewrite Zminus_mod, Hpow, Z.mod_1_l, Z.sub_diag by lia. reflexivity. }
    assert (Hg : (q | Z.gcd (a ^ ((p - 1) / f) mod p - 1) p)) by (apply Z.gcd_greatest; assumption).
    rewrite Hgcd in Hg. apply Z.divide_1_r in Hg. lia. }
  pose proof (order_le a q ez ltac:(lia) ltac:(unfold ez; lia) He Hmin). lia.
Qed.

(* ---- Trial division, and a^e mod m by repeated squaring. ---- *)

Open Scope N_scope.

(* [f] is prime when no d of 2..sqrt f divides it. *)
Definition trial (f : N) : bool :=
  (2 <=? f) && all_from (fun d => negb (f mod d =? 0)) 2 (N.to_nat (N.sqrt f - 1)).

Lemma trial_sound f : trial f = true -> prime (Z.of_N f).
Proof.
  unfold trial. rewrite andb_true_iff, N.leb_le. intros [H2 Hall].
  apply prime_alt. split; [lia|]. intros z Hz Hdiv.
  pose proof (N.sqrt_spec f (N.le_0_l f)) as [Hs1 Hs2]. set (s := N.sqrt f) in *.
  assert (Hns : N.of_nat (N.to_nat (s - 1)) = s - 1) by apply Nnat.N2Nat.id.
  (* Some divisor d of f with 2 <= d <= sqrt f. *)
  assert (Hex : exists d, 2 <= d <= s /\ f mod d = 0).
  { destruct Hdiv as [c Hc]. set (d := Z.to_N z). set (e := Z.to_N c).
    assert (Hf : f = e * d) by (unfold d, e; lia).
    assert (He2 : 2 <= e) by (unfold e; nia).
    assert (Hd2 : 2 <= d) by (unfold d; lia).
    destruct (N.le_gt_cases d s) as [Hds|Hds].
    - exists d. split; [lia|]. rewrite Hf. apply N.mod_mul. lia.
    - exists e. split; [split; [lia|]|].
      + destruct (N.le_gt_cases e s) as [Hes|Hes]; [exact Hes|].
        exfalso. assert (N.succ s * N.succ s <= e * d) by (apply N.mul_le_mono; lia). lia.
      + rewrite Hf, N.mul_comm. apply N.mod_mul. lia. }
  destruct Hex as [d [Hd Hm]].
  pose proof (all_from_spec _ _ _ Hall d ltac:(lia)) as A. simpl in A.
  rewrite Hm in A. discriminate.
Qed.

Fixpoint pow_pos_mod (a : N) (e : positive) (m : N) : N :=
  match e with
  | xH => a mod m
  | xO e' => let x := pow_pos_mod a e' m in (x * x) mod m
  | xI e' => let x := pow_pos_mod a e' m in ((x * x) mod m * a) mod m
  end.

Definition powmod (a e m : N) : N := match e with N0 => 1 mod m | Npos e' => pow_pos_mod a e' m end.

Lemma pow_pos_mod_spec a e m : m <> 0 -> pow_pos_mod a e m = (a ^ Npos e) mod m.
Proof.
  intros Hm. induction e as [e IH|e IH|]; cbn [pow_pos_mod].
  - rewrite IH. replace (Npos e~1) with (Npos e + Npos e + 1) by lia.
    rewrite !N.pow_add_r, N.pow_1_r. rewrite <- N.mul_mod by exact Hm.
    rewrite N.mul_mod_idemp_l by exact Hm. reflexivity.
  - rewrite IH. replace (Npos e~0) with (Npos e + Npos e) by lia.
    rewrite N.pow_add_r, <- N.mul_mod by exact Hm. reflexivity.
  - rewrite N.pow_1_r. reflexivity.
Qed.

Lemma powmod_spec a e m : m <> 0 -> powmod a e m = (a ^ e) mod m.
Proof.
  intros Hm. destruct e as [|e]; [reflexivity|]. apply pow_pos_mod_spec. exact Hm.
Qed.

(* ---- Certificates. ---- *)

(* A certificate for [pc_p]: the witness [pc_a] and the prime factors of p - 1, each as
   often as it divides. A factor is proved prime by trial division when it is below 2^24,
   or by a certificate earlier in the list. *)
Record pcert := PCert { pc_p : N; pc_a : N; pc_factors : list N }.

Definition pcert_ok (proved : list N) (c : pcert) : bool :=
  let '(PCert p a fs) := c in
  (3 <=? p) && (fold_right N.mul 1 fs =? p - 1) &&
  forallb (fun f => if memb f proved then true else if f <? 2 ^ 24 then trial f else false) fs &&
  (powmod a (p - 1) p =? 1) &&
  forallb (fun f => N.gcd (powmod a ((p - 1) / f) p - 1) p =? 1) fs.

Fixpoint pcheck (proved : list N) (cs : list pcert) : option (list N) :=
  match cs with
  | [] => Some proved
  | c :: t => if pcert_ok proved c then pcheck (pc_p c :: proved) t else None
  end.

Lemma product_Z fs : Z.of_N (fold_right N.mul 1 fs) = fold_right Z.mul 1%Z (map Z.of_N fs).
Proof. induction fs as [|f fs IH]; simpl; [reflexivity|]. rewrite N2Z.inj_mul, IH. reflexivity. Qed.

Lemma N2Z_gcd x y : Z.of_N (N.gcd x y) = Z.gcd (Z.of_N x) (Z.of_N y).
Proof. destruct x, y; reflexivity. Qed.

Lemma pcert_ok_sound proved c : (forall x, In x proved -> prime (Z.of_N x)) ->
  pcert_ok proved c = true -> prime (Z.of_N (pc_p c)).
Proof.
  intros Hpr. destruct c as [p a fs]. simpl. rewrite !andb_true_iff.
  intros [[[[Hp Hprod] Hfs] Ha] Hg]. apply N.leb_le in Hp. apply N.eqb_eq in Hprod.
  apply N.eqb_eq in Ha. rewrite forallb_forall in Hfs, Hg.
  rewrite powmod_spec in Ha by lia.
  apply (pocklington (Z.of_N p) (Z.of_N a) (map Z.of_N fs)).
  - lia.
  - rewrite <- product_Z, Hprod. lia.
  - intros f Hf. apply in_map_iff in Hf as [f' [<- Hf']]. specialize (Hfs f' Hf').
    destruct (memb f' proved) eqn:Hm; [apply Hpr; apply memb_In; exact Hm|].
    destruct (f' <? _); [apply trial_sound; exact Hfs|discriminate].
  - replace (Z.of_N p - 1)%Z with (Z.of_N (p - 1)) by lia.
    rewrite <- N2Z.inj_pow, <- N2Z.inj_mod, Ha. reflexivity.
  - intros f Hf. apply in_map_iff in Hf as [f' [<- Hf']]. specialize (Hg f' Hf').
    apply N.eqb_eq in Hg. rewrite powmod_spec in Hg by lia.
    set (x := (a ^ ((p - 1) / f')) mod p) in Hg.
    assert (Hx : 1 <= x).
    { destruct (N.eq_dec x 0) as [E|E]; [|lia]. rewrite E in Hg. simpl in Hg.
      lia. }
    replace ((Z.of_N p - 1) / Z.of_N f')%Z with (Z.of_N ((p - 1) / f')) by (rewrite N2Z.inj_div, N2Z.inj_sub by lia; reflexivity).
    rewrite <- N2Z.inj_pow, <- N2Z.inj_mod. fold x.
    replace (Z.of_N x - 1)%Z with (Z.of_N (x - 1)) by lia. rewrite <- N2Z_gcd, Hg. reflexivity.
Qed.

Theorem pcheck_sound cs : forall proved out, (forall x, In x proved -> prime (Z.of_N x)) ->
  pcheck proved cs = Some out -> forall x, In x out -> prime (Z.of_N x).
Proof.
  induction cs as [|c cs IH]; intros proved out Hpr E; simpl in E.
  - injection E as <-. exact Hpr.
  - destruct (pcert_ok proved c) eqn:Hok; [|discriminate].
    apply (IH (pc_p c :: proved)); [|exact E].
    intros x [<-|Hx]; [exact (pcert_ok_sound proved c Hpr Hok)|exact (Hpr x Hx)].
Qed.
