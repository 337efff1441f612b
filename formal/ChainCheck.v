(* A checker of the chain certificates of spec.md §6, run by `vm_compute`: the chain, the
   reduced graph H of 1..M (the primes above M/2 but the largest left out when L >= 3), the
   forest cuts, and at each leaf of the tree of fixings the bound
   -T + sum_j best_j(r_j) < D (L + 1), with r = D c - (multipliers . rows) computed in a trie
   keyed by the variables. ChainSound.v proves it sound against ChainRules.v. *)
From Coq Require Import NArith ZArith List Bool Lia.
Import ListNotations.
From JG Require Import ChainTrie.
Open Scope N_scope.

(* A certificate as Coq data (written by `jg formal-data` from certificates/chains/). *)
Inductive var := VY (v : N) | VX (a b : N).
Inductive row :=
  | RT (m : Z) | RD (v : N) (m : Z) | RU (v : N) (m : Z) | RE (a b : N) (m : Z) | RC (i : N) (m : Z).
Inductive ctree := CB (x : var) (t0 t1 : ctree) | CL (rows : list row).
Record ccert := CC {
  cc_n : N; cc_len : N; cc_chain : list N; cc_graph : N; cc_den : Z;
  cc_cuts : list (N * list N); cc_tree : ctree }.

(* s, s + 1, ..., c numbers; a..b. *)
Fixpoint range (s : N) (c : nat) : list N :=
  match c with O => [] | S c' => s :: range (s + 1) c' end.
Definition upto (a b : N) : list N := range a (N.to_nat (b + 1 - a)).

Definition memb (x : N) (l : list N) : bool := existsb (N.eqb x) l.
Definition related (a b : N) : bool := (b mod a =? 0) || (a mod b =? 0).
Fixpoint linkedb (c : list N) : bool :=
  match c with a :: ((b :: _) as rest) => related a b && linkedb rest | _ => true end.

(* The keys of the variables: y_v and x_ab (a < b <= M < K). *)
Definition K : N := 2097152.
Definition ykey (v : N) : positive := xO (N.succ_pos v).
Definition ekey (e : N * N) : positive := xI (N.succ_pos (fst e * K + snd e)).
Definition norm (a b : N) : N * N := (N.min a b, N.max a b).
Definition nodupN (l : list N) : bool := nodup_from TL (map ykey l).

Definition chain_okb (n : N) (c : list N) : bool :=
  nodupN c && forallb (fun x => (1 <=? x) && (x <=? n)) c && linkedb c.

(* p has no neighbour in G_M but 1: a prime above M/2 (trial division to its square root). *)
Definition lonely (M p : N) : bool :=
  if (2 <=? p) && (M <? 2 * p) then forallb (fun d => negb (p mod d =? 0)) (upto 2 (N.sqrt p))
  else false.
Definition lonelies (M : N) : list N := filter (lonely M) (upto 1 M).
(* The reduction (L >= 3): all of them but the largest. *)
Definition removed (M L : N) : list N :=
  if L <? 3 then [] else
  let lo := lonelies M in filter (fun p => negb (p =? last lo 0)) lo.

Definition mults (a M : N) : list N := map (fun k => k * a) (upto 2 (M / a)).

Record env := Env {
  e_M : N; e_D : Z; e_kept : tr bool; e_Hv : list N; e_E : list (N * N); e_eset : tr bool;
  e_adj : tr (list (N * N)); e_cuts : tr (option (N * list N * list (N * N))) }.

Definition kept (kt : tr bool) (v : N) : bool := get false (ykey v) kt.
Definition adj (ev : env) (v : N) : list (N * N) := get [] (ykey v) (e_adj ev).
Definition isedge (ev : env) (a b : N) : bool := get false (ekey (norm a b)) (e_eset ev).

Fixpoint sortedb (l : list N) : bool :=
  match l with a :: ((b :: _) as rest) => (a <? b) && sortedb rest | _ => true end.

(* A cut (k, St): its set and the edges of H inside St, when it is well formed. *)
Definition cut_info (kt : tr bool) (adjt : tr (list (N * N))) (c : N * list N)
  : option (N * list N * list (N * N)) :=
  let '(k, St) := c in
  let sset := fold_left mark (map ykey St) TL in
  let ES := flat_map (fun a => filter (fun e => (fst e =? a) && get false (ykey (snd e)) sset)
                                      (get [] (ykey a) adjt)) St in
  if (2 <=? N.of_nat (length St)) && sortedb St && forallb (kept kt) St && memb k St && nodupN St &&
     nodup_from TL (map ekey ES)
  then Some (k, St, ES) else None.

Fixpoint cut_table (kt : tr bool) (adjt : tr (list (N * N))) (i : N) (cs : list (N * list N))
  (t : tr (option (N * list N * list (N * N)))) :=
  match cs with
  | [] => t
  | c :: cs' => cut_table kt adjt (i + 1) cs' (upd None (N.succ_pos i) (fun _ => cut_info kt adjt c) t)
  end.

