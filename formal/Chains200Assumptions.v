(* The statement for n <= 200 and what it rests on. `make -C formal chains-200` compares this
   with chains-200-assumptions.expected. *)
From Coq Require Import NArith List.
From JG Require Import Chains200.
Check a337125_200.
Print Assumptions a337125_200.
