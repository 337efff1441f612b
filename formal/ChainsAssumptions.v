(* The chains theorem's statement and what it rests on. `make -C formal chains` compares this
   with chains-assumptions.expected. *)
From Coq Require Import NArith List.
From JG Require Import Chains.
Check a337125.
Print Assumptions a337125.
