(* Every n >= N0 = 393216 = 3 * 2^17: the primes of the general scheme exist by
   Chebyshev's argument (Chebyshev.v: three primes in (n/4, n/3] and one in (n/2, n]),
   and the scheme wins (Scheme.v). No hypothesis. *)
From Coq Require Import NArith Lia.
From JG Require Import Rules Chebyshev Scheme.
Open Scope N_scope.

(* Where the general argument starts; the certificates reach past it, to 10^12. *)
Definition N0 : N := 393216.

Theorem tail_first_player_wins (n : N) : N0 <= n -> first_player_wins n.
Proof.
  unfold N0. intros Hn.
  destruct (tail_primes n ltac:(lia))
    as [p [q [r [s [Hp [Hq [Hr [Hs [H1 [H2 [H3 [H4 [H5 H6]]]]]]]]]]]]].
  apply (scheme_wins n p q r s); unfold primeN; try assumption; lia.
Qed.
