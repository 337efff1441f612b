(* Each theorem's statement and what it rests on. `make -C formal assumptions` prints
   this; CI compares it with assumptions.expected. *)
From Coq Require Import NArith ZArith Znumtheory.
From JG Require Import Main Openings.
Check juniper_green.
Print Assumptions juniper_green.
Check juniper_green_certified.
Print Assumptions juniper_green_certified.
Check juniper_green_openings.
Print Assumptions juniper_green_openings.
Check oeis_winning_openings.
Print Assumptions oeis_winning_openings.
Check oeis_smallest_winning_opening.
Print Assumptions oeis_smallest_winning_opening.
