(* Juniper Green: the game, from its rules and nothing else.

   Players take turns naming a number of 1..n that has not been named before.
   The first number must be even; every later number must divide, or be a
   multiple of, the number named just before it. A player who cannot name a
   number loses.

   A position is the list of the numbers named so far, the last one first.
   Numbers are [N] (binary natural numbers: 0, 1, 2, ...). *)
From Coq Require Import NArith List.
Import ListNotations.
Open Scope N_scope.

(* [x] may be named in the position [played] of the game on 1..n. *)
Definition legal (n : N) (played : list N) (x : N) : Prop :=
  1 <= x <= n /\ ~ In x played /\
  match played with
  | [] => N.Even x                                  (* the first number is even *)
  | y :: _ => (x | y) \/ (y | x)                    (* divides, or is a multiple of, the last *)
  end.

(* The player to move [wins] if some legal number leaves the opponent in a
   position that [loses]; the player to move [loses] if every legal number
   leaves the opponent in a position that [wins] (in particular when there is
   no legal number at all). *)
Inductive wins (n : N) : list N -> Prop :=
  | win_by : forall played x,
      legal n played x -> loses n (x :: played) -> wins n played
with loses (n : N) : list N -> Prop :=
  | lose : forall played,
      (forall x, legal n played x -> wins n (x :: played)) -> loses n played.

Definition first_player_wins (n : N) : Prop := wins n [].
Definition second_player_wins (n : N) : Prop := loses n [].
(* The first player wins on 1..n by naming v first. *)
Definition first_player_wins_with (n v : N) : Prop := legal n [] v /\ loses n [v].
