//! The frontier counter's tests: its counts against the walk, broken steps caught, the order,
//! the bound and the threads.

use super::order::{leaf_prime, related, Plan};
use super::state::Fault;
use super::{FrontierCounter, FrontierError};
use crate::engines::count::enumerate::{assert_caught, walked};
use crate::engines::count::parity::Parity;
use crate::test_support::on_threads;

fn counted(n: u32, fault: Option<Fault>) -> Vec<(u32, Parity)> {
    let mut counter = FrontierCounter::new(n, 1 << 30);
    if let Some(fault) = fault {
        counter.break_step(fault);
    }
    counter.count(&|_, _| {}).unwrap().0
}

#[test]
fn the_frontier_counts_are_the_walked_counts() {
    for n in 1..=22 {
        assert_eq!(counted(n, None), walked(n), "n = {n}");
    }
}

/// The agreement check catches a broken transition: each fault changes some count of
/// n ≤ 20, by opening or parity.
#[test]
fn each_broken_step_makes_the_counts_disagree_with_the_walk() {
    for fault in [
        Fault::MaximalityIgnored,
        Fault::AloneMayLeave,
        Fault::CyclesAllowed,
        Fault::OpeningGivenUpEarly,
    ] {
        assert_caught(fault, |n| counted(n, Some(fault)));
    }
}

#[test]
fn the_order_is_a_permutation_of_h_and_its_frontier_is_right() {
    for n in [1, 2, 3, 10, 30, 60] {
        let plan = Plan::new(n);
        let mut sorted = plan.order.clone();
        sorted.sort();
        let expected: Vec<u32> = (2..=n).filter(|&v| !leaf_prime(v, n)).collect();
        assert_eq!(sorted, expected, "n = {n}");
        assert_eq!(
            plan.leaf_primes as usize + expected.len(),
            n.saturating_sub(1) as usize
        );
        // The frontier after step t: the vertices placed with a neighbour still to come.
        for (t, step) in plan.steps.iter().enumerate() {
            let expected = plan.order[..=t]
                .iter()
                .filter(|&&v| plan.order[t + 1..].iter().any(|&w| related(v, w)))
                .count();
            assert_eq!(step.after, expected, "n = {n}, step {t}");
        }
        assert_eq!(plan.width, plan.profile().into_iter().max().unwrap_or(0));
    }
}

/// The order changes the time and memory, never the counts: the greedy order alone, and
/// (on small boards: its frontier is wide) the numbers in increasing order, give the
/// annealed order's counts.
#[test]
fn every_order_gives_the_same_counts() {
    for n in [9, 16, 24, 30] {
        let annealed = counted(n, None);
        let greedy = FrontierCounter::with_plan(Plan::greedy(n), 1 << 30);
        assert_eq!(greedy.count(&|_, _| {}).unwrap().0, annealed, "n = {n}");
        if n <= 16 {
            let plan = Plan::new(n);
            let mut increasing = plan.order.clone();
            increasing.sort();
            let plan = Plan::with_order(n, increasing, plan.leaf_primes);
            let counter = FrontierCounter::with_plan(plan, 1 << 30);
            assert_eq!(counter.count(&|_, _| {}).unwrap().0, annealed, "n = {n}");
        }
    }
}

/// The bound is what a count charges at most: a count given its own peak goes through, and one
/// given half of it stops with the clear error, in both modes.
#[test]
fn a_bound_too_small_is_a_clear_error() {
    for all in [false, true] {
        let peak_at = |budget| {
            let counter = FrontierCounter::new(30, budget);
            let stats = match all {
                true => counter.count_all(&|_, _| {}).map(|c| c.1),
                false => counter.count(&|_, _| {}).map(|c| c.1),
            };
            stats.map(|s| s.peak_bytes)
        };
        let peak = peak_at(1 << 30).unwrap();
        assert!(peak_at(peak).is_ok(), "all: {all}");
        match peak_at(peak / 2) {
            Err(FrontierError::Memory { n: 30, .. }) => {}
            other => panic!("all: {all}: {other:?}"),
        }
    }
}

#[test]
fn the_counts_are_the_same_on_one_thread_and_on_two() {
    let on = |threads| on_threads(threads, || counted(30, None));
    assert_eq!(on(1), on(2));
}

