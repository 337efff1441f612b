(* What the two theorems rest on. `make -C formal assumptions` prints this; CI
   compares it with assumptions.expected. *)
From Coq Require Import Reals ZArith Znumtheory.
From JG Require Import Main.
Open Scope R_scope.
Print Assumptions juniper_green.
Print Assumptions juniper_green_certified.