Definition make_env (M L : N) (D : Z) (cuts : list (N * list N)) : env :=
  let R := removed M L in
  let Hv := filter (fun v => negb (memb v R)) (upto 1 M) in
  let kt := fold_left mark (map ykey Hv) TL in
  let E := flat_map (fun a => map (fun b => (a, b)) (filter (kept kt) (mults a M))) Hv in
  let adjt := fold_right (fun e t => upd [] (ykey (fst e)) (cons e) (upd [] (ykey (snd e)) (cons e) t))
                         TL E in
  Env M D kt Hv E (fold_left mark (map ekey E) TL) adjt (cut_table kt adjt 0 cuts TL).

Definition cut_of (ev : env) (i : N) := get None (N.succ_pos i) (e_cuts ev).

Definition row_ok (ev : env) (r : row) : bool :=
  match r with
  | RT _ => true
  | RD v m | RU v m => kept (e_kept ev) v && (0 <=? m)%Z
  | RE a b m => kept (e_kept ev) a && kept (e_kept ev) b && isedge ev a b && (0 <=? m)%Z
  | RC i m => match cut_of ev i with Some _ => (0 <=? m)%Z | None => false end
  end.

(* The row's coefficients times minus its multiplier (the `t` rows are summed apart). *)
Definition row_terms (ev : env) (r : row) : list (positive * Z) :=
  match r with
  | RT _ => []
  | RD v m => (ykey v, 2 * m)%Z :: map (fun e => (ekey e, - m)%Z) (adj ev v)
  | RU v m => (ykey v, - m)%Z :: map (fun e => (ekey e, m)) (adj ev v)
  | RE a b m => [(ekey (norm a b), - m)%Z; (ykey a, m)]
  | RC i m => match cut_of ev i with
              | Some (k, St, ES) => map (fun e => (ekey e, - m)%Z) ES ++
                                   map (fun v => (ykey v, m)) (filter (fun v => negb (v =? k)) St)
              | None => []
              end
  end.

Fixpoint t_sum (rows : list row) : Z :=
  match rows with [] => 0%Z | RT m :: rs => (m + t_sum rs)%Z | _ :: rs => t_sum rs end.

(* r before the rows: D + T on each y of H, - T on each x. *)
Definition base (ev : env) (y x : Z) : tr Z :=
  add_terms TL (map (fun v => (ykey v, y)) (e_Hv ev) ++ map (fun e => (ekey e, x)) (e_E ev)).

Fixpoint lookup (k : positive) (fx : list (positive * bool)) : option bool :=
  match fx with [] => None | (k', b) :: f => if Pos.eqb k k' then Some b else lookup k f end.

Definition best (fx : list (positive * bool)) (k : positive) (r : Z) : Z :=
  match lookup k fx with Some true => r | Some false => 0%Z | None => Z.max r 0 end.

(* The rows `d v`, `u v` and `c i` are named at most once in a leaf (as spec.md §6.3 asks). *)
Definition row_name (r : row) : positive :=
  match r with
  | RD v _ => xO (xO (N.succ_pos v)) | RU v _ => xO (xI (N.succ_pos v))
  | RC i _ => xI (N.succ_pos i) | _ => xH
  end.
Definition named_once (rows : list row) : bool :=
  nodup_from TL (map row_name (filter (fun r => match r with RD _ _ | RU _ _ | RC _ _ => true
                                                       | _ => false end) rows)).

Definition leaf_ok (ev : env) (L : N) (fx : list (positive * bool)) (rows : list row) : bool :=
  forallb (row_ok ev) rows && named_once rows &&
  let T := t_sum rows in
  let r := add_terms (base ev (e_D ev + T) (- T)) (flat_map (row_terms ev) rows) in
  (- T + tsum (best fx) r <? e_D ev * (Z.of_N L + 1))%Z.

Definition var_ok (ev : env) (x : var) : bool :=
  match x with
  | VY v => kept (e_kept ev) v
  | VX a b => kept (e_kept ev) a && kept (e_kept ev) b && isedge ev a b
  end.
Definition vkey (x : var) : positive :=
  match x with VY v => ykey v | VX a b => ekey (norm a b) end.

Fixpoint tree_ok (ev : env) (L : N) (fx : list (positive * bool)) (t : ctree) : bool :=
  match t with
  | CB x t0 t1 =>
      (* a variable is fixed once on a path, as spec.md §6.3 asks *)
      (var_ok ev x && match lookup (vkey x) fx with None => true | Some _ => false end) &&
      tree_ok ev L ((vkey x, false) :: fx) t0 && tree_ok ev L ((vkey x, true) :: fx) t1
  | CL rows => leaf_ok ev L fx rows
  end.

Definition check (c : ccert) : bool :=
  let '(CC n L ch M D cuts t) := c in
  (1 <=? n) && (1 <=? L) && (n <=? M) && (M <=? 1048576) && (n <=? 2 * L + 8) && (M <=? 2 * L + 8) &&
  (N.of_nat (length ch) =? L) && chain_okb n ch && (1 <=? D)%Z && (D <=? 2 ^ 62)%Z &&
  let ev := make_env M L D cuts in
  nodupN (e_Hv ev) && nodup_from TL (map ekey (e_E ev)) &&
  forallb (fun e => fst e <? snd e) (e_E ev) &&
  forallb (fun i => match cut_of ev (N.of_nat i) with Some _ => true | None => false end)
          (seq 0 (length cuts)) &&
  tree_ok ev L [] t.