/// The refusal names the same step and states whatever the threads (it named the partial
/// count at the stop, 7 608 states on one thread and 8 349 on two at n = 40).
#[test]
fn the_refusal_is_the_same_on_one_thread_and_on_two() {
    let on = |threads| {
        on_threads(threads, || {
            FrontierCounter::new(40, 1 << 20).count(&|_, _| {})
        })
    };
    let one = on(1);
    assert!(
        matches!(one, Err(FrontierError::Memory { n: 40, .. })),
        "{one:?}"
    );
    for _ in 0..4 {
        assert_eq!(on(2), one);
    }
}

fn counted_all(n: u32) -> Parity {
    FrontierCounter::new(n, 1 << 30)
        .count_all(&|_, _| {})
        .unwrap()
        .0
}

fn sum(rows: &[(u32, Parity)]) -> Parity {
    rows.iter()
        .try_fold(Parity::ZERO, |s, (_, g)| s.checked_add(*g))
        .unwrap()
}

/// The one pass of all the games (no opening told apart) counts what the two passes' openings
/// add up to.
#[test]
fn one_pass_counts_the_sum_of_the_openings() {
    for n in (1..=26).chain([36]) {
        assert_eq!(counted_all(n), sum(&counted(n, None)), "n = {n}");
    }
}

/// Two different vertex orders at n = 40 (the greedy order alone, and the annealed one: states
/// and paths cut differently) give the same counts, every opening and parity, in both modes.
#[test]
fn two_orders_give_the_same_counts_at_n_40() {
    let annealed = FrontierCounter::new(40, 1 << 30);
    let greedy = FrontierCounter::with_plan(Plan::greedy(40), 1 << 30);
    assert_ne!(annealed.plan().order, greedy.plan().order);
    let rows = annealed.count(&|_, _| {}).unwrap().0;
    assert_eq!(greedy.count(&|_, _| {}).unwrap().0, rows);
    assert_eq!(greedy.count_all(&|_, _| {}).unwrap().0, sum(&rows));
    assert_eq!(annealed.count_all(&|_, _| {}).unwrap().0, sum(&rows));
}

#[test]
fn the_one_pass_count_is_the_same_on_one_thread_and_on_two() {
    let on = |threads| on_threads(threads, || counted_all(34));
    assert_eq!(on(1), on(2));
}

/// The one pass keeps the bound too: past it, the same clear error, whatever the threads.
#[test]
fn the_one_pass_refuses_past_its_bound_too() {
    let on = |threads| {
        on_threads(threads, || {
            FrontierCounter::new(40, 1 << 20).count_all(&|_, _| {})
        })
    };
    let one = on(1);
    assert!(
        matches!(
            one,
            Err(FrontierError::Memory {
                n: 40,
                pass: "forward",
                ..
            })
        ),
        "{one:?}"
    );
    assert_eq!(on(2), one);
}

/// Counts past 64 bits: started from 2^40 + 3 ways (even) and 2^39 (odd) into the empty start,
/// every count is that many times the true one, the later layers' counts need 128 bits and are
/// built again with them, and the games are the true ones times the start, exactly (one pass
/// and two, on one thread and on two).
#[test]
fn counts_past_64_bits_are_carried_exactly() {
    use super::counts::Narrow;
    let start = Narrow {
        even: (1 << 40) + 3,
        odd: 1 << 39,
    };
    let wide = Parity {
        even: start.even.into(),
        odd: start.odd.into(),
    };
    for n in [30, 36] {
        let truth = counted(n, None);
        let mut counter = FrontierCounter::new(n, 1 << 30);
        counter.start_from(start);
        let (all, stats) = on_threads(1, || counter.count_all(&|_, _| {})).unwrap();
        assert!(
            stats.wide_layers > 0 && stats.wide_layers < counter.plan().steps.len(),
            "n = {n}: {stats:?}"
        );
        assert_eq!(all, sum(&truth).checked_mul(wide).unwrap(), "n = {n}");
        assert_eq!(
            on_threads(2, || counter.count_all(&|_, _| {})).unwrap().0,
            all
        );
        let rows = counter.count(&|_, _| {}).unwrap().0;
        let scaled: Vec<(u32, Parity)> = truth
            .iter()
            .map(|&(c, g)| (c, g.checked_mul(wide).unwrap()))
            .collect();
        assert_eq!(rows, scaled, "n = {n}");
        // The 128-bit layers through the disk too.
        let parent = tempfile::tempdir().unwrap();
        counter.spill_to(parent.path().to_path_buf());
        assert_eq!(counter.count(&|_, _| {}).unwrap().0, scaled, "n = {n}");
    }
}

/// The layers in files (`jg count --spill`), kept between the two passes or read once for all
/// the games: the same counts, on one thread and on two, less memory charged, and the folder
/// gone after; a folder that cannot be made stops the count with an error that names it.
#[test]
fn layers_on_disk_give_the_same_counts_in_less_memory() {
    let n = 40;
    let counter = FrontierCounter::new(n, 1 << 30);
    let (rows, stats) = counter.count(&|_, _| {}).unwrap();
    let parent = tempfile::tempdir().unwrap();
    let mut spilled = FrontierCounter::new(n, 1 << 30);
    spilled.spill_to(parent.path().join("layers"));
    let (all, all_stats) = counter.count_all(&|_, _| {}).unwrap();
    for threads in [1, 2] {
        let (on_disk, disk_stats) = on_threads(threads, || spilled.count(&|_, _| {})).unwrap();
        assert_eq!(on_disk, rows);
        assert_eq!(disk_stats.total_states, stats.total_states);
        assert!(
            disk_stats.peak_bytes < stats.peak_bytes,
            "{disk_stats:?} {stats:?}"
        );
        let left = std::fs::read_dir(parent.path().join("layers"))
            .unwrap()
            .count();
        assert_eq!(left, 0, "the layers' folder removed");
        // All the games alone: each layer's file removed once read.
        let (on_disk, disk_stats) = on_threads(threads, || spilled.count_all(&|_, _| {})).unwrap();
        assert_eq!(on_disk, all);
        assert!(
            disk_stats.peak_bytes < all_stats.peak_bytes,
            "{disk_stats:?} {all_stats:?}"
        );
        let left = std::fs::read_dir(parent.path().join("layers"))
            .unwrap()
            .count();
        assert_eq!(left, 0, "the layers' folder removed");
    }
    let file = parent.path().join("a-file");
    std::fs::write(&file, b"").unwrap();
    spilled.spill_to(file.join("below"));
    match spilled.count(&|_, _| {}) {
        Err(FrontierError::Spill { dir, .. }) => assert!(dir.ends_with("below"), "{dir}"),
        other => panic!("{other:?}"),
    }
}

/// `jg count --order-seed`: another seed set gives another annealed order at n = 40 (and 50),
/// and the same counts.
#[test]
fn another_seed_set_gives_another_order_and_the_same_counts() {
    for n in [40, 50] {
        let first = FrontierCounter::with_plan(Plan::seeded(n, 0), 1 << 30);
        let second = FrontierCounter::with_plan(Plan::seeded(n, 1), 1 << 30);
        assert_eq!(first.plan().order, Plan::new(n).order);
        assert_ne!(first.plan().order, second.plan().order, "n = {n}");
        let (a, b) = (first.count_all(&|_, _| {}), second.count_all(&|_, _| {}));
        assert_eq!(a.unwrap().0, b.unwrap().0, "n = {n}");
    }
}

/// The order is searched from fixed seeds, each on a thread of its own when there are several:
/// the same order on one thread and on two, so the same states and figures.
#[test]
fn the_order_is_the_same_on_one_thread_and_on_two() {
    for n in [40, 60] {
        let on = |threads| on_threads(threads, || Plan::new(n).order);
        assert_eq!(on(1), on(2), "n = {n}");
    }
}

/// The annealing keeps the cheapest order it meets: never dearer than the greedy order it
/// starts from, and the cheapest over its seeds (more seeds, never a dearer order).
#[test]
fn the_annealed_order_is_the_cheapest_met() {
    for n in [30, 50] {
        let cost = |moves, seeds| Plan::searched(n, Plan::COST_BASE, moves, seeds).cost();
        let (greedy, one, all) = (cost(0, 1), cost(200, 1), cost(200, Plan::SEEDS));
        assert!(one <= greedy, "n = {n}: {one} > {greedy}");
        assert!(all <= one, "n = {n}: {all} > {one}");
        assert!(all < greedy, "n = {n}: the annealing found nothing");
    }
}
